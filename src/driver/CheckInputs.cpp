// CheckInputs: PATHs to TTGIR files through DumpIndex, launch records beside
// them, and a launch record's TMA launches.
#include "driver/CheckInputs.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
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

} // namespace

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

InputSet collectInputs(const std::vector<std::string> &paths, const std::string &launches) {
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
    for (const dumps::IndexSection &s : idx->sections)
      for (const dumps::KernelEntry &e : s.entries)
        if (e.has(dumps::Stage::Ttgir))
          add(e.path(dumps::Stage::Ttgir), rootLaunches);
    if (out.files.size() + out.notes.size() == before) {
      // Not a dump or cache: the folder's own TTGIR files (a fixture folder).
      std::vector<std::string> own;
      for (const auto &de : fs::directory_iterator(p, ec))
        if (de.is_regular_file(ec) && de.path().extension() == ".ttgir")
          own.push_back(de.path().string());
      std::sort(own.begin(), own.end());
      for (const std::string &f : own)
        add(f, rootLaunches);
    }
    if (out.files.size() + out.notes.size() == before)
      out.errors.push_back(p + ": no TTGIR in this directory (not a dump, cache or folder of .ttgir files)");
  }
  return out;
}

} // namespace tscope::driver
