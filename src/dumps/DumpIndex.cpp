// DumpIndex: std::filesystem walk of <root>/<hash>/<kernel>.<stage>; nothing
// read from the files (group listings included) is used as a path.
#include "dumps/DumpIndex.h"

#include <algorithm>
#include <fnmatch.h>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <system_error>

#include "dumps/TritonParseTrace.h"
#include "ir/Parser.h"
#include "support/SourceBuffer.h"

namespace fs = std::filesystem;

namespace tscope::dumps {
namespace {

constexpr const char *kStageNames[] = {"source", "ttir", "ttgir", "llir", "ptx", "cubin", "sass", "json"};

std::optional<Stage> stageOfExt(std::string_view ext) {
  for (size_t i = 0; i < static_cast<size_t>(Stage::Count); ++i)
    if (ext == kStageNames[i])
      return static_cast<Stage>(i);
  return std::nullopt;
}

std::string readSmall(const std::string &path) {
  std::string err;
  auto buf = support::SourceBuffer::open(path, err);
  return buf ? std::string(buf->text()) : std::string();
}

/// `"ttg.num-warps" = 4` from the attributes of the TTGIR's top-level module.
int ttgirNumWarps(const std::string &path) {
  std::string err;
  auto buf = support::SourceBuffer::open(path, err);
  if (!buf)
    return 0;
  support::Diagnostics diags;
  auto m = ir::parseModule(std::move(buf), diags);
  for (const ir::Chunk &c : m->chunks()) {
    if (!c.body || !c.body->first)
      continue;
    for (const ir::Operation *op = c.body->first->first; op; op = op->next) {
      std::string_view attrs = m->str(op->attrs);
      size_t at = attrs.find("\"ttg.num-warps\" = ");
      if (at == std::string_view::npos)
        continue;
      std::string_view v = attrs.substr(at + 18);
      int n = 0;
      for (char ch : v) {
        if (ch < '0' || ch > '9' || n > 100000)
          break;
        n = n * 10 + (ch - '0');
      }
      return n;
    }
  }
  return 0;
}

void settleStatus(KernelEntry &e, bool isCache) {
  if (isCache) {
    e.complete = e.has(Stage::Json);
  } else {
    e.complete = e.has(Stage::Cubin) || e.has(Stage::Sass);
  }
  if (e.complete) {
    e.status = "complete";
    return;
  }
  // The last pipeline stage written, and the one after it that is missing.
  int last = -1;
  for (int s = static_cast<int>(Stage::Ptx); s >= static_cast<int>(Stage::Source); --s)
    if (e.has(static_cast<Stage>(s))) {
      last = s;
      break;
    }
  if (last < 0) {
    e.status = "no stages";
    return;
  }
  // Gluon kernels start at TTGIR, so a missing TTIR is not where they stopped.
  int next = last + 1;
  e.status = std::string("stopped after ") + kStageNames[last] + " (" + kStageNames[next] + " missing)";
}

} // namespace

const char *stageName(Stage s) { return kStageNames[static_cast<size_t>(s)]; }

std::string KernelEntry::path(Stage s) const {
  return (fs::path(dir) / (kernel + "." + stageName(s))).string();
}

IndexSection indexSection(const std::string &dir) {
  IndexSection sec;
  sec.path = dir;
  std::error_code ec;
  std::vector<fs::path> subdirs;
  for (const fs::directory_entry &d : fs::directory_iterator(dir, ec))
    if (d.is_directory(ec))
      subdirs.push_back(d.path());
  std::sort(subdirs.begin(), subdirs.end());
  for (const fs::path &sub : subdirs) {
    std::map<std::string, KernelEntry> byKernel;
    std::vector<std::string> groups;
    std::vector<std::string> names;
    for (const fs::directory_entry &f : fs::directory_iterator(sub, ec)) {
      if (!f.is_regular_file(ec))
        continue;
      std::string name = f.path().filename().string();
      names.push_back(name);
      if (name.rfind("__grp__", 0) == 0) {
        groups.push_back(name);
        continue;
      }
      size_t dot = name.rfind('.');
      if (dot == std::string::npos || dot == 0)
        continue;
      auto st = stageOfExt(std::string_view(name).substr(dot + 1));
      if (!st)
        continue;
      std::string stem = name.substr(0, dot);
      KernelEntry &e = byKernel[stem];
      e.kernel = stem;
      e.hash = sub.filename().string();
      e.dir = (fs::path(dir) / e.hash).string();
      e.bytes[static_cast<size_t>(*st)] = static_cast<int64_t>(f.file_size(ec));
    }
    if (byKernel.empty()) {
      ++sec.otherDirs;
      continue;
    }
    std::sort(names.begin(), names.end());
    for (const std::string &g : groups) {
      std::string stem = g.substr(7, g.size() - 7 - 5); // __grp__<kernel>.json
      auto it = byKernel.find(stem);
      if (it == byKernel.end())
        continue;
      KernelEntry &e = it->second;
      e.hasGroup = true;
      sec.isCache = true;
      nlohmann::json j = nlohmann::json::parse(readSmall((sub / g).string()), nullptr, false);
      if (j.is_object() && j.contains("child_paths") && j["child_paths"].is_object())
        for (auto &[child, where] : j["child_paths"].items()) {
          (void)where; // an absolute path from the machine that wrote it: never followed
          if (!std::binary_search(names.begin(), names.end(), child))
            e.groupMissing.push_back(child);
        }
      std::sort(e.groupMissing.begin(), e.groupMissing.end());
    }
    for (auto &[stem, e] : byKernel) {
      if (e.has(Stage::Json)) {
        sec.isCache = true;
        std::string text = readSmall(e.path(Stage::Json));
        e.meta = parseKernelMetadata(text, e.metaError);
        if (e.meta)
          e.numWarps = e.meta->numWarps;
      }
      if (!e.numWarps && e.has(Stage::Ttgir))
        e.numWarps = ttgirNumWarps(e.path(Stage::Ttgir));
      sec.entries.push_back(std::move(e));
    }
  }
  for (KernelEntry &e : sec.entries)
    settleStatus(e, sec.isCache);
  std::stable_sort(sec.entries.begin(), sec.entries.end(), [](const KernelEntry &a, const KernelEntry &b) {
    return a.kernel != b.kernel ? a.kernel < b.kernel : a.hash < b.hash;
  });
  return sec;
}

std::optional<DumpIndex> indexDirectory(const std::string &root, std::string &error) {
  std::error_code ec;
  if (isTritonParseTrace(root)) {
    // A tritonparse trace: its compiles, laid out as a cache folder, index as one.
    auto trace = traceAsCache(root, error);
    if (!trace)
      return std::nullopt;
    DumpIndex idx;
    idx.sections.push_back(indexSection(trace->dir));
    IndexSection &sec = idx.sections.back();
    sec.notes.insert(sec.notes.begin(), describeTrace(*trace));
    sec.notes.insert(sec.notes.end(), trace->warnings.begin(), trace->warnings.end());
    return idx;
  }
  if (!fs::is_directory(root, ec)) {
    error = ec ? ec.message() : "not a directory";
    return std::nullopt;
  }
  DumpIndex idx;
  bool runDir = false;
  for (const char *sub : {"dump", "cache"}) {
    fs::path p = fs::path(root) / sub;
    if (fs::is_directory(p, ec)) {
      runDir = true;
      idx.sections.push_back(indexSection(p.string()));
    }
  }
  if (!runDir)
    idx.sections.push_back(indexSection(root));
  if (idx.sections.size() == 2 && !idx.sections[0].isCache && idx.sections[1].isCache) {
    // Triton names dump folders by the source hash (function, signature,
    // constexprs), cache folders by the full compile key (options too).
    std::map<std::string, std::pair<int, int>> counts;
    for (const KernelEntry &e : idx.sections[0].entries)
      ++counts[e.kernel].first;
    for (const KernelEntry &e : idx.sections[1].entries)
      ++counts[e.kernel].second;
    for (auto &[k, n] : counts)
      if (n.second > n.first && n.first > 0)
        idx.sections[0].notes.push_back(
            k + ": " + std::to_string(n.second) + " compiles in the cache but " + std::to_string(n.first) +
            " dump folders: configs that differ only in num_warps/num_stages/maxnreg share a dump folder "
            "(keyed by the source hash), so it holds the last one compiled");
  }
  return idx;
}

bool kernelNameMatches(const std::string &glob, const std::string &name) {
  return glob.empty() || fnmatch(glob.c_str(), name.c_str(), 0) == 0;
}

} // namespace tscope::dumps
