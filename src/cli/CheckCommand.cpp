// `tscope check PATH...`: every check that applies (deadlock, fences, TMA with
// a launch record, lint) over files, dump directories and caches.
#include <fmt/format.h>
#include <iostream>

#include "checks/CheckRegistry.h"
#include "cli/Command.h"
#include "cli/CheckOptions.h"
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
              std::vector<std::string> paths;
              std::string format = "text";
              CheckCliOptions check;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("paths", o->paths,
                           "TTGIR/MLIR files, TRITON_KERNEL_DUMP dirs, Triton caches; default: $TRITON_DUMP_DIR "
                           "(when set) and $TRITON_CACHE_DIR or ~/.triton/cache, newest kernels first");
            app.add_option("--format", o->format, "text, json or sarif")
                ->check(CLI::IsMember({"text", "json", "sarif"}))
                ->capture_default_str();
            addCheckOptions(app, o->check);
            return [o]() -> int {
              if (o->check.list) {
                listChecks(std::cout);
                return kExitClean;
              }
              auto opts = toCheckOptions(o->check, o->paths);
              if (!opts)
                return kExitBadInput;
              driver::CheckRunResult res = driver::runChecks(o->paths, *opts, std::cerr);
              std::vector<render::FindingFile> files;
              for (const driver::FileResult &f : res.files)
                files.push_back({&f.module->buffer(), &f.findings});
              if (o->format == "sarif") {
                // Python paths relative to --source-root (else the repository
                // holding the file), the expected GPU outcome per kernel.
                render::SarifOptions so;
                so.sourceRoot = o->check.source.sourceRoot;
                for (const driver::FileResult &f : res.files)
                  for (const driver::KernelOutcome &k : f.outcomes)
                    if (!k.expectedGpu.empty())
                      so.expectedGpu[{f.module->buffer().name(), k.kernel}] = k.expectedGpu;
                std::cout << render::sarifLog(files, checks::allCheckIds(), kVersion, so).dump(2) << "\n";
                return res.exitCode();
              }
              if (o->format == "json") {
                nlohmann::json fj = nlohmann::json::array();
                for (const driver::FileResult &f : res.files) {
                  nlohmann::json an = nlohmann::json::array();
                  for (const driver::AnalysisSummary &s : f.analyses)
                    an.push_back({{"name", s.name}, {"ran", s.ran}, {"skipped", s.skipped}, {"verdicts", s.verdicts}});
                  nlohmann::json kj = nlohmann::json::array();
                  for (const driver::KernelOutcome &k : f.outcomes)
                    kj.push_back({{"name", k.kernel},
                                  {"verdict", k.verdict},
                                  {"expected_gpu", k.expectedGpu.empty() ? nlohmann::json(nullptr)
                                                                         : nlohmann::json(k.expectedGpu)},
                                  {"not_verified", k.notVerified}});
                  fj.push_back({{"file", f.path},
                                {"launches", f.launches.empty() ? nlohmann::json(nullptr) : nlohmann::json(f.launches)},
                                {"analyses", an},
                                {"kernels", kj}});
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
                for (const driver::KernelOutcome &k : f.outcomes)
                  if (!k.expectedGpu.empty())
                    std::cout << "  on the GPU: " << k.kernel << ": " << k.expectedGpu << "\n";
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
