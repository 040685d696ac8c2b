// `tscope check PATH...`: every check that applies (deadlock, fences, TMA with
// a launch record, lint) over files, dump directories and caches.
#include <fmt/format.h>
#include <iostream>

#include "checks/CheckRegistry.h"
#include "cli/Command.h"
#include "cli/ModelOptions.h"
#include "driver/CheckInputs.h"
#include "driver/CheckRun.h"
#include "driver/ReportBuilder.h"
#include "render/FindingRender.h"
#include "render/Sarif.h"

namespace tscope::cli {

Command makeCheckCommand() {
  return {"check", "Run every check that applies (deadlock, fences, TMA, lint) over files, dumps or caches",
          [](CLI::App &app) {
            struct Opts {
              std::vector<std::string> paths, disabled, descs;
              std::string format = "text", launches, sourceRoot;
              bool werror = false, list = false, timing = false;
              ModelCliOptions model;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("paths", o->paths, "TTGIR/MLIR files, TRITON_KERNEL_DUMP dirs, Triton caches");
            app.add_flag("--list-checks", o->list, "print every check id with its description");
            app.add_option("--format", o->format, "text, json or sarif")
                ->check(CLI::IsMember({"text", "json", "sarif"}));
            app.add_flag("--Werror", o->werror, "treat warnings as errors");
            app.add_option("--source-root", o->sourceRoot,
                           "SARIF: Python paths relative to DIR (default: the repository holding the file)");
            app.add_option("--disable", o->disabled, "skip a check id (repeatable)")->allow_extra_args(false);
            app.add_option("--launches", o->launches, "launch record (launches.jsonl) for the TMA check");
            app.add_option("--desc", o->descs, "NAME=D0xD1...: a descriptor's tensor shape for the TMA check, "
                                               "added to every launch of the record (repeatable)");
            app.add_flag("--timing", o->timing, "print per file the parse and per-analysis times and how often "
                                                "the kernel facts were built to stderr");
            // The deadlock and race checks' bounds, as `tscope deadlock` takes them.
            addModelOptions(app, o->model);
            // The fence check's lowering, as `tscope fences` takes it.
            auto lowering = std::make_shared<std::string>("auto");
            app.add_option("--lowering", *lowering, "which Triton lowers the IR, for the fence check: auto, upstream, fork")
                ->check(CLI::IsMember({"auto", "upstream", "fork"}));
            return [o, lowering]() -> int {
              if (o->list) {
                for (const checks::Analysis &a : checks::analyses())
                  for (const checks::CheckId &c : a.ids())
                    std::cout << fmt::format("{:<34} {:<9} {}\n", c.id, a.name, c.description);
                const checks::CheckId nv = checks::allCheckIds().back(); // shared by every analysis
                std::cout << fmt::format("{:<34} {:<9} {}\n", nv.id, "all", nv.description);
                return kExitClean;
              }
              if (o->paths.empty()) {
                std::cerr << "error: check needs a PATH (or --list-checks)\n";
                return kExitBadInput;
              }
              driver::CheckOptions opts;
              for (const std::string &id : o->disabled) {
                if (!checks::isCheckId(id)) {
                  std::cerr << "error: --disable: no check named '" << id << "' (see --list-checks)\n";
                  return kExitBadInput;
                }
                opts.disabled.insert(id);
              }
              opts.werror = o->werror;
              opts.launches = o->launches;
              for (const std::string &d : o->descs) {
                auto p = driver::parseDescShape(d);
                if (!p) {
                  std::cerr << "error: --desc expects NAME=D0xD1..., got '" << d << "'\n";
                  return kExitBadInput;
                }
                opts.descShapes[p->first] = p->second;
              }
              opts.lowering = *checks::fences::parseLoweringChoice(*lowering);
              auto bounds = toDeadlockOptions(o->model);
              if (!bounds)
                return kExitBadInput;
              opts.deadlock = *bounds;
              if (!checkArgNamesInPaths(o->paths, o->launches, bounds->bindings.args, std::cerr))
                return kExitBadInput;
              driver::CheckRunResult res = driver::runChecks(o->paths, opts, std::cerr);
              if (o->timing)
                for (const driver::FileResult &f : res.files) {
                  std::string line = fmt::format("{}: parse {:.1f} ms", f.path, f.parseMs);
                  for (const driver::AnalysisSummary &s : f.analyses)
                    line += fmt::format(", {} {:.1f} ms", s.name, s.ms);
                  std::cerr << line << fmt::format("; kernel facts built {} time{}\n", f.kernelBuilds,
                                                   f.kernelBuilds == 1 ? "" : "s");
                }
              std::vector<render::FindingFile> files;
              for (const driver::FileResult &f : res.files)
                files.push_back({&f.module->buffer(), &f.findings});
              if (o->format == "sarif") {
                render::SarifOptions so;
                so.sourceRoot = o->sourceRoot;
                for (const driver::FileResult &f : res.files)
                  for (auto &[kernel, outcome] : driver::expectedGpuByKernel(f))
                    so.expectedGpu[{f.module->buffer().name(), kernel}] = outcome;
                std::cout << render::sarifLog(files, checks::allCheckIds(), kVersion, so).dump(2) << "\n";
                return res.exitCode();
              }
              if (o->format == "json") {
                nlohmann::json fj = nlohmann::json::array();
                for (const driver::FileResult &f : res.files) {
                  nlohmann::json an = nlohmann::json::array();
                  for (const driver::AnalysisSummary &s : f.analyses)
                    an.push_back({{"name", s.name}, {"ran", s.ran}, {"skipped", s.skipped}, {"verdicts", s.verdicts}});
                  fj.push_back({{"file", f.path},
                                {"launches", f.launches.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.launches)},
                                {"analyses", an}});
                }
                std::cout << nlohmann::json{{"schema", "tscope.check/1"}, {"files", fj}, {"notes", res.notes},
                                            {"findings", render::findingsJson(files)}}
                                 .dump(2)
                          << "\n";
                return res.exitCode();
              }
              for (const std::string &n : res.notes)
                std::cout << "note: " << n << "\n";
              for (const driver::FileResult &f : res.files) {
                for (const checks::Finding &x : f.findings)
                  render::findingText(std::cout, &f.module->buffer(), x);
                std::cout << "== " << f.path << "\n";
                for (const driver::AnalysisSummary &s : f.analyses) {
                  if (!s.ran) {
                    std::cout << "  " << s.name << ": skipped (" << s.skipped << ")\n";
                    continue;
                  }
                  for (const std::string &v : s.verdicts)
                    std::cout << "  " << s.name << ": " << v << "\n";
                  if (s.verdicts.empty())
                    std::cout << "  " << s.name << ": ran\n";
                }
              }
              size_t e = res.count(support::Severity::Error), w = res.count(support::Severity::Warning),
                     n = res.count(support::Severity::Note) + res.count(support::Severity::Info);
              driver::CheckRunResult::Coverage cov = res.coverage();
              std::cout << fmt::format("{} {} checked: {} {}, {} {}, {} {}; kernels: {} verified, {} not verified\n",
                                       res.files.size(), res.files.size() == 1 ? "file" : "files", e,
                                       e == 1 ? "error" : "errors", w, w == 1 ? "warning" : "warnings", n,
                                       n == 1 ? "note" : "notes", cov.verified, cov.notVerified);
              return res.exitCode();
            };
          }};
}

} // namespace tscope::cli
