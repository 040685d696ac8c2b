// RegsReport: a ptxas entry is matched to a kernel's metadata by folder first
// (fixture layout: kernel.json beside ptxas.log), then by kernel name and the
// autotune config printed before it (num_warps, num_stages, num_ctas, maxnreg).
#include "dumps/RegsReport.h"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <map>

#include "dumps/Cubin.h"
#include "dumps/IndexReport.h"
#include "dumps/TritonParseTrace.h"
#include "support/SourceBuffer.h"

namespace fs = std::filesystem;

namespace tscope::dumps {
namespace {

struct LogEntry {
  PtxasEntry e;
  std::string file;
  std::string folder;
  bool claimed = false;
};

std::string readAll(const std::string &path) {
  std::string err;
  auto buf = support::SourceBuffer::open(path, err);
  return buf ? std::string(buf->text()) : std::string();
}

std::string shortConfig(const std::string &text) {
  std::string out;
  size_t b = 0;
  while (b < text.size()) {
    size_t e = text.find(", ", b);
    if (e == std::string::npos)
      e = text.size();
    std::string part = text.substr(b, e - b);
    b = e + 2;
    if (part == "num_ctas: 1" || part == "maxnreg: None")
      continue;
    size_t c = part.find(": ");
    if (c != std::string::npos)
      part = part.substr(0, c) + "=" + part.substr(c + 2);
    out += (out.empty() ? "" : " ") + part;
  }
  return out;
}

int archOf(const std::string &sm) {
  // "sm_90a" -> 90
  if (sm.rfind("sm_", 0) != 0)
    return 0;
  int v = 0;
  for (size_t i = 3; i < sm.size() && sm[i] >= '0' && sm[i] <= '9'; ++i)
    v = v * 10 + (sm[i] - '0');
  return v;
}

bool configFits(const PtxasEntry &e, const KernelMetadata &m) {
  if (!e.config)
    return true;
  const AutotuneConfig &c = *e.config;
  if (c.numWarps && *c.numWarps != m.numWarps)
    return false;
  if (c.numStages && *c.numStages != m.numStages)
    return false;
  if (c.numCtas && *c.numCtas != m.numCtas)
    return false;
  if (c.maxnreg != m.maxnreg && c.text.find("maxnreg: None") == std::string::npos)
    return false;
  if (c.text.find("maxnreg: None") != std::string::npos && m.maxnreg)
    return false;
  return true;
}

bool sameNumbers(const PtxasEntry &a, const PtxasEntry &b) {
  return a.registers == b.registers && a.spillStores == b.spillStores && a.spillLoads == b.spillLoads &&
         a.stackFrame == b.stackFrame && a.barriers == b.barriers;
}

void finishRow(KernelResourcesRow &r) {
  if (!r.arch && r.ptxas)
    r.arch = archOf(r.ptxas->arch);
  if (!r.arch && r.meta)
    r.arch = r.meta->arch;
  KernelResources k;
  k.warpsPerCta = r.meta ? r.meta->numWarps : (r.ptxas && r.ptxas->config && r.ptxas->config->numWarps
                                                   ? *r.ptxas->config->numWarps
                                                   : 0);
  k.regsPerThread = r.ptxas ? r.ptxas->registers : -1;
  k.sharedBytes = r.meta ? r.meta->shared : -1;
  k.tmemColumns = r.meta ? r.meta->tmemSize : 0;
  if (const SmLimits *sm = smLimits(r.arch); sm && k.warpsPerCta > 0)
    r.occupancy = computeOccupancy(*sm, k);
  if (r.config.empty()) {
    if (r.ptxas && r.ptxas->config)
      r.config = shortConfig(r.ptxas->config->text);
    else if (r.meta)
      r.config = fmt::format("num_warps={} num_stages={}", r.meta->numWarps, r.meta->numStages);
  }
}

} // namespace

namespace {

/// What the cubin beside a kernel's metadata (`<stem>.cubin`, as in a Triton
/// cache, or `kernel.cubin`) records for `kernel`, as a ptxas entry with the
/// numbers a cubin does not hold left unknown.
std::optional<PtxasEntry> cubinResources(const std::string &folder, const std::string &stem,
                                         const std::string &kernel) {
  std::error_code ec;
  for (const fs::path &cand : {fs::path(folder) / (stem + ".cubin"), fs::path(folder) / "kernel.cubin"}) {
    if (!fs::exists(cand, ec))
      continue;
    std::string err;
    auto ks = readCubin(readAll(cand.string()), err);
    if (!ks)
      continue;
    for (const CubinKernel &k : *ks)
      if (k.name == kernel && k.registers >= 0) {
        PtxasEntry e;
        e.function = k.name;
        e.tool = "cubin";
        e.registers = k.registers;
        e.stackFrame = k.frameSize;
        e.smem = k.staticShared;
        return e;
      }
  }
  return std::nullopt;
}

} // namespace

std::optional<RegsReport> gatherRegs(const std::string &given, std::string &error) {
  RegsReport rep;
  std::string path = given;
  if (isTritonParseTrace(given)) {
    // A tritonparse trace: its compiles, laid out as a cache folder, read as one.
    auto trace = traceAsCache(given, error);
    if (!trace)
      return std::nullopt;
    path = trace->dir;
  }
  std::error_code ec;
  std::vector<LogEntry> entries;
  struct Meta {
    std::string folder, jsonPath, name;
    KernelMetadata m;
  };
  std::vector<Meta> metas;
  std::vector<std::string> ttgirs;
  auto readLog = [&](const std::string &file, const std::string &folder) {
    PtxasLog log = parsePtxasLog(readAll(file));
    if (log.entries.empty() && log.results.empty())
      return;
    rep.inputs.push_back(file);
    for (PtxasEntry &e : log.entries)
      entries.push_back({std::move(e), file, folder, false});
    for (AutotuneResult &a : log.results)
      rep.autotune.push_back(a);
  };
  if (fs::is_regular_file(path, ec)) {
    readLog(path, fs::path(path).parent_path().string());
  } else if (fs::is_directory(path, ec)) {
    std::vector<fs::path> files;
    for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
         it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (ec)
        break;
      if (it.depth() > 4) {
        it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec))
        files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path &f : files) {
      std::string name = f.filename().string(), ext = f.extension().string();
      std::string folder = f.parent_path().string();
      if (ext == ".log" || ext == ".txt") {
        readLog(f.string(), folder);
      } else if (ext == ".json" && name.rfind("__grp__", 0) != 0) {
        std::string err;
        if (auto m = parseKernelMetadata(readAll(f.string()), err)) {
          rep.inputs.push_back(f.string());
          metas.push_back({folder, f.string(), f.stem().string(), *m});
        }
      } else if (ext == ".ttgir") {
        ttgirs.push_back(f.string());
      }
    }
  } else {
    error = "no such file or directory";
    return std::nullopt;
  }
  for (const Meta &md : metas) {
    KernelResourcesRow r;
    r.kernel = md.m.name;
    r.where = md.folder;
    r.meta = md.m;
    // 1. the ptxas log beside the metadata
    std::vector<LogEntry *> here, named;
    for (LogEntry &le : entries)
      if (le.e.function == md.m.name && le.folder == md.folder)
        here.push_back(&le);
    if (!here.empty()) {
      r.ptxas = here.front()->e;
      for (LogEntry *le : here)
        le->claimed = true;
      if (here.size() > 1)
        r.matchNote = fmt::format("{} compiles in {}", here.size(), fs::path(here.front()->file).filename().string());
    } else {
      // 2. by name and config anywhere
      for (LogEntry &le : entries)
        if (!le.claimed && le.e.function == md.m.name && configFits(le.e, md.m))
          named.push_back(&le);
      bool agree = !named.empty() && std::all_of(named.begin(), named.end(), [&](LogEntry *le) {
                     return sameNumbers(le->e, named.front()->e);
                   });
      if (named.size() == 1 || agree) {
        r.ptxas = named.front()->e;
        named.front()->claimed = true;
        if (named.front()->e.config)
          r.config = shortConfig(named.front()->e.config->text);
      } else if (named.size() > 1) {
        r.matchNote = fmt::format("{} ptxas entries fit this config; registers not attributed", named.size());
      } else if (auto c = cubinResources(md.folder, md.name, md.m.name)) {
        r.ptxas = *c;
        r.matchNote = "registers and stack frame from the cubin; spills need the ptxas log (--preset regs)";
      } else {
        r.matchNote = "no ptxas output for it (run with --preset regs)";
      }
    }
    fs::path base = fs::path(md.folder);
    for (const std::string &cand : {(base / (md.name + ".ttgir")).string(), (base / "kernel.ttgir").string()})
      if (fs::exists(cand, ec)) {
        std::string err;
        r.budgets = warpSpecBudgets(cand, err);
        break;
      }
    for (const std::string &cand : {(base / (md.name + ".ptx")).string(), (base / "kernel.ptx").string()})
      if (fs::exists(cand, ec)) {
        InstrStats st = instrStats(readAll(cand), false);
        if (!st.kernels.empty())
          r.ptx = st.kernels.front();
        break;
      }
    finishRow(r);
    rep.rows.push_back(std::move(r));
  }
  for (LogEntry &le : entries) {
    if (le.claimed)
      continue;
    KernelResourcesRow r;
    r.kernel = le.e.function;
    r.where = fmt::format("{}:{}", le.file, le.e.line);
    r.ptxas = le.e;
    finishRow(r);
    rep.rows.push_back(std::move(r));
  }
  for (KernelResourcesRow &r : rep.rows)
    for (const AutotuneResult &a : rep.autotune)
      if (a.kernel == r.kernel && r.ptxas && r.ptxas->config && r.ptxas->config->text == a.bestConfig)
        r.best = true;
  if (rep.rows.empty()) {
    error = "found no ptxas output and no kernel metadata (.json)";
    return std::nullopt;
  }
  sortRegs(rep, "name");
  return rep;
}

void sortRegs(RegsReport &r, const std::string &key) {
  auto regs = [](const KernelResourcesRow &x) { return x.ptxas ? x.ptxas->registers : -1; };
  auto spills = [](const KernelResourcesRow &x) {
    return x.ptxas ? std::max<int64_t>(0, x.ptxas->spillStores) + std::max<int64_t>(0, x.ptxas->spillLoads) : -1;
  };
  auto occ = [](const KernelResourcesRow &x) { return x.occupancy ? x.occupancy->fraction : -1.0; };
  std::stable_sort(r.rows.begin(), r.rows.end(), [&](const KernelResourcesRow &a, const KernelResourcesRow &b) {
    if (key == "regs" && regs(a) != regs(b))
      return regs(a) > regs(b);
    if (key == "spills" && spills(a) != spills(b))
      return spills(a) > spills(b);
    if (key == "occupancy" && occ(a) != occ(b))
      return occ(a) < occ(b);
    if (a.kernel != b.kernel)
      return a.kernel < b.kernel;
    return a.where < b.where;
  });
}

namespace {

std::string num(int64_t v) { return v < 0 ? "?" : std::to_string(v); }

std::string occText(const KernelResourcesRow &r) {
  if (!r.occupancy)
    return r.arch ? fmt::format("sm_{}: not modelled", r.arch) : "?";
  const Occupancy &o = *r.occupancy;
  if (!o.launchable)
    return "cannot launch: " + o.whyNot;
  return fmt::format("{} CTA/SM, {}/{} warps ({:.0f}%), limit: {}", o.ctasPerSm, o.warpsPerSm,
                     smLimits(r.arch)->maxWarpsPerSm, o.fraction * 100, o.limiter);
}

} // namespace

std::vector<KernelComparison> compareConfigs(const RegsReport &rep) {
  std::map<std::string, std::vector<const KernelResourcesRow *>> byKernel;
  for (const KernelResourcesRow &r : rep.rows)
    byKernel[r.kernel].push_back(&r);
  auto keyValues = [](const std::string &config) {
    std::map<std::string, std::string> kv;
    size_t i = 0;
    while (i < config.size()) {
      size_t sp = config.find(' ', i);
      std::string item = config.substr(i, sp == std::string::npos ? std::string::npos : sp - i);
      size_t eq = item.find('=');
      if (eq != std::string::npos)
        kv[item.substr(0, eq)] = item.substr(eq + 1);
      i = sp == std::string::npos ? config.size() : sp + 1;
    }
    return kv;
  };
  auto delta = [](auto get, const KernelResourcesRow &a, const KernelResourcesRow &b) -> std::optional<int64_t> {
    std::optional<int64_t> x = get(a), y = get(b);
    if (!x || !y)
      return std::nullopt;
    return *x - *y;
  };
  auto known = [](int64_t v) { return v < 0 ? std::nullopt : std::optional<int64_t>(v); };
  std::vector<KernelComparison> out;
  for (auto &[kernel, rows] : byKernel) {
    if (rows.size() < 2)
      continue;
    KernelComparison c;
    c.kernel = kernel;
    c.baseline = rows.front();
    for (const KernelResourcesRow *r : rows)
      if (r->best) {
        c.baseline = r;
        c.baselineIsBest = true;
      }
    std::map<std::string, std::string> base = keyValues(c.baseline->config);
    for (const KernelResourcesRow *r : rows) {
      if (r == c.baseline)
        continue;
      ConfigDelta d;
      d.row = r;
      std::map<std::string, std::string> kv = keyValues(r->config);
      for (auto &[k, v] : kv)
        if (!base.count(k) || base.at(k) != v)
          d.differs.push_back(k);
      for (auto &[k, v] : base)
        if (!kv.count(k))
          d.differs.push_back(k);
      d.registers = delta([&](const KernelResourcesRow &x) { return x.ptxas ? known(x.ptxas->registers) : std::nullopt; },
                          *r, *c.baseline);
      d.spillBytes = delta(
          [&](const KernelResourcesRow &x) -> std::optional<int64_t> {
            if (!x.ptxas || x.ptxas->spillStores < 0 || x.ptxas->spillLoads < 0)
              return std::nullopt;
            return x.ptxas->spillStores + x.ptxas->spillLoads;
          },
          *r, *c.baseline);
      d.stackFrame = delta([&](const KernelResourcesRow &x) { return x.ptxas ? known(x.ptxas->stackFrame) : std::nullopt; },
                           *r, *c.baseline);
      d.shared = delta([&](const KernelResourcesRow &x) { return x.meta ? known(x.meta->shared) : std::nullopt; },
                       *r, *c.baseline);
      d.ctasPerSm = delta(
          [&](const KernelResourcesRow &x) -> std::optional<int64_t> {
            return x.occupancy && x.occupancy->launchable ? std::optional<int64_t>(x.occupancy->ctasPerSm) : std::nullopt;
          },
          *r, *c.baseline);
      d.warpsPerSm = delta(
          [&](const KernelResourcesRow &x) -> std::optional<int64_t> {
            return x.occupancy && x.occupancy->launchable ? std::optional<int64_t>(x.occupancy->warpsPerSm) : std::nullopt;
          },
          *r, *c.baseline);
      c.others.push_back(std::move(d));
    }
    out.push_back(std::move(c));
  }
  return out;
}

namespace {

std::string signedOrUnknown(const std::optional<int64_t> &v) { return v ? fmt::format("{:+}", *v) : "?"; }

std::string limiterOf(const KernelResourcesRow &r) {
  if (!r.occupancy)
    return "?";
  return r.occupancy->launchable ? r.occupancy->limiter : "cannot launch";
}

void writeComparison(std::ostream &os, const KernelComparison &c) {
  os << fmt::format("\ncompare {}: {} config(s) against {} ({}):\n", c.kernel, c.others.size(), c.baseline->config,
                    c.baselineIsBest ? "the autotuner's best" : "the first row");
  os << fmt::format("  {:<42} {:<22} {:>5} {:>7} {:>6} {:>7} {:>7} {:>9}  {}\n", "config", "differs in", "regs",
                    "spill B", "stack", "shared", "CTA/SM", "warps/SM", "occupancy limit");
  for (const ConfigDelta &d : c.others) {
    std::string differs;
    for (const std::string &k : d.differs)
      differs += (differs.empty() ? "" : ",") + k;
    std::string lim = limiterOf(*d.row), baseLim = limiterOf(*c.baseline);
    os << fmt::format("  {:<42} {:<22} {:>5} {:>7} {:>6} {:>7} {:>7} {:>9}  {}\n", d.row->config,
                      differs.empty() ? "-" : differs, signedOrUnknown(d.registers), signedOrUnknown(d.spillBytes),
                      signedOrUnknown(d.stackFrame), signedOrUnknown(d.shared), signedOrUnknown(d.ctasPerSm),
                      signedOrUnknown(d.warpsPerSm), lim == baseLim ? lim : lim + " (baseline: " + baseLim + ")");
  }
}

} // namespace

void writeRegsText(std::ostream &os, const RegsReport &rep, bool compare) {
  os << fmt::format("{:<28} {:<42} {:>4} {:>4} {:>9} {:>5} {:>4} {:>5} {:>7}  {}\n", "kernel", "config", "sm",
                    "regs", "spill s/l", "stack", "bars", "warps", "shared", "occupancy on its target");
  std::map<std::string, const KernelResourcesRow *> baselineOf; // --compare: deltas against the same baseline
  std::vector<KernelComparison> comparisons = compare ? compareConfigs(rep) : std::vector<KernelComparison>{};
  for (const KernelComparison &c : comparisons)
    baselineOf[c.kernel] = c.baseline;
  for (const KernelResourcesRow &r : rep.rows) {
    const PtxasEntry *p = r.ptxas ? &*r.ptxas : nullptr;
    std::string regs = p ? num(p->registers) : "?";
    auto base = baselineOf.find(r.kernel);
    if (base != baselineOf.end() && base->second != &r && p && p->registers >= 0 && base->second->ptxas &&
        base->second->ptxas->registers >= 0)
      regs += fmt::format("({:+})", p->registers - base->second->ptxas->registers);
    std::string config = r.config + (r.best ? " *best*" : "");
    os << fmt::format("{:<28} {:<42} {:>4} {:>4} {:>9} {:>5} {:>4} {:>5} {:>7}  {}\n", r.kernel, config,
                      r.arch ? std::to_string(r.arch) : "?", regs,
                      p ? num(p->spillStores) + "/" + num(p->spillLoads) : "?", p ? num(p->stackFrame) : "?",
                      p ? num(p->barriers) : "?",
                      r.meta ? std::to_string(r.meta->numWarps)
                             : (p && p->config && p->config->numWarps ? std::to_string(*p->config->numWarps) : "?"),
                      r.meta ? std::to_string(r.meta->shared) : "?", occText(r));
  }
  for (const KernelResourcesRow &r : rep.rows) {
    if (!r.matchNote.empty() || (r.ptxas && !r.ptxas->warnings.empty()))
      os << fmt::format("note: {} ({}):", r.kernel, r.where);
    if (!r.matchNote.empty())
      os << " " << r.matchNote << (r.ptxas && !r.ptxas->warnings.empty() ? ";" : "");
    if (r.ptxas && !r.ptxas->warnings.empty())
      os << " ptxas " << r.ptxas->warnings.front();
    if (!r.matchNote.empty() || (r.ptxas && !r.ptxas->warnings.empty()))
      os << "\n";
  }
  for (const KernelResourcesRow &r : rep.rows) {
    for (const WarpSpecBudget &b : r.budgets) {
      os << fmt::format("\nwarp specialization of {} ({}, ttg.warp_specialize at TTGIR line {}), {}:\n", r.kernel,
                        r.where, b.line,
                        b.fromIr ? "actualRegisters from the IR"
                                 : (b.reallocated ? "registers as Triton's AllocateWarpGroups assigns them"
                                                  : "no register reallocation"));
      os << fmt::format("  {:<12} {:>5} {:>9} {:>11} {:>9}\n", "group", "warps", "requested", "regs/thread",
                        "registers");
      for (const PartitionBudget &g : b.groups)
        os << fmt::format("  {:<12} {:>5} {:>9} {:>11} {:>9}\n", g.name, g.warps,
                          g.requested < 0 ? "-" : std::to_string(g.requested), g.registers,
                          int64_t(g.warps) * 32 * g.registers);
      os << fmt::format("  {:<12} {:>5} {:>9} {:>11} {:>9} of 65536 ({:.1f}%); launch maxnreg {}\n", "total",
                        b.totalWarps, "", "", b.totalRegisters, b.totalRegisters * 100.0 / 65536, b.maxnreg);
      if (!b.note.empty())
        os << "  note: " << b.note << "\n";
      if (r.ptx) {
        os << "  PTX: .maxnreg " << num(r.ptx->maxnreg) << ", .reqntid " << num(r.ptx->reqntid);
        auto list = [&](const char *what, const std::map<int, uint64_t> &m) {
          if (m.empty())
            return;
          os << "; setmaxnreg." << what;
          for (auto &[v, n] : m)
            os << " " << v;
        };
        list("inc", r.ptx->setmaxnregInc);
        list("dec", r.ptx->setmaxnregDec);
        os << "\n";
      }
    }
  }
  for (const KernelComparison &c : comparisons)
    writeComparison(os, c);
  for (const AutotuneResult &a : rep.autotune)
    os << fmt::format("\nautotune: {} best config {} (tuning took {:.2f} s)\n", a.kernel, a.bestConfig, a.seconds);
}

bool regsHasErrors(const RegsReport &r) {
  for (const KernelResourcesRow &row : r.rows)
    if (row.occupancy && !row.occupancy->launchable)
      return true;
  return false;
}

nlohmann::json regsJson(const RegsReport &rep) {
  nlohmann::json out, kernels = nlohmann::json::array(), findings = nlohmann::json::array();
  for (const KernelResourcesRow &r : rep.rows) {
    nlohmann::json k;
    k["kernel"] = r.kernel;
    k["where"] = r.where;
    k["config"] = r.config;
    k["arch"] = r.arch;
    k["best"] = r.best;
    if (r.ptxas) {
      const PtxasEntry &p = *r.ptxas;
      k["registers"] = p.registers;
      k["barriers"] = p.barriers;
      k["stack_frame"] = p.stackFrame;
      k["spill_stores"] = p.spillStores;
      k["spill_loads"] = p.spillLoads;
      k["ptxas_warnings"] = p.warnings;
    }
    if (r.meta) {
      k["num_warps"] = r.meta->numWarps;
      k["num_stages"] = r.meta->numStages;
      k["shared"] = r.meta->shared;
      k["tmem_size"] = r.meta->tmemSize;
    }
    if (r.occupancy) {
      const Occupancy &o = *r.occupancy;
      k["occupancy"] = {{"launchable", o.launchable}, {"why_not", o.whyNot},     {"ctas_per_sm", o.ctasPerSm},
                        {"warps_per_sm", o.warpsPerSm}, {"fraction", o.fraction}, {"limiter", o.limiter},
                        {"by_registers", o.byRegisters}, {"by_shared_memory", o.bySharedMemory},
                        {"by_warps", o.byWarps},        {"by_tmem", o.byTmem},    {"by_cta_slots", o.byCtaSlots}};
    }
    nlohmann::json budgets = nlohmann::json::array();
    for (const WarpSpecBudget &b : r.budgets) {
      nlohmann::json groups = nlohmann::json::array();
      for (const PartitionBudget &g : b.groups)
        groups.push_back({{"name", g.name}, {"warps", g.warps}, {"requested", g.requested}, {"registers", g.registers}});
      budgets.push_back({{"ttgir_line", b.line}, {"total_warps", b.totalWarps}, {"maxnreg", b.maxnreg},
                         {"from_ir", b.fromIr}, {"reallocated", b.reallocated},
                         {"total_registers", b.totalRegisters}, {"groups", groups}});
    }
    k["warp_specialization"] = budgets;
    kernels.push_back(k);
    auto finding = [&](const char *check, const char *sev, std::string msg) {
      findings.push_back({{"check", check}, {"severity", sev}, {"message", msg},
                          {"location", {{"file", r.where}, {"line", r.ptxas ? r.ptxas->line : 0}, {"col", 1}}},
                          {"source", nullptr}, {"related", nlohmann::json::array()},
                          {"notes", nlohmann::json::array()}, {"trace", nlohmann::json::array()}});
    };
    if (r.ptxas && (r.ptxas->spillStores > 0 || r.ptxas->spillLoads > 0))
      finding("register-spill", "warning",
              fmt::format("{} ({}) spills: {} bytes stored, {} bytes loaded", r.kernel, r.config,
                          r.ptxas->spillStores, r.ptxas->spillLoads));
    if (r.occupancy && !r.occupancy->launchable)
      finding("cannot-launch", "error", fmt::format("{} ({}) cannot launch: {}", r.kernel, r.config, r.occupancy->whyNot));
  }
  out["kernels"] = kernels;
  out["findings"] = findings;
  nlohmann::json at = nlohmann::json::array();
  for (const AutotuneResult &a : rep.autotune)
    at.push_back({{"kernel", a.kernel}, {"best_config", a.bestConfig}, {"seconds", a.seconds}});
  out["autotune"] = at;
  nlohmann::json cmp = nlohmann::json::array();
  auto opt = [](const std::optional<int64_t> &v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  for (const KernelComparison &c : compareConfigs(rep)) {
    nlohmann::json rows = nlohmann::json::array();
    for (const ConfigDelta &d : c.others)
      rows.push_back({{"config", d.row->config}, {"where", d.row->where}, {"differs_in", d.differs},
                      {"delta", {{"registers", opt(d.registers)}, {"spill_bytes", opt(d.spillBytes)},
                                 {"stack_frame", opt(d.stackFrame)}, {"shared", opt(d.shared)},
                                 {"ctas_per_sm", opt(d.ctasPerSm)}, {"warps_per_sm", opt(d.warpsPerSm)}}},
                      {"limiter", limiterOf(*d.row)}});
    cmp.push_back({{"kernel", c.kernel}, {"baseline", c.baseline->config}, {"baseline_where", c.baseline->where},
                   {"baseline_is_best", c.baselineIsBest}, {"baseline_limiter", limiterOf(*c.baseline)},
                   {"configs", rows}});
  }
  out["compare"] = cmp;
  return out;
}

} // namespace tscope::dumps
