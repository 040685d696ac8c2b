// `tscope passes LOG`: split an MLIR_ENABLE_DUMP / LLVM print-after-all log
// into dumps and report what each pass did (see docs/Dumps.md).
#include <chrono>
#include <cstdlib>
#include <fmt/format.h>
#include <iostream>

#include "checks/CheckRegistry.h"
#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "cli/ModelOptions.h"
#include "driver/PassCheck.h"
#include "dumps/CompressedLog.h"
#include "dumps/PassReport.h"
#include "dumps/TritonParseTrace.h"
#include "support/Progress.h"
#include "support/SourceBuffer.h"

namespace tscope::cli {
Command makePassesCommand() {
  return {"passes", "Split an MLIR_ENABLE_DUMP pass log: what each pass changed, diffs, failures",
          [](CLI::App &app) {
            struct Opts {
              std::string log, kernel, diff, first, format = "text";
              bool lastGood = false, parseOps = false, changedOnly = false, timing = false, check = false;
              unsigned threads = 0;
              std::vector<std::string> disabled;
              ModelCliOptions model;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("log", o->log, "pass log (stderr of a run with MLIR_ENABLE_DUMP=1; '-' for stdin)")
                ->required();
            addKernelOption(app, o->kernel);
            app.add_option("--diff", o->diff, "unified diff of one pass: its row number, name or argument");
            app.add_option("--first", o->first, "the pass where an op (e.g. ttng.wait_barrier) appears and disappears");
            app.add_flag("--last-good", o->lastGood, "print the IR the failing pass received");
            app.add_flag("--changed", o->changedOnly, "list only passes that changed the IR");
            app.add_flag("--parse-ops", o->parseOps,
                         "count ops with the full MLIR parser instead of the line scan (slower; same counts)");
            app.add_option("--threads", o->threads, "worker threads (default: all cores)");
            app.add_flag("--timing", o->timing, "print split/analysis times to stderr");
            app.add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
            app.add_flag("--check", o->check,
                         "run the concurrency checks on every TTGIR snapshot: verdict per pass, the first pass "
                         "after which a finding appears (see docs/PassCheck.md)");
            app.add_option("--disable", o->disabled, "with --check: skip a check id (repeatable)")
                ->allow_extra_args(false);
            // The model checkers' bounds, as `tscope check` takes them (with --check).
            addModelOptions(app, o->model);
            return [o]() -> int {
              std::string err;
              if (dumps::isTritonParseTrace(o->log)) {
                // A tritonparse trace: its compiles' stages and times (no passes in it).
                auto trace = dumps::traceAsCache(o->log, err);
                if (!trace) {
                  std::cerr << o->log << ": error: cannot read: " << err << "\n";
                  return kExitBadInput;
                }
                if (!requireKernelMatch(o->kernel, dumps::traceKernelNames(*trace), o->log))
                  return kExitBadInput;
                dumps::writeTraceStages(std::cout, *trace, o->kernel);
                return kExitClean;
              }
              // The progress line (stderr, when it is a terminal): read, split, analyse.
              support::ProgressLine progress("tscope passes", "steps", 3);
              support::ProgressTicker ticker(progress);
              ticker.step(0, "reading " + o->log);
              auto tRead = std::chrono::steady_clock::now();
              // The split runs on every thread: each faults its own chunk's pages in.
              // A .gz/.xz/.zst log is decompressed into memory first.
              auto buf = dumps::openLog(o->log, err, support::SourceBuffer::Paging::OnDemand);
              if (!buf) {
                std::cerr << o->log << ": error: cannot read: " << err << "\n";
                return kExitBadInput;
              }
              std::ios::sync_with_stdio(false);
              auto t0 = std::chrono::steady_clock::now();
              ticker.step(1, fmt::format("splitting {} ({:.0f} MB) into dumps", o->log, double(buf->size()) / 1e6));
              dumps::PassLog log = dumps::splitPassLog(buf->text(), o->threads);
              auto t1 = std::chrono::steady_clock::now();
              bool needsAnalysis = !o->lastGood;
              dumps::PassAnalysis a;
              ticker.step(2, fmt::format("analysing {} dumps of {}", log.snapshots.size(), o->log));
              if (needsAnalysis)
                a = dumps::analysePasses(log, o->parseOps ? dumps::CountMode::Parsed : dumps::CountMode::Fast,
                                         o->threads);
              ticker.stop();
              auto t2 = std::chrono::steady_clock::now();
              if (o->timing)
                std::cerr << fmt::format("read {:.1f} ms, split {:.1f} ms, analysis {:.1f} ms\n",
                                         std::chrono::duration<double, std::milli>(t0 - tRead).count(),
                                         std::chrono::duration<double, std::milli>(t1 - t0).count(),
                                         std::chrono::duration<double, std::milli>(t2 - t1).count());
              if (log.snapshots.empty() && log.compiles.empty()) {
                std::cerr << o->log << ": error: no IR dumps found (was MLIR_ENABLE_DUMP=1 set?)\n";
                return kExitBadInput;
              }
              dumps::PassReportOptions ro;
              ro.logName = o->log;
              ro.kernel = o->kernel;
              ro.showUnchanged = !o->changedOnly;
              std::vector<size_t> sel = dumps::selectCompiles(log, o->kernel);
              if (sel.empty()) {
                // Kernels are named by their compiles (the function of each dump's IR).
                std::vector<std::string> names;
                for (size_t c : dumps::selectCompiles(log, ""))
                  names.emplace_back(log.compiles[c].kernel);
                if (!requireKernelMatch(o->kernel, names, o->log))
                  return kExitBadInput;
                std::cerr << o->log << ": error: no compile in the log holds IR\n";
                return kExitBadInput;
              }
              bool failed = false;
              for (size_t c : sel)
                failed |= log.compiles[c].failed;
              if (o->lastGood) {
                if (!dumps::writeLastGood(std::cout, log, ro)) {
                  std::cerr << o->log << ": no failed compile in the log\n";
                  return kExitClean;
                }
                return kExitFindings;
              }
              if (!o->diff.empty()) {
                if (!dumps::writePassDiff(std::cout, log, a, ro, o->diff)) {
                  std::cerr << o->log << ": error: no pass '" << o->diff << "' (give a row number, a pass name "
                            << "such as Canonicalizer, or its argument such as canonicalize)\n";
                  return kExitBadInput;
                }
                return kExitClean;
              }
              if (o->check) {
                driver::CheckOptions copts;
                for (const std::string &id : o->disabled) {
                  if (!checks::isCheckId(id)) {
                    std::cerr << "error: --disable: no check named '" << id << "' (see tscope check --list-checks)\n";
                    return kExitBadInput;
                  }
                  copts.disabled.insert(id);
                }
                auto bounds = toDeadlockOptions(o->model);
                if (!bounds)
                  return kExitBadInput;
                copts.deadlock = *bounds;
                auto tc = std::chrono::steady_clock::now();
                driver::PassCheckResult r = driver::checkPassLog(log, a, sel, o->log, copts, o->threads);
                render::PassCheckView v = driver::passCheckView(log, a, r, buf->text(), o->log);
                if (o->timing)
                  std::cerr << fmt::format("check {:.1f} ms ({} snapshots, {} distinct checked, {:.1f} ms of "
                                           "checking summed over threads)\n",
                                           std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - tc).count(),
                                           v.snapshots, v.distinct, v.cpuMs);
                if (o->timing)
                  render::passCheckCostliest(std::cerr, v);
                if (o->format == "json")
                  std::cout << render::passCheckJson(v).dump(2) << "\n";
                else
                  render::passCheckText(std::cout, v, buf.get());
                std::cout.flush();
                // 1 on a finding, or on a failed compile as without --check.
                std::_Exit(render::passCheckFailed(v) || failed ? kExitFindings : kExitClean);
              }
              if (!o->first.empty()) {
                dumps::writeOpTimeline(std::cout, log, a, ro, o->first);
                return kExitClean;
              }
              if (o->format == "json")
                std::cout << dumps::passesJson(log, a, ro).dump(2) << "\n";
              else
                dumps::writePassTable(std::cout, log, a, ro);
              auto t3 = std::chrono::steady_clock::now();
              if (o->timing)
                std::cerr << fmt::format("output {:.1f} ms\n", std::chrono::duration<double, std::milli>(t3 - t2).count());
              // Freeing the split log and the analysis of a large log (millions
              // of snapshots, rows and small vectors) takes longer than
              // writing the table; the process is done, so it exits here
              // without running destructors, as clang does with -disable-free.
              std::cout.flush();
              std::_Exit(failed ? kExitFindings : kExitClean);
            };
          }};
}

} // namespace tscope::cli
