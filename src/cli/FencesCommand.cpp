// `tscope fences FILE`: missing and spurious proxy fences (generic vs async proxy).
#include <fmt/format.h>
#include <iostream>
#include <set>

#include "checks/fences/FenceCheck.h"
#include "checks/CheckRegistry.h"
#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "render/FindingRender.h"
#include "cli/LoadModule.h"
#include "driver/CheckRun.h"
#include "render/FenceRender.h"
#include "render/Sarif.h"

namespace tscope::cli {

Command makeFencesCommand() {
  return {"fences", "Missing and spurious proxy fences between generic and async-proxy shared-memory accesses",
          [](CLI::App &app) {
            struct Opts {
              std::string file, format = "text", lowering = "auto", kernel;
              std::vector<std::string> disabled;
              bool noLoweringFences = false, list = false;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("file", o->file, "TTGIR file ('-' for stdin)");
            app.add_flag("--list-checks", o->list, "print every check id with its severity and description");
            app.add_option("--format", o->format, "text, json or sarif")
                ->check(CLI::IsMember({"text", "json", "sarif"}));
            app.add_option("--lowering", o->lowering,
                           "which Triton lowers this IR: upstream (3.6: ProxyFenceInsertion fences TMA loads), fork "
                           "(Meta's: it fences every async-proxy access), auto (fork when the IR has a fork marker)")
                ->check(CLI::IsMember({"auto", "upstream", "fork"}));
            app.add_option("--disable", o->disabled, "skip a check id (repeatable; --list-checks lists them)")
                ->allow_extra_args(false);
            addKernelOption(app, o->kernel);
            app.add_flag("--no-lowering-fences", o->noLoweringFences,
                         "treat the IR as final: do not count on Triton's ProxyFenceInsertion (make_llir) to "
                         "fence async-proxy accesses after generic accesses in the same partition");
            return [o]() -> int {
              if (o->list) {
                for (const auto &c : checks::fences::fenceChecks())
                  std::cout << fmt::format("{:<18} {:<6} {}\n", c.id, c.severity, c.description);
                return kExitClean;
              }
              if (o->file.empty()) {
                std::cerr << "error: fences needs a FILE (or --list-checks)\n";
                return kExitBadInput;
              }
              std::set<std::string> disabled;
              for (const std::string &id : o->disabled) {
                bool known = false;
                for (const auto &c : checks::fences::fenceChecks())
                  known |= c.id == id;
                if (!known) {
                  std::cerr << "error: --disable: no fence check named '" << id << "' (see --list-checks)\n";
                  return kExitBadInput;
                }
                disabled.insert(id);
              }
              auto m = loadModule(o->file);
              if (!m || !requireKernelMatch(o->kernel, *m, o->file))
                return kExitBadInput;
              checks::fences::FenceOptions opts;
              opts.loweringFences = !o->noLoweringFences;
              opts.lowering = *checks::fences::parseLoweringChoice(o->lowering);
              auto reps = checks::fences::checkFences(*m, opts);
              // --kernel and --disable: the kernels and findings left out.
              std::erase_if(reps, [&](const auto &r) { return !driver::kernelNameMatches(o->kernel, r.kernel); });
              for (auto &r : reps)
                std::erase_if(r.findings, [&](const checks::Finding &f) { return disabled.count(f.check) != 0; });
              bool errors = false;
              std::vector<checks::Finding> all;
              for (auto &r : reps) {
                driver::attachPythonLines(r.findings);
                for (const auto &f : r.findings) {
                  errors |= f.severity == support::Severity::Error;
                  all.push_back(f);
                }
              }
              if (o->format == "sarif") {
                // The rules are the registry's rows for this analysis, as `tscope check` lists them.
                std::vector<checks::CheckId> rules;
                for (const checks::Analysis &a : checks::analyses())
                  if (a.name == "fences")
                    rules = a.ids();
                std::cout << render::sarifLog({{&m->buffer(), &all}}, rules, kVersion).dump(2) << "\n";
              } else if (o->format == "json") {
                std::cout << render::fenceJson(reps, o->file).dump(2) << "\n";
              } else {
                render::fenceText(std::cout, reps, m->buffer());
              }
              return errors ? kExitFindings : kExitClean;
            };
          }};
}

} // namespace tscope::cli
