// CheckRun: the registry's analyses over every resolved input file.
#include "driver/CheckRun.h"

#include <chrono>
#include <fstream>
#include <map>

#include "driver/CheckInputs.h"
#include "support/Progress.h"
#include "driver/SourcePaths.h"
#include <fmt/format.h>
#include "ir/Parser.h"
#include "kernel/Kernel.h"
#include "render/FindingRender.h"

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
  // --timeout is per kernel file: this module's searches get their own deadline.
  checks::DeadlockOptions bounds = opts.deadlock;
  if (opts.timeoutPerFile > 0) {
    bounds.timeoutSeconds = opts.timeoutPerFile;
    bounds.deadline = std::chrono::steady_clock::now() +
                      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                          std::chrono::duration<double>(opts.timeoutPerFile));
  }
  checks::CheckContext ctx{m, kernels, launches, bounds, opts.disabled, &shared};
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
