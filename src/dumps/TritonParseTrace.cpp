// TritonParseTrace: one event at a time through a SAX handler that keeps the
// small parts of an event (metadata, launch fields) as a DOM and moves the
// IR strings (`payload.file_content`) out as they are read.
#include "dumps/TritonParseTrace.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "dumps/CompressedLog.h"
#include "dumps/DumpIndex.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace tscope::dumps {
namespace {

constexpr const char *kSummaryFile = ".tscope-trace.json";
constexpr const char *kCompilesFile = ".tscope-compiles.jsonl"; ///< one line per compile, in trace order
constexpr int kSummaryVersion = 3;

/// Lines of a trace: plain and gzip through zlib's gzread (which passes plain
/// files through), zstd decompressed into memory first (libzstd has no line
/// reader; such traces are small in practice).
class LineReader {
public:
  bool open(const std::string &path, std::string &error) {
    char head[4] = {};
    {
      std::ifstream in(path, std::ios::binary);
      if (!in) {
        error = std::strerror(errno);
        return false;
      }
      in.read(head, sizeof head);
    }
    if (compressionOf(std::string_view(head, sizeof head)) == Compression::Zstd ||
        compressionOf(std::string_view(head, sizeof head)) == Compression::Xz) {
      whole_ = openLog(path, error, support::SourceBuffer::Paging::Populate);
      if (!whole_)
        return false;
      rest_ = whole_->text();
      return true;
    }
    gz_ = gzopen(path.c_str(), "rb");
    if (!gz_) {
      error = std::strerror(errno);
      return false;
    }
    gzbuffer(gz_, 1 << 20);
    return true;
  }
  ~LineReader() {
    if (gz_)
      gzclose(gz_);
  }
  /// The next line without its newline; false at the end (or on a read error, in `error`).
  bool next(std::string &line, std::string &error) {
    line.clear();
    if (whole_) {
      if (rest_.empty())
        return false;
      size_t nl = rest_.find('\n');
      line.assign(rest_.substr(0, nl));
      rest_ = nl == std::string_view::npos ? std::string_view() : rest_.substr(nl + 1);
      return true;
    }
    for (;;) {
      if (pos_ == buf_.size()) {
        buf_.resize(1 << 20);
        int n = gzread(gz_, buf_.data(), static_cast<unsigned>(buf_.size()));
        if (n < 0) {
          int code = 0;
          error = gzerror(gz_, &code);
          buf_.clear();
          pos_ = 0;
          return !line.empty();
        }
        buf_.resize(static_cast<size_t>(n));
        pos_ = 0;
        if (n == 0)
          return !line.empty();
      }
      const char *start = buf_.data() + pos_;
      const void *nl = std::memchr(start, '\n', buf_.size() - pos_);
      if (nl) {
        size_t len = static_cast<size_t>(static_cast<const char *>(nl) - start);
        line.append(start, len);
        pos_ += len + 1;
        return true;
      }
      line.append(start, buf_.size() - pos_);
      pos_ = buf_.size();
    }
  }

private:
  gzFile gz_ = nullptr;
  std::string buf_;
  size_t pos_ = 0;
  std::unique_ptr<support::SourceBuffer> whole_;
  std::string_view rest_;
};

/// SAX handler for one event: a DOM of everything but the subtrees named in
/// `skipped` and the strings of `payload.file_content`, which go to `files`.
class EventSax final : public json::json_sax_t {
public:
  json root;
  std::vector<std::pair<std::string, std::string>> files; ///< file name -> content

  bool null() override { return place(json(nullptr)); }
  bool boolean(bool v) override { return place(json(v)); }
  bool number_integer(json::number_integer_t v) override { return place(json(v)); }
  bool number_unsigned(json::number_unsigned_t v) override { return place(json(v)); }
  bool number_float(json::number_float_t v, const json::string_t &) override { return place(json(v)); }
  bool binary(json::binary_t &) override { return place(json(nullptr)); }
  bool string(json::string_t &v) override {
    if (!stack_.empty() && stack_.back().role == Role::Files) {
      files.emplace_back(key_, std::move(v)); // the lexer clears its buffer before the next token
      return true;
    }
    return place(json(std::move(v)));
  }
  bool key(json::string_t &k) override {
    key_ = k;
    return true;
  }
  bool start_object(std::size_t) override { return open(json::object()); }
  bool start_array(std::size_t) override { return open(json::array()); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t pos, const std::string &, const nlohmann::detail::exception &ex) override {
    error = "byte " + std::to_string(pos) + ": " + ex.what();
    return false;
  }
  std::string error;

private:
  enum class Role { Normal, Files, Skip };
  struct Level {
    json *node; ///< null when skipped
    Role role;
  };
  std::vector<Level> stack_;
  std::string key_;

  /// Where a value read now goes; null when it is dropped.
  json *slot() {
    if (stack_.empty())
      return &root;
    Level &top = stack_.back();
    if (top.role != Role::Normal)
      return nullptr;
    if (top.node->is_array()) {
      top.node->push_back(json());
      return &top.node->back();
    }
    return &(*top.node)[key_];
  }
  bool place(json v) {
    if (json *s = slot())
      *s = std::move(v);
    return true;
  }
  bool open(json empty) {
    Role parent = stack_.empty() ? Role::Normal : stack_.back().role;
    bool inObject = !stack_.empty() && stack_.back().node && stack_.back().node->is_object();
    Role role = Role::Normal;
    if (parent != Role::Normal)
      role = Role::Skip;
    else if (inObject && key_ == "file_content" && stack_.size() == 2)
      role = Role::Files;
    else if (inObject && (key_ == "stack" || key_ == "python_source" || key_ == "source_mappings" ||
                          key_ == "extracted_inductor_args"))
      role = Role::Skip;
    if (role != Role::Normal) {
      stack_.push_back({nullptr, role});
      return true;
    }
    json *s = slot();
    *s = std::move(empty);
    stack_.push_back({s, Role::Normal});
    return true;
  }
  bool close() {
    stack_.pop_back();
    return true;
  }
};

/// A name safe as one path component: letters, digits, `_`, `-`, `.`, not
/// starting with a dot, at most 200 bytes.
bool safeComponent(std::string_view s) {
  if (s.empty() || s.size() > 200 || s.front() == '.')
    return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
      return false;
  return true;
}

/// The file extensions a cache folder holds that tscope reads.
bool knownStage(std::string_view name) {
  size_t dot = name.rfind('.');
  if (dot == std::string_view::npos)
    return false;
  std::string_view ext = name.substr(dot + 1);
  for (const char *e : {"ttir", "ttgir", "llir", "ptx", "json", "source", "sass", "amdgcn"})
    if (ext == e)
      return true;
  return false;
}

std::string stringAt(const json &j, const char *key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// The cache folder name a compile was written to by Triton (the parent folder
/// of its files), else its metadata hash.
std::string folderOf(const json &payload, const json &meta, size_t ordinal) {
  auto fp = payload.find("file_path");
  if (fp != payload.end() && fp->is_object())
    for (auto &[name, where] : fp->items()) {
      (void)name;
      if (!where.is_string())
        continue;
      std::string parent = fs::path(where.get<std::string>()).parent_path().filename().string();
      if (safeComponent(parent))
        return parent;
    }
  std::string hash = stringAt(meta, "hash");
  if (safeComponent(hash))
    return hash;
  return "compile-" + std::to_string(ordinal);
}

bool writeFile(const fs::path &p, std::string_view bytes) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

/// A launch event as a tscope.launch/1 record (docs/LaunchRecord.md).
json launchRecord(const json &ev) {
  json r = json::object();
  r["format"] = "tscope.launch/1";
  r["kernel"] = stringAt(ev, "name");
  json grid = json::array();
  if (auto g = ev.find("grid"); g != ev.end() && g->is_array())
    for (const json &d : *g)
      if (d.is_number_integer())
        grid.push_back(d);
  while (grid.size() < 3)
    grid.push_back(1);
  r["grid"] = grid;
  if (auto cm = ev.find("compilation_metadata"); cm != ev.end() && cm->is_object()) {
    r["hash"] = stringAt(*cm, "hash");
    for (const char *k : {"num_warps", "num_ctas"})
      if (auto v = cm->find(k); v != cm->end() && v->is_number_integer())
        r[k] = *v;
    if (auto t = cm->find("target"); t != cm->end() && t->is_object())
      if (auto a = t->find("arch"); a != t->end() && a->is_number_integer())
        r["target"] = "cuda:" + std::to_string(a->get<int64_t>());
  }
  json args = json::object(), descs = json::object(), tensors = json::object(), other = json::object();
  if (auto ea = ev.find("extracted_args"); ea != ev.end() && ea->is_object())
    for (auto &[name, info] : ea->items()) {
      std::string type = info.is_object() ? stringAt(info, "type") : std::string();
      if ((type == "int" || type == "float" || type == "bool") && info.contains("value"))
        args[name] = info["value"];
      else if (type == "TensorDescriptor") {
        json d = {{"type", "TensorDescriptor"}};
        for (const char *k : {"shape", "strides", "block_shape"})
          if (info.contains(k))
            d[k] = info[k];
        if (auto b = info.find("base"); b != info.end() && b->is_object())
          d["dtype"] = stringAt(*b, "dtype");
        descs[name] = d;
      } else if (type == "tensor") {
        tensors[name] = {{"shape", info.value("shape", json::array())}, {"dtype", stringAt(info, "dtype")}};
      } else
        other[name] = type;
    }
  r["args"] = args;
  r["descriptors"] = descs;
  r["tensors"] = tensors;
  r["other"] = other;
  return r;
}

uint64_t fnv1a(std::string_view s, uint64_t h = 1469598103934665603ULL) {
  for (unsigned char c : s)
    h = (h ^ c) * 1099511628211ULL;
  return h;
}

json summaryJson(const TraceSummary &s) {
  return {{"version", kSummaryVersion}, {"events", s.events},        {"compiles", s.compiles},
          {"launches", s.launches},     {"other", s.otherEvents},    {"warnings", s.warnings}};
}

/// One line of kCompilesFile.
json compileLine(const TraceCompile &c) {
  json times = json::array();
  for (const auto &[stage, us] : c.timesUs)
    times.push_back({stage, us});
  return {{"folder", c.folder}, {"kernel", c.kernel}, {"stages", c.stages}, {"times_us", times}};
}

std::optional<TraceCompile> compileFromLine(const std::string &line) {
  json c = json::parse(line, nullptr, false);
  if (!c.is_object())
    return std::nullopt;
  TraceCompile tc;
  tc.folder = stringAt(c, "folder");
  tc.kernel = stringAt(c, "kernel");
  if (auto st = c.find("stages"); st != c.end() && st->is_array())
    for (const json &n : *st)
      if (n.is_string())
        tc.stages.push_back(n.get<std::string>());
  if (auto t = c.find("times_us"); t != c.end() && t->is_array())
    for (const json &p : *t)
      if (p.is_array() && p.size() == 2 && p[0].is_string() && p[1].is_number_integer())
        tc.timesUs.emplace_back(p[0].get<std::string>(), p[1].get<int64_t>());
  return tc;
}

int64_t totalUs(const TraceCompile &c) {
  int64_t total = 0;
  for (const auto &[stage, us] : c.timesUs)
    total += us;
  return total;
}

} // namespace

bool isTritonParseTrace(const std::string &path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec))
    return false;
  // The first bytes, decompressed: a trace's first event starts {"event_type": ...
  gzFile gz = gzopen(path.c_str(), "rb");
  if (!gz)
    return false;
  char head[512];
  int n = gzread(gz, head, sizeof head);
  gzclose(gz);
  if (n <= 0)
    return false;
  std::string_view text(head, static_cast<size_t>(n));
  std::unique_ptr<support::SourceBuffer> whole;
  Compression c = compressionOf(text);
  if (c == Compression::Zstd || c == Compression::Xz) {
    std::string err;
    whole = openLog(path, err, support::SourceBuffer::Paging::Populate);
    if (!whole)
      return false;
    text = whole->text().substr(0, 512);
  }
  size_t b = text.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos || text[b] != '{')
    return false;
  size_t k = text.find("\"event_type\"", b);
  return k != std::string_view::npos && k < b + 64;
}

std::optional<TraceSummary> extractTrace(const std::string &trace, const std::string &outDir,
                                         std::string &error) {
  LineReader reader;
  if (!reader.open(trace, error))
    return std::nullopt;
  std::error_code ec;
  fs::create_directories(outDir, ec);
  if (ec) {
    error = outDir + ": " + ec.message();
    return std::nullopt;
  }
  TraceSummary s;
  s.trace = trace;
  s.dir = outDir;
  std::map<std::string, std::string> folderOfHash; // metadata hash -> folder
  std::ofstream compilesOut(fs::path(outDir) / kCompilesFile, std::ios::trunc);
  std::string line, readError;
  size_t lineNo = 0;
  auto warn = [&](const std::string &why) { s.warnings.push_back(trace + ":" + std::to_string(lineNo) + ": " + why); };
  while (reader.next(line, readError)) {
    ++lineNo;
    if (line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    EventSax sax;
    if (!json::sax_parse(line, &sax, json::input_format_t::json, /*strict=*/true) || !sax.root.is_object()) {
      warn("not a JSON event (" + (sax.error.empty() ? std::string("not an object") : sax.error) +
           "); skipped");
      continue;
    }
    ++s.events;
    const json &ev = sax.root;
    std::string type = stringAt(ev, "event_type");
    if (type == "compilation") {
      auto p = ev.find("payload");
      if (p == ev.end() || !p->is_object()) {
        warn("compilation event without a payload; skipped");
        continue;
      }
      json meta = p->value("metadata", json::object());
      std::string kernel = stringAt(meta, "name");
      std::string folder = folderOf(*p, meta, s.compiles + 1);
      fs::path dir = fs::path(outDir) / folder;
      fs::create_directories(dir, ec);
      size_t written = 0;
      bool hasJson = false;
      std::vector<std::string> names;
      for (auto &[name, content] : sax.files) {
        std::string base = fs::path(name).filename().string();
        if (base != name || !safeComponent(base) || !knownStage(base))
          continue;
        if (content.rfind("<file too large", 0) == 0 || content.rfind("<error reading file", 0) == 0) {
          warn(base + ": tritonparse did not keep it (" + content.substr(0, 80) + ")");
          continue;
        }
        if (!writeFile(dir / base, content)) {
          error = (dir / base).string() + ": cannot write";
          return std::nullopt;
        }
        hasJson |= base.size() > 5 && base.compare(base.size() - 5, 5, ".json") == 0;
        names.push_back(base);
        ++written;
      }
      if (!hasJson && safeComponent(kernel + ".json") && meta.is_object() && !meta.empty()) {
        // The cache's <kernel>.json is the compile's metadata; tritonparse keeps it in the payload.
        json cacheMeta = meta;
        cacheMeta.erase("times");
        cacheMeta.erase("cache_hit");
        writeFile(dir / (kernel + ".json"), cacheMeta.dump());
        ++written;
      }
      if (!written) {
        warn("compilation event of " + (kernel.empty() ? std::string("an unnamed kernel") : kernel) +
             " holds no IR; skipped");
        continue;
      }
      std::string hash = stringAt(meta, "hash");
      if (!hash.empty())
        folderOfHash[hash] = folder;
      ++s.compiles;
      TraceCompile tc;
      tc.folder = folder;
      tc.kernel = kernel;
      tc.stages = std::move(names);
      if (auto t = meta.find("times"); t != meta.end() && t->is_object()) {
        if (auto v = t->find("ir_initialization"); v != t->end() && v->is_number_integer())
          tc.timesUs.emplace_back("init", v->get<int64_t>());
        if (auto l = t->find("lowering_stages"); l != t->end() && l->is_array())
          for (const json &st : *l)
            if (st.is_array() && st.size() == 2 && st[0].is_string() && st[1].is_number_integer())
              tc.timesUs.emplace_back(st[0].get<std::string>(), st[1].get<int64_t>());
        if (auto v = t->find("store_results"); v != t->end() && v->is_number_integer())
          tc.timesUs.emplace_back("store", v->get<int64_t>());
      }
      compilesOut << compileLine(tc).dump() << "\n";
    } else if (type == "launch") {
      json rec = launchRecord(ev);
      auto it = folderOfHash.find(rec.value("hash", std::string()));
      fs::path where = it != folderOfHash.end() ? fs::path(outDir) / it->second : fs::path(outDir);
      std::ofstream out(where / "launches.jsonl", std::ios::app);
      out << rec.dump() << "\n";
      ++s.launches;
    } else {
      ++s.otherEvents;
    }
  }
  if (!readError.empty())
    s.warnings.push_back(trace + ": stopped reading after line " + std::to_string(lineNo) + ": " + readError);
  if (s.events == 0) {
    error = "no tritonparse events in this file";
    return std::nullopt;
  }
  return s;
}

std::optional<TraceSummary> traceAsCache(const std::string &trace, std::string &error) {
  std::error_code ec;
  fs::path real = fs::canonical(trace, ec);
  struct stat st {};
  if (ec || ::stat(real.c_str(), &st) != 0) {
    error = ec ? ec.message() : std::strerror(errno);
    return std::nullopt;
  }
  const char *tmp = std::getenv("TMPDIR");
  fs::path base = fs::path(tmp && *tmp ? tmp : "/tmp") / ("tscope-" + std::to_string(::getuid()));
  if (::mkdir(base.c_str(), 0700) != 0 && errno != EEXIST) {
    error = base.string() + ": " + std::strerror(errno);
    return std::nullopt;
  }
  struct stat bst {};
  if (::lstat(base.c_str(), &bst) != 0 || !S_ISDIR(bst.st_mode) || bst.st_uid != ::getuid()) {
    error = base.string() + ": not a folder of this user; set TMPDIR to another folder";
    return std::nullopt;
  }
  fs::create_directories(base / "traces", ec);
  uint64_t key = fnv1a(real.string());
  key = fnv1a(std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
                  std::to_string(st.st_mtim.tv_nsec),
              key);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(key));
  std::string stem = real.filename().string();
  for (char &c : stem)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
      c = '_';
  if (stem.size() > 80)
    stem.resize(80);
  fs::path dir = base / "traces" / (stem + "-" + hex);
  auto readSummary = [&](const fs::path &d) -> std::optional<TraceSummary> {
    std::ifstream in(d / kSummaryFile);
    if (!in)
      return std::nullopt;
    json j = json::parse(in, nullptr, false);
    if (!j.is_object() || j.value("version", 0) != kSummaryVersion)
      return std::nullopt;
    TraceSummary s;
    s.trace = trace;
    s.dir = d.string();
    s.events = j.value("events", size_t(0));
    s.compiles = j.value("compiles", size_t(0));
    s.launches = j.value("launches", size_t(0));
    s.otherEvents = j.value("other", size_t(0));
    s.warnings = j.value("warnings", std::vector<std::string>());
    return s;
  };
  if (auto s = readSummary(dir))
    return s;
  fs::path partial = dir.string() + ".partial." + std::to_string(::getpid());
  fs::remove_all(partial, ec);
  auto s = extractTrace(trace, partial.string(), error);
  if (!s) {
    fs::remove_all(partial, ec);
    return std::nullopt;
  }
  writeFile(partial / kSummaryFile, summaryJson(*s).dump());
  fs::remove_all(dir, ec); // an unfinished or older-version extraction
  fs::rename(partial, dir, ec);
  if (ec) {
    fs::remove_all(partial, ec);
    if (auto again = readSummary(dir)) // another tscope finished the same trace first
      return again;
    error = dir.string() + ": cannot write the trace's kernels";
    return std::nullopt;
  }
  s->dir = dir.string();
  return s;
}

std::vector<std::string> traceKernelNames(const TraceSummary &s) {
  std::vector<std::string> out;
  std::ifstream in(fs::path(s.dir) / kCompilesFile);
  for (std::string line; std::getline(in, line);)
    if (auto c = compileFromLine(line))
      out.push_back(c->kernel);
  return out;
}

void writeTraceStages(std::ostream &os, const TraceSummary &s, const std::string &kernelGlob) {
  os << describeTrace(s) << "\n";
  os << "  a trace holds each compile's stages, not its passes: for what each pass did, compile with "
        "MLIR_ENABLE_DUMP=1 (tscope run -p passes) and give the log to tscope passes\n";
  // Two passes over the compile list (streamed from the trace's folder): the slowest, then each.
  fs::path list = fs::path(s.dir) / kCompilesFile;
  int64_t slowest = -1;
  size_t slowestAt = 0, n = 0;
  std::string line;
  {
    std::ifstream in(list);
    for (size_t i = 0; std::getline(in, line); ++i)
      if (auto c = compileFromLine(line); c && kernelNameMatches(kernelGlob, c->kernel)) {
        ++n;
        if (!c->timesUs.empty() && totalUs(*c) > slowest) {
          slowest = totalUs(*c);
          slowestAt = i;
        }
      }
  }
  std::ifstream in(list);
  for (size_t i = 0; std::getline(in, line); ++i) {
    auto c = compileFromLine(line);
    if (!c || !kernelNameMatches(kernelGlob, c->kernel))
      continue;
    int64_t total = totalUs(*c);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.1f ms", static_cast<double>(total) / 1000.0);
    os << "\ncompile " << (i + 1) << ": " << (c->kernel.empty() ? std::string("?") : c->kernel) << " ("
       << c->folder.substr(0, 10) << "), "
       << (c->timesUs.empty() ? std::string("no times recorded") : std::string(buf))
       << (n > 1 && i == slowestAt && slowest >= 0 ? "  <- slowest" : "") << "\n";
    os << "  stages kept:";
    for (const std::string &st : c->stages)
      os << " " << st;
    os << "\n";
    for (const auto &[stage, us] : c->timesUs) {
      std::snprintf(buf, sizeof buf, "%10.1f ms", static_cast<double>(us) / 1000.0);
      os << "  " << stage << std::string(stage.size() < 8 ? 8 - stage.size() : 1, ' ') << buf;
      if (total > 0)
        os << "  " << (us * 100 / total) << "%";
      os << "\n";
    }
  }
}

std::string describeTrace(const TraceSummary &s) {
  std::string out = s.trace + ": tritonparse trace, " + std::to_string(s.compiles) + " compile" +
                    (s.compiles == 1 ? "" : "s") + ", " + std::to_string(s.launches) + " launch" +
                    (s.launches == 1 ? "" : "es");
  if (s.otherEvents)
    out += ", " + std::to_string(s.otherEvents) + " other events";
  return out + " (read into " + s.dir + ")";
}

} // namespace tscope::dumps
