// TritonParseTrace: the committed trace (real tritonparse output, gzip) laid
// out as a cache with its launch record; events in tritonparse's shapes (compilation with
// file_content, launch with grid and extracted_args) handled one line at a
// time; names that would leave the folder, cut lines and non-events skipped.
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

#include "dumps/DumpIndex.h"
#include "dumps/TritonParseTrace.h"

namespace fs = std::filesystem;
using namespace tscope::dumps;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "tscope-tp-XXXXXX").string();
    path = ::mkdtemp(tmpl.data());
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

std::string slurp(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void write(const fs::path &p, const std::string &text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

const std::string kFixture = std::string(TSCOPE_FIXTURES) + "/tritonparse_trace";

} // namespace

TEST(TritonParseTrace, RealTraceBecomesTheCacheOfItsCompiles) {
  ASSERT_TRUE(isTritonParseTrace(kFixture + "/trace.ndjson.gz"));
  TempDir t;
  std::string err;
  auto s = extractTrace(kFixture + "/trace.ndjson.gz", (t.path / "out").string(), err);
  ASSERT_TRUE(s) << err;
  EXPECT_EQ(s->compiles, 5u);
  EXPECT_EQ(s->launches, 1u);
  EXPECT_TRUE(s->warnings.empty());
  // Every TTGIR Triton's dump wrote for these compiles is in the trace's folder, byte for byte.
  size_t matched = 0;
  for (const auto &d : fs::directory_iterator(kFixture + "/dump"))
    for (const auto &f : fs::directory_iterator(d.path())) {
      bool found = false;
      for (const auto &o : fs::recursive_directory_iterator(t.path / "out"))
        if (o.path().filename() == f.path().filename() && slurp(o.path()) == slurp(f.path()))
          found = true;
      EXPECT_TRUE(found) << f.path();
      matched += found;
    }
  EXPECT_EQ(matched, 5u);
  // The folder indexes as a Triton cache: five complete kernels with their metadata.
  auto idx = indexDirectory((t.path / "out").string(), err);
  ASSERT_TRUE(idx) << err;
  ASSERT_EQ(idx->sections.size(), 1u);
  EXPECT_TRUE(idx->sections[0].isCache);
  ASSERT_EQ(idx->sections[0].entries.size(), 5u);
  for (const KernelEntry &e : idx->sections[0].entries) {
    EXPECT_TRUE(e.has(Stage::Ttgir) && e.has(Stage::Ptx) && e.has(Stage::Json)) << e.dir;
    EXPECT_EQ(e.numWarps, e.kernel == "tma_window_kernel" ? 4 : 8) << e.dir;
  }
  // The launch event is a launch record beside the IR of the compile it launched.
  auto rec = nlohmann::json::parse(
      slurp(t.path / "out/3C6JBZFUTH5CO4CHO354RNE67UX7GEL4GSG52FXHT34ASFWIPWSQ/launches.jsonl"));
  EXPECT_EQ(rec["kernel"], "tma_window_kernel");
  EXPECT_EQ(rec["grid"], nlohmann::json({8, 4, 1}));
  EXPECT_EQ(rec["args"]["SHIFT_R"], -16);
  EXPECT_EQ(rec["descriptors"]["x_desc"]["shape"], nlohmann::json({256, 256}));
}

TEST(TritonParseTrace, LaunchEventsBecomeLaunchRecordsBesideTheirCompile) {
  TempDir t;
  fs::path trace = t.path / "t.ndjson";
  nlohmann::json compile = {
      {"event_type", "compilation"},
      {"pid", 1},
      {"stack", nlohmann::json::array({{{"line", 1}, {"name", "f"}, {"filename", "x.py"}, {"loc", "f()"}}})},
      {"payload",
       {{"metadata", {{"hash", "abc123"}, {"name", "k"}, {"num_warps", 4}, {"target", {{"arch", 90}}}}},
        {"file_path", {{"k.ttgir", "/cache/FOLDERX/k.ttgir"}}},
        {"file_content", {{"k.ttgir", "module {}\n"}, {"../evil.ttgir", "x"}, {"k.exe", "x"}}}}}};
  nlohmann::json launch = {
      {"event_type", "launch"},
      {"name", "k"},
      {"grid", {8, 4, 1}},
      {"compilation_metadata", {{"hash", "abc123"}, {"num_warps", 4}, {"num_ctas", 1}}},
      {"extracted_args",
       {{"K", {{"type", "int"}, {"value", 512}}},
        {"x", {{"type", "tensor"}, {"shape", {256, 256}}, {"dtype", "torch.float32"}}},
        {"x_desc",
         {{"type", "TensorDescriptor"},
          {"shape", {256, 256}},
          {"strides", {256, 1}},
          {"block_shape", {32, 64}},
          {"base", {{"dtype", "torch.float32"}}}}}}}};
  write(trace, compile.dump() + "\n\n" + "{\"event_type\": \"compilation\", \"payl\n" + launch.dump() + "\n" +
                   R"({"event_type": "autotune", "pid": 1})" + "\n");
  std::string err;
  auto s = extractTrace(trace.string(), (t.path / "out").string(), err);
  ASSERT_TRUE(s) << err;
  EXPECT_EQ(s->compiles, 1u);
  EXPECT_EQ(s->launches, 1u);
  EXPECT_EQ(s->otherEvents, 1u);
  ASSERT_EQ(s->warnings.size(), 1u); // the cut line
  EXPECT_NE(s->warnings[0].find(":3: not a JSON event"), std::string::npos) << s->warnings[0];
  // The folder is the one Triton wrote the files to; unknown and escaping names are dropped.
  EXPECT_EQ(slurp(t.path / "out/FOLDERX/k.ttgir"), "module {}\n");
  EXPECT_FALSE(fs::exists(t.path / "out/evil.ttgir"));
  EXPECT_FALSE(fs::exists(t.path / "out/FOLDERX/k.exe"));
  EXPECT_TRUE(fs::exists(t.path / "out/FOLDERX/k.json")); // the metadata, as the cache keeps it
  auto rec = nlohmann::json::parse(slurp(t.path / "out/FOLDERX/launches.jsonl"));
  EXPECT_EQ(rec["format"], "tscope.launch/1");
  EXPECT_EQ(rec["kernel"], "k");
  EXPECT_EQ(rec["grid"], nlohmann::json({8, 4, 1}));
  EXPECT_EQ(rec["args"]["K"], 512);
  EXPECT_EQ(rec["descriptors"]["x_desc"]["block_shape"], nlohmann::json({32, 64}));
  EXPECT_EQ(rec["tensors"]["x"]["dtype"], "torch.float32");
}

TEST(TritonParseTrace, OtherFilesAreNotTraces) {
  TempDir t;
  write(t.path / "log.txt", "// -----// IR Dump Before Canonicalizer\n");
  write(t.path / "j.json", "{\"kernel\": 1}\n");
  EXPECT_FALSE(isTritonParseTrace((t.path / "log.txt").string()));
  EXPECT_FALSE(isTritonParseTrace((t.path / "j.json").string()));
  EXPECT_FALSE(isTritonParseTrace(t.path.string()));
  EXPECT_FALSE(isTritonParseTrace(std::string(TSCOPE_FIXTURES) + "/gluon_ws_deadlock/kernel.ttgir"));
}
