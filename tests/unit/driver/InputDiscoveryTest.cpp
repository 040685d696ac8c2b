// Input discovery and source paths: the default cache folders, --kernel
// globs over file contents, --prefix-map / --source-root resolution, and the
// colour painter of text findings.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <optional>
#include <unistd.h>

#include "driver/CheckInputs.h"
#include "driver/SourcePaths.h"
#include "render/Color.h"

namespace fs = std::filesystem;
using namespace tscope;

namespace {

/// A fresh temporary folder, removed at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("tscope-inputs-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};

void touchFile(const fs::path &p) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << "x\n";
}

/// Sets (or unsets, for nullptr) an environment variable for one scope.
struct EnvVar {
  std::string name;
  std::optional<std::string> old;
  EnvVar(const char *n, const char *v) : name(n) {
    if (const char *o = std::getenv(n))
      old = o;
    if (v)
      setenv(n, v, 1);
    else
      unsetenv(n);
  }
  ~EnvVar() {
    if (old)
      setenv(name.c_str(), old->c_str(), 1);
    else
      unsetenv(name.c_str());
  }
};

} // namespace

TEST(KernelNames, PublicFunctionsAreKernelsPrivateOnesAreNot) {
  auto names = driver::kernelNamesInText("module {\n"
                                         "  tt.func public @matmul_kernel(%a: i32) {\n"
                                         "  tt.func private @helper(%a: i32) {\n"
                                         "  tt.func public @\"pkg.fn__sig\"() {\n"
                                         "  llvm.func @ptx_kernel() {\n");
  ASSERT_EQ(names.size(), 3u);
  EXPECT_EQ(names[0], "matmul_kernel");
  EXPECT_EQ(names[1], "pkg.fn__sig");
  EXPECT_EQ(names[2], "ptx_kernel");
}

TEST(KernelNames, GlobsAreShellGlobs) {
  EXPECT_TRUE(driver::kernelNameMatches("", "anything"));
  EXPECT_TRUE(driver::kernelNameMatches("matmul_*", "matmul_kernel"));
  EXPECT_FALSE(driver::kernelNameMatches("matmul_*", "attn_fwd"));
  EXPECT_TRUE(driver::kernelNameMatches("k?rnel", "kernel"));
  EXPECT_TRUE(driver::kernelNameMatches("[ab]_fwd", "b_fwd"));
  EXPECT_FALSE(driver::kernelNameMatches("[ab]_fwd", "c_fwd"));
}

TEST(DefaultInputs, HomeCacheWhenTritonCacheDirIsUnset) {
  TempDir t;
  fs::create_directories(t.path / ".triton" / "cache");
  EnvVar home("HOME", t.path.c_str()), cache("TRITON_CACHE_DIR", nullptr), dump("TRITON_DUMP_DIR", nullptr);
  driver::DefaultInputs d = driver::defaultInputDirs();
  ASSERT_EQ(d.dirs.size(), 1u);
  EXPECT_EQ(d.dirs[0], (t.path / ".triton" / "cache").string());
}

TEST(DefaultInputs, TritonCacheDirWinsAndDumpDirIsAdded) {
  TempDir t;
  fs::create_directories(t.path / "c");
  fs::create_directories(t.path / "d");
  fs::create_directories(t.path / ".triton" / "cache");
  EnvVar home("HOME", t.path.c_str()), cache("TRITON_CACHE_DIR", (t.path / "c").c_str()),
      dump("TRITON_DUMP_DIR", (t.path / "d").c_str());
  driver::DefaultInputs d = driver::defaultInputDirs();
  ASSERT_EQ(d.dirs.size(), 2u);
  EXPECT_EQ(d.dirs[0], (t.path / "d").string());
  EXPECT_EQ(d.dirs[1], (t.path / "c").string());
}

TEST(DefaultInputs, NothingThereSaysWhereItLooked) {
  TempDir t;
  EnvVar home("HOME", t.path.c_str()), cache("TRITON_CACHE_DIR", nullptr), dump("TRITON_DUMP_DIR", nullptr);
  driver::DefaultInputs d = driver::defaultInputDirs();
  EXPECT_TRUE(d.dirs.empty());
  EXPECT_NE(d.looked.find((t.path / ".triton" / "cache").string()), std::string::npos);
}

TEST(SourcePaths, PrefixMapReplacesTheFirstMatchingPrefix) {
  driver::SourcePathMap m;
  m.prefixes = {{"/ci/build", "/home/me/src"}, {"/ci", "/elsewhere"}};
  EXPECT_EQ(driver::resolveSourcePath("/ci/build/k/attn.py", m), "/home/me/src/k/attn.py");
  EXPECT_EQ(driver::resolveSourcePath("/ci/other/x.py", m), "/elsewhere/other/x.py");
  EXPECT_EQ(driver::resolveSourcePath("/opt/x.py", m), "/opt/x.py");
}

TEST(SourcePaths, SourceRootFindsTheLongestTailThatExists) {
  TempDir t;
  touchFile(t.path / "kernels" / "attn.py");
  touchFile(t.path / "attn.py"); // a shorter tail that must not win
  driver::SourcePathMap m;
  m.sourceRoot = t.path.string();
  EXPECT_EQ(driver::resolveSourcePath("/ci/build/repo/kernels/attn.py", m), (t.path / "kernels" / "attn.py").string());
  // A file that exists as named is left alone.
  EXPECT_EQ(driver::resolveSourcePath((t.path / "attn.py").string(), m), (t.path / "attn.py").string());
  // Nothing under the root: the path as given.
  EXPECT_EQ(driver::resolveSourcePath("/ci/build/none.py", m), "/ci/build/none.py");
}

TEST(SourcePaths, PrefixMapParsing) {
  EXPECT_FALSE(driver::parsePrefixMap("nothing"));
  EXPECT_FALSE(driver::parsePrefixMap("=/new"));
  auto p = driver::parsePrefixMap("/old=/new=x");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->first, "/old");
  EXPECT_EQ(p->second, "/new=x");
}

TEST(Color, SeveritiesLocationAndCaretArePainted) {
  std::string in = "k.ttgir:3:5: error: a hang [deadlock]\n"
                   "    ttng.wait_barrier %b\n"
                   "    ^\n"
                   "k.py:9: note: Python source: x = 1\n"
                   "  note: a note\n"
                   "plain line: with colon\n";
  std::string out = render::paintDiagnostics(in);
  EXPECT_NE(out.find("\033[1mk.ttgir:3:5:\033[0m \033[1;31merror:\033[0m a hang [deadlock]\n"), std::string::npos);
  EXPECT_NE(out.find("    \033[1;32m^\033[0m\n"), std::string::npos);
  EXPECT_NE(out.find("\033[1;36mnote:\033[0m Python source: x = 1"), std::string::npos);
  EXPECT_NE(out.find("  \033[1;36mnote:\033[0m a note"), std::string::npos);
  EXPECT_NE(out.find("\nplain line: with colon\n"), std::string::npos);
  EXPECT_NE(out.find("    ttng.wait_barrier %b\n"), std::string::npos);
}

TEST(Color, ChoiceOverridesTheTerminalTest) {
  render::setColor(render::ColorChoice::Always);
  EXPECT_TRUE(render::colorEnabled());
  render::setColor(render::ColorChoice::Never);
  EXPECT_FALSE(render::colorEnabled());
  render::ColorChoice c;
  EXPECT_FALSE(render::parseColorChoice("sometimes", c));
  EXPECT_TRUE(render::parseColorChoice("always", c));
  EXPECT_EQ(c, render::ColorChoice::Always);
}
