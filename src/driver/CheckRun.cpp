// CheckRun: the registry's analyses over every resolved input file.
#include "driver/CheckRun.h"

#include <chrono>
#include <fstream>
#include <map>

#include "checks/model/Coverage.h"
#include "driver/CheckInputs.h"
#include "support/Progress.h"
#include "driver/SourcePaths.h"
#include <fmt/format.h>
#include "ir/Parser.h"
#include "kernel/Kernel.h"
#include "render/FindingRender.h"
#include "render/Sarif.h"

namespace tscope::driver {
namespace {

double msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

} // namespace

void attachPythonLines(std::vector<checks::Finding> &findings) {
  std::map<std::pair<std::string, uint32_t>, std::string> cache;
  for (checks::Finding &f : findings) {
    if (f.where.pyFile.empty() || !f.where.pyLine)
      continue;
    // IR compiled elsewhere: its Python paths as this machine reaches them.
    f.where.pyFile = resolveSourcePath(f.where.pyFile);
    for (checks::RelatedLocation &r : f.related)
      if (!r.where.pyFile.empty())
        r.where.pyFile = resolveSourcePath(r.where.pyFile);
    auto key = std::make_pair(f.where.pyFile, f.where.pyLine);
    auto it = cache.find(key);
    if (it == cache.end()) {
      std::vector<std::string> lines = readLines(f.where.pyFile, f.where.pyLine, f.where.pyLine);
      it = cache.emplace(key, lines.empty() ? std::string() : lines.front()).first;
    }
    f.where.pyText = it->second;
  }
}

std::vector<std::string> readLines(const std::string &path, uint32_t first, uint32_t last) {
  std::vector<std::string> out;
  std::ifstream in(path);
  if (!in || first == 0)
    return out;
  std::string line;
  for (uint32_t n = 1; n <= last && std::getline(in, line); ++n)
    if (n >= first)
      out.push_back(line);
  return out;
}

namespace {

bool isErrorVerdict(checks::Verdict v) {
  using checks::Verdict;
  return v == Verdict::Deadlock || v == Verdict::Trap || v == Verdict::Race || v == Verdict::OutOfBounds;
}

/// The expected GPU outcome of one kernel. The barrier model's line decides
/// hangs and faults; an error of another analysis that says what it does on
/// the GPU (a split store, an in-order race) turns "finishes" into its words,
/// and adds to a hang what may come first.
std::string foldExpectedGpu(const std::string &model, bool unknown, bool clean,
                            const std::vector<const checks::Finding *> &mine) {
  const checks::Finding *said = nullptr, *firstError = nullptr;
  for (const checks::Finding *f : mine) {
    if (f->severity != support::Severity::Error)
      continue;
    if (!firstError)
      firstError = f;
    // The model's own findings (deadlock, over-arrival, stale read) are in
    // its line already; a race is not, and counts where the schedules the
    // hardware usually runs reach it.
    bool likelyRace = f->check == "race" && (f->schedule == "every" || f->schedule == "in-order");
    if (!said && !f->onGpu.empty() && (f->schedule.empty() || likelyRace))
      said = f;
  }
  bool modelFinishes = model.starts_with("finishes");
  if (said && (model.empty() || modelFinishes))
    return said->onGpu + " (" + said->check + ")" + (unknown ? "; not every check decided this kernel" : "");
  if (said && said->schedule.empty() && (model.starts_with("hang") || model.starts_with("fault")))
    return model + "; " + said->check + " may show first: " + said->onGpu;
  if (!model.empty() && !(modelFinishes && (firstError || unknown)))
    return model;
  if (modelFinishes && firstError)
    return "finishes (no hang, no fault); results may be wrong: see " + firstError->check;
  if (modelFinishes)
    return model + "; not every check decided this kernel";
  if (unknown)
    return "unknown: not every check decided this kernel";
  return clean ? "finishes (no hang, no fault, no race found)" : "";
}

} // namespace

std::vector<KernelOutcome> kernelOutcomes(const FileResult &fr) {
  std::vector<KernelOutcome> out;
  auto at = [&](const std::string &name) -> KernelOutcome & {
    for (KernelOutcome &k : out)
      if (k.kernel == name)
        return k;
    out.push_back({name, "clean", "", {}, {}});
    return out.back();
  };
  for (const kernel::Kernel &k : fr.kernels)
    at(k.name);
  std::map<std::string, std::string> model; // kernel -> the barrier model's expected line
  std::map<std::string, bool> error, unknown;
  for (const AnalysisSummary &s : fr.analyses)
    for (const checks::KernelVerdict &v : s.kernels) {
      KernelOutcome &k = at(v.kernel);
      k.verdictLines.push_back(s.name + ": " + v.summary);
      error[v.kernel] |= isErrorVerdict(v.verdict);
      unknown[v.kernel] |= v.verdict == checks::Verdict::Unknown;
      if (!v.expectedGpu.empty())
        model.emplace(v.kernel, v.expectedGpu);
    }
  std::map<std::string, std::vector<const checks::Finding *>> mine;
  for (const checks::Finding &f : fr.findings) {
    if (!f.where.offset || !fr.module)
      continue;
    std::string name = render::enclosingFunction(fr.module->buffer(), *f.where.offset);
    if (name.empty())
      continue;
    KernelOutcome &k = at(name);
    mine[name].push_back(&f);
    error[name] |= f.severity == support::Severity::Error;
    if (f.check == checks::kNotVerified) {
      unknown[name] = true;
      std::string why = f.message;
      for (const std::string &n : f.notes)
        why += "; " + n;
      k.notVerified.push_back(why);
    }
  }
  for (KernelOutcome &k : out) {
    if (unknown[k.kernel] && k.notVerified.empty())
      for (const std::string &l : k.verdictLines)
        if (l.find("unknown") != std::string::npos)
          k.notVerified.push_back(l);
    k.verdict = error[k.kernel] ? "error" : unknown[k.kernel] ? "not-verified" : "clean";
    auto m = model.find(k.kernel);
    k.expectedGpu = foldExpectedGpu(m == model.end() ? std::string() : m->second, unknown[k.kernel],
                                    k.verdict == "clean", mine[k.kernel]);
  }
  return out;
}

int CheckRunResult::exitCode() const {
  if (badInput)
    return 2;
  return count(support::Severity::Error) ? 1 : 0;
}

CheckRunResult::Coverage CheckRunResult::coverage() const {
  Coverage c;
  for (const FileResult &f : files) {
    std::map<std::string, bool> decided; // kernel -> every analysis decided it
    for (const AnalysisSummary &s : f.analyses)
      for (const checks::KernelVerdict &k : s.kernels) {
        auto [it, fresh] = decided.emplace(k.kernel, true);
        it->second &= k.verdict != checks::Verdict::Unknown;
      }
    for (const auto &[name, ok] : decided)
      ++(ok ? c.verified : c.notVerified);
  }
  return c;
}

size_t CheckRunResult::count(support::Severity s) const {
  size_t n = 0;
  for (const FileResult &f : files)
    for (const checks::Finding &x : f.findings)
      n += x.severity == s;
  return n;
}

void checkModule(FileResult &fr, const ir::Module &m, const std::vector<checks::TmaLaunch> &launches,
                 const CheckOptions &opts, const std::function<void(const std::string &)> &onAnalysis) {
  size_t buildsBefore = kernel::Kernel::buildCount();
  // The file's facts, once: every analysis reads the same kernels, and the
  // deadlock and race checks share one exploration.
  std::vector<kernel::Kernel> kernels = kernel::Kernel::build(m);
  std::optional<std::vector<checks::races::KernelModelResult>> shared;
  std::optional<std::vector<checks::stale::KernelFlowResult>> flow;
  // --timeout is per kernel file: this module's searches get their own deadline.
  checks::DeadlockOptions bounds = opts.deadlock;
  checks::model::CoveragePlans coverage; // this module's, planned once for its checks
  bounds.coverage = &coverage;
  if (opts.timeoutPerFile > 0) {
    bounds.timeoutSeconds = opts.timeoutPerFile;
    bounds.deadline = std::chrono::steady_clock::now() +
                      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                          std::chrono::duration<double>(opts.timeoutPerFile));
  }
  checks::CheckContext ctx{m, kernels, launches, bounds, opts.disabled, &shared, &flow};
  ctx.lowering = opts.lowering;
  for (const checks::Analysis &a : checks::analyses()) {
    AnalysisSummary s;
    s.name = std::string(a.name);
    bool anyEnabled = false;
    for (const checks::CheckId &id : a.ids())
      anyEnabled |= opts.disabled.count(id.id) == 0;
    if (!anyEnabled) {
      s.ran = false;
      s.skipped = "every check id disabled";
      fr.analyses.push_back(std::move(s));
      continue;
    }
    if (onAnalysis)
      onAnalysis(std::string(a.name));
    auto t0 = std::chrono::steady_clock::now();
    checks::AnalysisOutcome o = a.run(ctx);
    s.ms = msSince(t0);
    s.ran = o.ran;
    s.skipped = o.skipped;
    s.verdicts = std::move(o.verdicts);
    s.kernels = std::move(o.kernels);
    for (checks::Finding &f : o.findings) {
      if (opts.werror && f.severity == support::Severity::Warning) {
        f.severity = support::Severity::Error;
        f.notes.push_back("a warning made an error by --Werror");
      }
      fr.findings.push_back(std::move(f));
    }
    fr.analyses.push_back(std::move(s));
  }
  fr.kernelBuilds = kernel::Kernel::buildCount() - buildsBefore;
  fr.kernels = std::move(kernels);
  checks::sortFindings(fr.findings);
}

CheckRunResult runChecks(const std::vector<std::string> &paths, const CheckOptions &opts, std::ostream &err) {
  CheckRunResult res;
  InputSet inputs = collectInputs(paths, opts.launches, opts.filter);
  for (const std::string &e : inputs.errors)
    err << e.substr(0, e.find(": ")) << ": error: " << e.substr(e.find(": ") + 2) << "\n";
  res.badInput = !inputs.errors.empty();
  res.notes = inputs.notes;
  std::map<std::string, std::vector<checks::TmaLaunch>> launchCache;
  support::ProgressLine progress("tscope check", "kernel files", inputs.files.size());
  size_t done = 0;
  for (const CheckInput &in : inputs.files) {
    progress.update(done++, "parsing " + in.path);
    auto tParse = std::chrono::steady_clock::now();
    std::string why;
    auto buf = support::SourceBuffer::open(in.path, why);
    if (!buf) {
      err << in.path << ": error: cannot read: " << why << "\n";
      res.badInput = true;
      continue;
    }
    support::Diagnostics diags;
    auto m = ir::parseModule(std::move(buf), diags);
    diags.print(err);
    if (diags.errorCount()) {
      res.badInput = true;
      continue;
    }
    auto lc = launchCache.find(in.launches);
    if (lc == launchCache.end()) {
      std::vector<std::string> errors;
      std::vector<checks::TmaLaunch> ls;
      if (!in.launches.empty())
        ls = readTmaLaunches(in.launches, opts.descShapes, errors);
      for (const std::string &e : errors)
        err << "error: " << e << "\n";
      res.badInput |= !errors.empty();
      lc = launchCache.emplace(in.launches, std::move(ls)).first;
    }
    FileResult fr;
    fr.path = in.path;
    fr.launches = in.launches;
    fr.parseMs = msSince(tParse);
    checkModule(fr, *m, lc->second, opts,
                [&](const std::string &analysis) { progress.update(done - 1, analysis + " on " + in.path); });
    attachPythonLines(fr.findings);
    fr.module = std::move(m);
    fr.outcomes = kernelOutcomes(fr);
    if (opts.timing) {
      progress.finish();
      std::string line = fmt::format("{}: parse {:.1f} ms", fr.path, fr.parseMs);
      for (const AnalysisSummary &s : fr.analyses)
        line += fmt::format(", {} {:.1f} ms", s.name, s.ms);
      err << line << fmt::format("; kernel facts built {} time{}\n", fr.kernelBuilds, fr.kernelBuilds == 1 ? "" : "s");
    }
    res.files.push_back(std::move(fr));
  }
  return res;
}

} // namespace tscope::driver
