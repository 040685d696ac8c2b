// `tscope barriers FILE`: the barrier report of warp-specialized IR; the ✗
// rows of its TMEM sections print as findings through render/FindingRender.
#include <iostream>

#include "checks/barriers/BarrierReport.h"
#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "cli/LoadModule.h"
#include "ir/Parser.h"
#include "driver/CheckRun.h"
#include "render/BarrierRender.h"
#include "render/FindingRender.h"

namespace tscope::cli {

Command makeBarriersCommand() {
  return {"barriers",
          "Barrier report: partitions, dependency graph, slots/phases, shared data, aliases",
          [](CLI::App &app) {
            struct Opts {
              std::string file, focus, compare, format = "text", kernel;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("file", o->file, "TTGIR file")->required();
            app.add_option("--focus", o->focus, "a buffer or barrier name, or a buffer.id");
            app.add_option("--compare", o->compare, "another TTGIR: wait/phase table old vs new");
            app.add_option("--format", o->format, "text, md, json or dot")
                ->check(CLI::IsMember({"text", "md", "json", "dot"}));
            addKernelOption(app, o->kernel);
            return [o]() -> int {
              auto m = loadModule(o->file);
              if (!m || !requireKernelMatch(o->kernel, *m, o->file))
                return kExitBadInput;
              auto reps = checks::buildBarrierReport(*m, o->focus);
              std::erase_if(reps, [&](const auto &r) { return !driver::kernelNameMatches(o->kernel, r.kernel); });
              if (!o->compare.empty()) {
                auto other = loadModule(o->compare);
                if (!other)
                  return kExitBadInput;
                auto rows = checks::compareReports(reps, checks::buildBarrierReport(*other, o->focus));
                if (o->format == "json") {
                  nlohmann::json j = nlohmann::json::array();
                  for (const auto &r : rows)
                    j.push_back({{"kernel", r.kernel}, {"barrier", r.barrier}, {"partition", r.partition},
                                 {"old", r.oldWaits}, {"new", r.newWaits}, {"changed", r.changed}});
                  std::cout << nlohmann::json{{"schema", "tscope.barriers-compare/1"},
                                              {"old", o->file}, {"new", o->compare},
                                              {"rows", j}, {"findings", nlohmann::json::array()}}
                                   .dump(2)
                            << "\n";
                } else {
                  std::cout << "wait/phase boundary: " << o->file << " (old) vs " << o->compare
                            << " (new)\n";
                  render::compareText(std::cout, rows, o->format == "md");
                }
                return kExitClean;
              }
              if (o->format == "json")
                std::cout << render::barrierJson(reps, o->file, m->buffer()).dump(2) << "\n";
              else if (o->format == "md")
                render::barrierMarkdown(std::cout, reps);
              else if (o->format == "dot")
                render::barrierDot(std::cout, reps);
              else {
                render::barrierText(std::cout, reps);
                // The ✗ TMEM rows as diagnostics, as `tscope check` prints them.
                for (const checks::KernelBarrierReport &r : reps) {
                  std::vector<checks::Finding> findings = checks::tmemFindings(r, m->buffer());
                  driver::attachPythonLines(findings);
                  for (const checks::Finding &f : findings)
                    render::findingText(std::cout, &m->buffer(), f);
                }
              }
              return kExitClean;
            };
          }};
}

} // namespace tscope::cli
