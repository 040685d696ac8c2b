// KernelDiff: the two sides are checked by runChecks (one parse and one set of
// kernel facts per file, shared by the diff); the diff itself is dumps::IrDiff,
// checks::compareReports and dumps::gatherRegs over what each side holds.
#include "driver/KernelDiff.h"

#include <chrono>
#include <filesystem>
#include <fmt/format.h>
#include <algorithm>
#include <map>
#include <tuple>

#include "checks/barriers/BarrierReport.h"

namespace fs = std::filesystem;

namespace tscope::driver {
namespace {

/// One entry kernel of one side.
struct SideKernel {
  const FileResult *file = nullptr;
  const kernel::Kernel *k = nullptr;
};

std::vector<SideKernel> entryKernels(const CheckRunResult &r) {
  std::vector<SideKernel> out;
  for (const FileResult &f : r.files)
    for (const kernel::Kernel &k : f.kernels)
      if (k.entry && k.func)
        out.push_back({&f, &k});
  return out;
}

bool sameFolder(const fs::path &a, const fs::path &b) {
  std::error_code ea, eb;
  fs::path ca = fs::weakly_canonical(a, ea), cb = fs::weakly_canonical(b, eb);
  return !ea && !eb && ca == cb;
}

bool hasFile(const fs::path &dir, const std::string &name) {
  std::error_code ec;
  return fs::is_regular_file(dir / name, ec);
}

bool hasLogFile(const fs::path &dir) {
  std::error_code ec;
  for (auto it = fs::directory_iterator(dir, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::directory_iterator(); it.increment(ec))
    if (it->path().extension() == ".log" && it->is_regular_file(ec))
      return true;
  return false;
}

/// `check` and the message with digit runs made `N`: findings that moved by
/// some lines (IR or Python) are still the same finding.
std::string findingKey(const checks::Finding &f) {
  std::string k = f.check + "|";
  bool inDigits = false;
  for (char c : f.message) {
    bool d = c >= '0' && c <= '9';
    if (d && !inDigits)
      k += 'N';
    else if (!d)
      k += c;
    inDigits = d;
  }
  return k;
}

std::vector<checks::Finding> findingsOf(const SideKernel &s) {
  std::vector<checks::Finding> out;
  const ir::SourceRange r = s.k->func->range;
  bool onlyKernel = true;
  for (const kernel::Kernel &k : s.file->kernels)
    if (&k != s.k && k.entry)
      onlyKernel = false;
  // A finding belongs to the kernel whose function holds its op; one with no
  // op (a file-level finding) to the file's only kernel.
  for (const checks::Finding &f : s.file->findings) {
    bool inside = f.where.offset ? (*f.where.offset >= r.offset && *f.where.offset < r.end()) : onlyKernel;
    if (inside)
      out.push_back(f);
  }
  return out;
}

/// Barrier groups that share a name are told apart by IR line (`acc@126`),
/// which moves between builds; name them by their order instead (`acc#2`).
void renameByOrder(checks::KernelBarrierReport &r) {
  std::map<std::string, std::vector<std::pair<uint32_t, checks::BarrierGroup *>>> byBase;
  for (checks::BarrierGroup &g : r.barriers) {
    size_t at = g.name.rfind('@');
    if (at == std::string::npos || at + 1 >= g.name.size() ||
        g.name.find_first_not_of("0123456789", at + 1) != std::string::npos)
      continue;
    byBase[g.name.substr(0, at)].emplace_back(static_cast<uint32_t>(std::stoul(g.name.substr(at + 1))), &g);
  }
  for (auto &[base, groups] : byBase) {
    std::sort(groups.begin(), groups.end(),
              [](const auto &x, const auto &y) { return x.first < y.first; });
    for (size_t i = 0; i < groups.size(); ++i)
      groups[i].second->name = base + "#" + std::to_string(i + 1);
  }
}

/// A wait's text with every identifier stripped of the printer's numbering.
std::string withoutNumbering(const std::string &text) {
  std::string out;
  size_t i = 0;
  auto identChar = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  };
  while (i < text.size()) {
    char c = text[i];
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
      size_t j = i;
      while (j < text.size() && (identChar(text[j]) || (text[j] == '#' && j + 1 < text.size() &&
                                                          text[j + 1] >= '0' && text[j + 1] <= '9')))
        ++j;
      out += dumps::normalizeValueName(std::string_view(text).substr(i, j - i));
      i = j;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

std::vector<render::VerdictPair> verdictsOf(const SideKernel &a, const SideKernel &b) {
  std::map<std::string, render::VerdictPair> byAnalysis;
  std::vector<std::string> order;
  auto collect = [&](const SideKernel &s, bool sideB) {
    for (const AnalysisSummary &an : s.file->analyses)
      for (const checks::KernelVerdict &v : an.kernels) {
        if (v.kernel != s.k->name)
          continue;
        std::string key = an.name;
        auto [it, fresh] = byAnalysis.try_emplace(key);
        if (fresh) {
          it->second.analysis = an.name;
          order.push_back(key);
        }
        (sideB ? it->second.b : it->second.a) = v;
      }
  };
  collect(a, false);
  collect(b, true);
  std::vector<render::VerdictPair> out;
  for (const std::string &k : order)
    out.push_back(byAnalysis[k]);
  return out;
}

render::KernelDiff diffPair(const SideKernel &a, const SideKernel &b, std::string pairedBy) {
  render::KernelDiff d;
  d.kernel = b.k->name;
  d.kernelA = a.k->name;
  d.fileA = a.file->path;
  d.fileB = b.file->path;
  d.pairedBy = std::move(pairedBy);
  d.opsA = dumps::diffOps(*a.k);
  d.opsB = dumps::diffOps(*b.k);
  d.rows = dumps::alignOps(d.opsA, d.opsB);
  d.dialects = dumps::dialectCounts(d.opsA, d.opsB);
  d.opCounts = dumps::changedOpCounts(d.opsA, d.opsB);
  d.aliases = dumps::changedAliases(*a.k, *b.k);

  // The barrier protocol through `barriers --compare`, for this kernel only
  // (under one name, so kernels renamed between builds still line up).
  auto oneKernel = [](const FileResult &f, const std::string &name, const std::string &as) {
    std::vector<checks::KernelBarrierReport> out;
    for (checks::KernelBarrierReport &r : checks::buildBarrierReport(*f.module))
      if (r.kernel == name) {
        r.kernel = as;
        renameByOrder(r);
        out.push_back(std::move(r));
        break;
      }
    return out;
  };
  d.barriers = checks::compareReports(oneKernel(*a.file, a.k->name, d.kernel), oneKernel(*b.file, b.k->name, d.kernel));
  // Waits that differ only in SSA numbering (arg51 vs arg53) are the same wait.
  for (checks::CompareRow &row : d.barriers)
    row.changed = withoutNumbering(row.oldWaits) != withoutNumbering(row.newWaits);

  d.resA = resourcesOf(a.file->path, a.k->name, d.resNoteA);
  d.resB = resourcesOf(b.file->path, b.k->name, d.resNoteB);

  d.verdicts = verdictsOf(a, b);
  std::vector<checks::Finding> fa = findingsOf(a), fb = findingsOf(b);
  std::multimap<std::string, size_t> inA;
  for (size_t i = 0; i < fa.size(); ++i)
    inA.emplace(findingKey(fa[i]), i);
  std::vector<bool> matchedA(fa.size(), false);
  for (checks::Finding &f : fb) {
    auto it = inA.find(findingKey(f));
    if (it != inA.end()) {
      matchedA[it->second] = true;
      inA.erase(it);
      ++d.sameFindings;
    } else {
      d.onlyB.push_back(std::move(f));
    }
  }
  for (size_t i = 0; i < fa.size(); ++i)
    if (!matchedA[i])
      d.onlyA.push_back(std::move(fa[i]));
  return d;
}

/// Pairs the builds of one kernel name: one build per side pairs as is;
/// several (the configs of an autotune run) pair greedily by the most ops in
/// common, an equal module op (num-warps, target) weighing more than any op
/// count; past 8 x 8 builds, in order. Pairs come in the order of A.
std::vector<std::pair<size_t, size_t>> pairBuilds(const std::vector<SideKernel> &as,
                                                  const std::vector<SideKernel> &bs) {
  std::vector<std::pair<size_t, size_t>> out;
  size_t n = std::min(as.size(), bs.size());
  if (as.size() <= 1 || bs.size() <= 1 || as.size() > 8 || bs.size() > 8) {
    for (size_t i = 0; i < n; ++i)
      out.emplace_back(i, i);
    return out;
  }
  std::vector<std::vector<dumps::DiffOp>> oa, ob;
  for (const SideKernel &s : as)
    oa.push_back(dumps::diffOps(*s.k));
  for (const SideKernel &s : bs)
    ob.push_back(dumps::diffOps(*s.k));
  std::vector<std::tuple<size_t, size_t, size_t>> scored; // score, i, j
  for (size_t i = 0; i < as.size(); ++i)
    for (size_t j = 0; j < bs.size(); ++j) {
      size_t same = 0;
      for (const dumps::AlignedOp &r : dumps::alignOps(oa[i], ob[j]))
        same += r.kind == dumps::AlignKind::Same;
      bool sameModule = !oa[i].empty() && !ob[j].empty() && oa[i][0].key == ob[j][0].key;
      scored.emplace_back((sameModule ? size_t(1) << 32 : 0) + same, i, j);
    }
  // Highest score first; ties in the order of A, then of B.
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto &x, const auto &y) { return std::get<0>(x) > std::get<0>(y); });
  std::vector<bool> usedA(as.size(), false), usedB(bs.size(), false);
  for (auto [score, i, j] : scored)
    if (!usedA[i] && !usedB[j]) {
      usedA[i] = usedB[j] = true;
      out.emplace_back(i, j);
    }
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace

std::optional<dumps::KernelResourcesRow> resourcesOf(const std::string &irFile, const std::string &kernel,
                                                     std::string &note) {
  fs::path folder = fs::path(irFile).parent_path();
  if (folder.empty())
    folder = ".";
  std::string stem = fs::path(irFile).stem().string();
  // Where to look, nearest first: the IR's own folder when it holds this
  // kernel's metadata, cubin or ptxas log (fixture and cache layouts); for a
  // Triton cache or dump folder inside a `tscope run` output, that output
  // (its logs carry the ptxas lines). Never a folder above those.
  std::vector<fs::path> roots;
  if (hasFile(folder, stem + ".json") || hasFile(folder, "kernel.json") || hasFile(folder, stem + ".cubin") ||
      hasFile(folder, "ptxas.log"))
    roots.push_back(folder);
  fs::path up = folder.parent_path();
  std::string upName = up.filename().string();
  if ((upName == "cache" || upName == "dump") && !up.parent_path().empty() && hasLogFile(up.parent_path()))
    roots.push_back(up.parent_path());
  std::optional<dumps::KernelResourcesRow> best;
  for (const fs::path &root : roots) {
    std::string err;
    std::optional<dumps::RegsReport> rep = dumps::gatherRegs(root.string(), err);
    if (!rep)
      continue;
    for (dumps::KernelResourcesRow &row : rep->rows) {
      if (row.kernel != kernel || !sameFolder(row.where, folder))
        continue;
      if (!best || (!best->ptxas && row.ptxas))
        best = std::move(row);
      break;
    }
    if (best && best->ptxas)
      break;
  }
  if (!best) {
    note = "no kernel .json metadata, ptxas log or cubin beside the IR";
    return best;
  }
  if (!best->ptxas)
    note = "metadata only (no ptxas log or cubin): registers and spills unknown";
  else if (best->ptxas->tool == "cubin")
    note = "registers from the cubin";
  else
    note = "registers from the ptxas log" + (best->ptxas->config ? " (config " + best->config + ")" : std::string());
  return best;
}

render::DiffReport buildDiff(const std::string &a, const std::string &b, const CheckOptions &opts,
                             std::ostream &err, bool &badInput) {
  auto t0 = std::chrono::steady_clock::now();
  render::DiffReport rep;
  rep.a = a;
  rep.b = b;
  CheckRunResult ra = runChecks({a}, opts, err), rb = runChecks({b}, opts, err);
  badInput = ra.badInput || rb.badInput;
  std::vector<SideKernel> ka = entryKernels(ra), kb = entryKernels(rb);
  auto label = [](const SideKernel &s) { return s.k->name + " (" + s.file->path + ")"; };
  if (ka.size() == 1 && kb.size() == 1 && ka[0].k->name != kb[0].k->name) {
    rep.kernels.push_back(diffPair(ka[0], kb[0], "only kernel on each side"));
  } else {
    // Pair by name; several builds of one name (autotune configs in one
    // cache) pair in order and say so.
    std::map<std::string, std::pair<std::vector<SideKernel>, std::vector<SideKernel>>> byName;
    std::vector<std::string> order;
    for (const SideKernel &s : ka) {
      if (byName.find(s.k->name) == byName.end())
        order.push_back(s.k->name);
      byName[s.k->name].first.push_back(s);
    }
    for (const SideKernel &s : kb) {
      if (byName.find(s.k->name) == byName.end())
        order.push_back(s.k->name);
      byName[s.k->name].second.push_back(s);
    }
    for (const std::string &name : order) {
      auto &[as, bs] = byName[name];
      std::vector<std::pair<size_t, size_t>> pairs = pairBuilds(as, bs);
      if (as.size() > 1 || bs.size() > 1)
        rep.notes.push_back(fmt::format("{}: {} build(s) in A and {} in B, paired by the most ops in common "
                                        "(the module's num-warps first); give two kernel folders to choose",
                                        name, as.size(), bs.size()));
      std::vector<bool> usedA(as.size(), false), usedB(bs.size(), false);
      for (size_t p = 0; p < pairs.size(); ++p) {
        auto [i, j] = pairs[p];
        usedA[i] = usedB[j] = true;
        rep.kernels.push_back(diffPair(as[i], bs[j],
                                       pairs.size() > 1 || as.size() > 1 || bs.size() > 1
                                           ? fmt::format("name (build {} of {})", p + 1, pairs.size())
                                           : std::string("name")));
      }
      for (size_t i = 0; i < as.size(); ++i)
        if (!usedA[i])
          rep.unpairedA.push_back(label(as[i]));
      for (size_t j = 0; j < bs.size(); ++j)
        if (!usedB[j])
          rep.unpairedB.push_back(label(bs[j]));
    }
  }
  if (ka.empty())
    rep.notes.push_back(a + ": no kernel found");
  if (kb.empty())
    rep.notes.push_back(b + ": no kernel found");
  rep.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  return rep;
}

} // namespace tscope::driver
