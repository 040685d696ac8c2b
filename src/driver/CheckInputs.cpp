// CheckInputs: PATHs to TTGIR files through DumpIndex, launch records beside
// them, and a launch record's TMA launches.
#include "driver/CheckInputs.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <cctype>
#include <sstream>

#include "dumps/DumpIndex.h"
#include "dumps/LaunchRecord.h"
#include "dumps/TritonParseTrace.h"

namespace fs = std::filesystem;

namespace tscope::driver {
namespace {

constexpr const char *kLaunchFile = "launches.jsonl";

std::string launchesBeside(const std::string &dir) {
  std::error_code ec;
  fs::path p = fs::path(dir) / kLaunchFile;
  return fs::is_regular_file(p, ec) ? p.string() : std::string();
}

std::string parentOf(const std::string &path) {
  fs::path p = fs::path(path).parent_path();
  return p.empty() ? std::string(".") : p.string();
}

/// The bytes of a file, or nullopt when unreadable.
std::optional<std::string> slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Modification time of a kernel folder's file (0 when unreadable): the
/// order of the default cache, newest first.
fs::file_time_type mtimeOf(const std::string &path) {
  std::error_code ec;
  fs::file_time_type t = fs::last_write_time(path, ec);
  return ec ? fs::file_time_type::min() : t;
}

} // namespace

std::vector<std::string> kernelNamesInText(std::string_view text) {
  std::vector<std::string> out;
  for (std::string_view key : {std::string_view("tt.func "), std::string_view("llvm.func ")}) {
    for (size_t at = text.find(key); at != std::string_view::npos; at = text.find(key, at + 1)) {
      size_t eol = text.find('\n', at);
      std::string_view line = text.substr(at, eol == std::string_view::npos ? std::string_view::npos : eol - at);
      // Device functions are private: only public functions (and LLVM's) are kernels.
      if (key[0] == 't' && line.find(" private ") != std::string_view::npos)
        continue;
      size_t sym = line.find('@');
      if (sym == std::string_view::npos)
        continue;
      size_t b = sym + 1, e = b;
      if (e < line.size() && line[e] == '"') {
        size_t q = line.find('"', e + 1);
        if (q == std::string_view::npos)
          continue;
        out.emplace_back(line.substr(e + 1, q - e - 1));
        continue;
      }
      while (e < line.size() && (std::isalnum(static_cast<unsigned char>(line[e])) || line[e] == '_' ||
                                 line[e] == '.' || line[e] == '$'))
        ++e;
      if (e > b)
        out.emplace_back(line.substr(b, e - b));
    }
  }
  return out;
}

DefaultInputs defaultInputDirs() {
  DefaultInputs d;
  auto consider = [&](const std::string &dir, const std::string &what) {
    d.looked += (d.looked.empty() ? "" : ", ") + what + " " + dir;
    std::error_code ec;
    if (fs::is_directory(dir, ec))
      d.dirs.push_back(dir);
  };
  const char *dump = std::getenv("TRITON_DUMP_DIR");
  if (dump && *dump)
    consider(dump, "$TRITON_DUMP_DIR");
  const char *cache = std::getenv("TRITON_CACHE_DIR");
  if (cache && *cache) {
    consider(cache, "$TRITON_CACHE_DIR");
  } else {
    const char *home = std::getenv("HOME");
    if (home && *home)
      consider((fs::path(home) / ".triton" / "cache").string(), "~/.triton/cache");
    else
      d.looked += std::string(d.looked.empty() ? "" : ", ") + "~/.triton/cache ($HOME is not set)";
  }
  return d;
}

bool announceDefaultInputs(const DefaultInputs &d, std::ostream &err) {
  if (d.dirs.empty()) {
    err << "error: no PATH given and no Triton cache or dump folder to read (looked for " << d.looked
        << "); give a TTGIR file, a dump directory or a cache\n";
    return false;
  }
  std::string dirs;
  for (const std::string &x : d.dirs)
    dirs += (dirs.empty() ? "" : " and ") + x;
  err << "tscope: no PATH given; reading " << dirs << " (newest kernels first)\n";
  return true;
}

std::string launchRecordBeside(const std::string &file) {
  return file == "-" ? std::string() : launchesBeside(parentOf(file));
}

std::optional<std::pair<std::string, std::vector<int64_t>>> parseDescShape(std::string_view text) {
  size_t eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return std::nullopt;
  std::vector<int64_t> shape;
  std::string_view rest = text.substr(eq + 1);
  for (;;) {
    size_t x = rest.find('x');
    std::string_view part = rest.substr(0, x);
    // At most 18 digits: a dimension always fits in int64_t.
    if (part.empty() || part.size() > 18 || part.find_first_not_of("0123456789") != std::string_view::npos)
      return std::nullopt;
    shape.push_back(std::stoll(std::string(part)));
    if (x == std::string_view::npos)
      break;
    rest = rest.substr(x + 1);
  }
  return std::make_pair(std::string(text.substr(0, eq)), shape);
}

std::vector<checks::TmaLaunch> readTmaLaunches(const std::string &path, const DescShapes &desc,
                                               std::vector<std::string> &errors) {
  std::vector<checks::TmaLaunch> out;
  for (const dumps::LaunchRecord &r : dumps::readLaunchRecords(path, errors)) {
    checks::TmaLaunch l;
    l.kernel = r.kernel;
    l.grid = r.grid;
    for (const auto &[n, v] : r.intArgs)
      l.bindings.set(n, v);
    for (const auto &[n, d] : r.descriptors)
      l.descShapes[n] = d.shape;
    for (const auto &[n, shape] : desc)
      l.descShapes[n] = shape;
    l.origin = path + ":" + std::to_string(r.line);
    out.push_back(std::move(l));
  }
  return out;
}

InputSet collectInputs(const std::vector<std::string> &paths, const std::string &launches,
                       const InputFilter &filter) {
  InputSet out;
  std::map<std::string, std::string> seen; // contents -> first path (files are small kernels)
  auto add = [&](const std::string &file, const std::string &rootLaunches) {
    if (file != "-") {
      auto bytes = slurp(file);
      if (bytes) {
        auto [it, fresh] = seen.emplace(std::move(*bytes), file);
        if (!fresh) {
          out.notes.push_back(file + ": same IR as " + it->second + ", checked once");
          return;
        }
      }
    }
    CheckInput in;
    in.path = file;
    if (!launches.empty())
      in.launches = launches;
    else if (file != "-") {
      in.launches = launchesBeside(parentOf(file));
      if (in.launches.empty())
        in.launches = rootLaunches;
    }
    out.files.push_back(std::move(in));
  };
  for (const std::string &p : paths) {
    std::error_code ec;
    // A tritonparse trace is read as the cache of its compiles (dumps::indexDirectory).
    if (p == "-" || (!fs::is_directory(p, ec) && !dumps::isTritonParseTrace(p))) {
      if (p != "-" && !fs::exists(p, ec)) {
        out.errors.push_back(p + ": no such file or directory");
        continue;
      }
      if (!filter.kernelGlob.empty() && p != "-") {
        auto bytes = slurp(p);
        bool any = false;
        for (const std::string &k : kernelNamesInText(bytes ? *bytes : std::string()))
          any |= kernelNameMatches(filter.kernelGlob, k);
        if (!any) {
          out.notes.push_back(p + ": no kernel matches --kernel " + filter.kernelGlob + ", skipped");
          continue;
        }
      }
      add(p, {});
      continue;
    }
    std::string err;
    auto idx = dumps::indexDirectory(p, err);
    if (!idx) {
      out.errors.push_back(p + ": " + err);
      continue;
    }
    std::string rootLaunches = launchesBeside(p);
    size_t before = out.files.size() + out.notes.size();
    std::vector<const dumps::KernelEntry *> kernels;
    for (const dumps::IndexSection &s : idx->sections)
      for (const dumps::KernelEntry &e : s.entries)
        if (e.has(dumps::Stage::Ttgir) && kernelNameMatches(filter.kernelGlob, e.kernel))
          kernels.push_back(&e);
    if (filter.newestFirst) {
      std::vector<std::pair<fs::file_time_type, const dumps::KernelEntry *>> timed;
      for (const dumps::KernelEntry *e : kernels)
        timed.emplace_back(mtimeOf(e->path(dumps::Stage::Ttgir)), e);
      std::stable_sort(timed.begin(), timed.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
      for (size_t i = 0; i < timed.size(); ++i)
        kernels[i] = timed[i].second;
    }
    for (const dumps::KernelEntry *e : kernels)
      add(e->path(dumps::Stage::Ttgir), rootLaunches);
    size_t indexed = 0;
    for (const dumps::IndexSection &s : idx->sections)
      indexed += s.entries.size();
    if (kernels.empty() && indexed && !filter.kernelGlob.empty()) {
      out.notes.push_back(p + ": no kernel matches --kernel " + filter.kernelGlob);
      continue;
    }
    std::vector<std::string> own;
    if (out.files.size() + out.notes.size() == before) {
      // Not a dump or cache: the folder's own TTGIR files (a fixture folder).
      for (const auto &de : fs::directory_iterator(p, ec))
        if (de.is_regular_file(ec) && de.path().extension() == ".ttgir")
          own.push_back(de.path().string());
      std::sort(own.begin(), own.end());
      for (const std::string &f : own) {
        if (!filter.kernelGlob.empty()) {
          auto bytes = slurp(f);
          bool any = false;
          for (const std::string &k : kernelNamesInText(bytes ? *bytes : std::string()))
            any |= kernelNameMatches(filter.kernelGlob, k);
          if (!any)
            continue;
        }
        add(f, rootLaunches);
      }
    }
    if (out.files.size() + out.notes.size() == before && !own.empty())
      out.notes.push_back(p + ": no kernel matches --kernel " + filter.kernelGlob);
    else if (out.files.size() + out.notes.size() == before)
      out.errors.push_back(p + ": no TTGIR in this directory (not a dump, cache or folder of .ttgir files)");
  }
  return out;
}

} // namespace tscope::driver
