// IndexReport: columns follow the pipeline order of Stage.
#include "dumps/IndexReport.h"

#include <fmt/format.h>
#include <map>
#include <set>

namespace tscope::dumps {

std::string humanBytes(int64_t n) {
  if (n < 0)
    return "-";
  if (n < 1024)
    return std::to_string(n);
  if (n < 1024 * 1024)
    return fmt::format("{:.1f}K", n / 1024.0);
  return fmt::format("{:.1f}M", n / (1024.0 * 1024.0));
}

void writeIndexText(std::ostream &os, const DumpIndex &idx) {
  for (size_t si = 0; si < idx.sections.size(); ++si) {
    const IndexSection &sec = idx.sections[si];
    size_t complete = 0;
    for (const KernelEntry &e : sec.entries)
      complete += e.complete;
    if (si)
      os << "\n";
    os << fmt::format("{}: {}, {} kernel folders ({} complete)", sec.path,
                      sec.isCache ? "Triton cache" : "dump directory", sec.entries.size(), complete);
    if (sec.otherDirs)
      os << fmt::format(", {} other folders (launcher builds)", sec.otherDirs);
    os << "\n";
    if (sec.entries.empty())
      continue;
    os << fmt::format("  {:<24} {:<10} {:>5} {:>6} {:>7}", "kernel", "hash", "warps", "stages", "shared");
    for (size_t s = 0; s < static_cast<size_t>(Stage::Count); ++s)
      os << fmt::format(" {:>6}", stageName(static_cast<Stage>(s)));
    os << "  status\n";
    for (const KernelEntry &e : sec.entries) {
      std::string stages = e.meta ? std::to_string(e.meta->numStages) : "-";
      std::string shared = e.meta ? std::to_string(e.meta->shared) : "-";
      os << fmt::format("  {:<24} {:<10} {:>5} {:>6} {:>7}", e.kernel, e.hash.substr(0, 10),
                        e.numWarps ? std::to_string(e.numWarps) : "-", stages, shared);
      for (size_t s = 0; s < static_cast<size_t>(Stage::Count); ++s)
        os << fmt::format(" {:>6}", humanBytes(e.bytes[s]));
      os << "  " << e.status;
      if (!e.groupMissing.empty()) {
        os << " (listed but not here:";
        for (const std::string &m : e.groupMissing)
          os << " " << m;
        os << ")";
      }
      if (!e.metaError.empty())
        os << " (metadata: " << e.metaError << ")";
      os << "\n";
    }
    // Autotune configs: several compiles of one kernel.
    std::map<std::string, std::vector<const KernelEntry *>> byKernel;
    for (const KernelEntry &e : sec.entries)
      byKernel[e.kernel].push_back(&e);
    for (auto &[k, list] : byKernel) {
      if (list.size() < 2)
        continue;
      std::set<std::string> cfg;
      for (const KernelEntry *e : list)
        cfg.insert(e->meta ? fmt::format("warps={} stages={} ctas={}{}", e->meta->numWarps, e->meta->numStages,
                                         e->meta->numCtas,
                                         e->meta->maxnreg ? fmt::format(" maxnreg={}", *e->meta->maxnreg) : "")
                           : fmt::format("warps={}", e->numWarps));
      os << fmt::format("  {}: {} compiled configs:", k, list.size());
      for (const std::string &c : cfg)
        os << " [" << c << "]";
      os << "\n";
    }
    for (const std::string &n : sec.notes)
      os << "  note: " << n << "\n";
  }
}

nlohmann::json entryJson(const KernelEntry &e) {
  nlohmann::json j;
  j["kernel"] = e.kernel;
  j["hash"] = e.hash;
  j["dir"] = e.dir;
  nlohmann::json st = nlohmann::json::object();
  for (size_t s = 0; s < static_cast<size_t>(Stage::Count); ++s)
    if (e.bytes[s] >= 0)
      st[stageName(static_cast<Stage>(s))] = e.bytes[s];
  j["stages"] = st;
  j["complete"] = e.complete;
  j["status"] = e.status;
  j["num_warps"] = e.numWarps;
  if (e.meta) {
    j["num_stages"] = e.meta->numStages;
    j["num_ctas"] = e.meta->numCtas;
    j["shared"] = e.meta->shared;
    j["maxnreg"] = e.meta->maxnreg ? nlohmann::json(*e.meta->maxnreg) : nlohmann::json(nullptr);
    j["arch"] = e.meta->arch;
    j["tmem_size"] = e.meta->tmemSize;
  }
  if (!e.groupMissing.empty())
    j["group_missing"] = e.groupMissing;
  return j;
}

nlohmann::json indexJson(const DumpIndex &idx) {
  nlohmann::json out;
  nlohmann::json secs = nlohmann::json::array();
  for (const IndexSection &sec : idx.sections) {
    nlohmann::json s;
    s["path"] = sec.path;
    s["kind"] = sec.isCache ? "cache" : "dump";
    s["other_dirs"] = sec.otherDirs;
    nlohmann::json ks = nlohmann::json::array();
    for (const KernelEntry &e : sec.entries)
      ks.push_back(entryJson(e));
    s["kernels"] = ks;
    s["notes"] = sec.notes;
    secs.push_back(s);
  }
  out["sections"] = secs;
  return out;
}

} // namespace tscope::dumps
