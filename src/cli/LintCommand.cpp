// `tscope lint FILE`: the TLX rules (named barriers, remote CTAs, MMA shapes,
// mbarrier counts and bytes) as diagnostics.
#include <fmt/format.h>
#include <iostream>

#include "checks/tlxlint/LintChecks.h"
#include "checks/tlxlint/TlxLint.h"
#include "checks/CheckRegistry.h"
#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "render/FindingRender.h"
#include "cli/LoadModule.h"
#include "driver/CheckRun.h"
#include "kernel/Kernel.h"
#include "render/LintRender.h"
#include "render/Sarif.h"

namespace tscope::cli {

Command makeLintCommand() {
  return {"lint",
          "Check TTGIR against the TLX rules (named barriers, remote CTAs, MMA shapes, mbarriers)",
          [](CLI::App &app) {
            struct Opts {
              std::string file, format = "text", kernel;
              bool list = false;
              std::vector<std::string> disabled;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("file", o->file, "TTGIR file ('-' for stdin)");
            app.add_flag("--list-checks", o->list, "print every check id with its description");
            app.add_option("--disable", o->disabled, "skip a check (repeatable)")
                ->allow_extra_args(false);
            app.add_option("--format", o->format, "text, json or sarif")
                ->check(CLI::IsMember({"text", "json", "sarif"}));
            addKernelOption(app, o->kernel);
            return [o]() -> int {
              if (o->list) {
                for (const auto &c : checks::tlxlint::lintChecks())
                  std::cout << fmt::format("{:<34} {}\n", c.id, c.description);
                return kExitClean;
              }
              if (o->file.empty()) {
                std::cerr << "error: lint needs a FILE (or --list-checks)\n";
                return kExitBadInput;
              }
              for (const std::string &id : o->disabled)
                if (!checks::tlxlint::isLintCheck(id)) {
                  std::cerr << "error: --disable: no check named '" << id
                            << "' (see --list-checks)\n";
                  return kExitBadInput;
                }
              auto m = loadModule(o->file);
              if (!m)
                return kExitBadInput;
              // --kernel: the rules run over the kernels it matches only.
              std::vector<kernel::Kernel> kernels = kernel::Kernel::build(*m);
              if (!requireKernelMatch(o->kernel, kernels, o->file))
                return kExitBadInput;
              std::erase_if(kernels, [&](const kernel::Kernel &k) { return !driver::kernelNameMatches(o->kernel, k.name); });
              checks::tlxlint::LintReport rep = checks::tlxlint::lintModule(*m, kernels, {o->disabled});
              driver::attachPythonLines(rep.findings);
              bool errors = false;
              for (const auto &k : rep.kernels)
                errors |= k.verdict == checks::tlxlint::LintVerdict::Errors;
              if (o->format == "sarif") {
                // The rules are the registry's rows for this analysis, as `tscope check` lists them.
                std::vector<checks::CheckId> rules;
                for (const checks::Analysis &a : checks::analyses())
                  if (a.name == "lint")
                    rules = a.ids();
                std::cout << render::sarifLog({{&m->buffer(), &rep.findings}}, rules, kVersion).dump(2) << "\n";
              } else if (o->format == "json") {
                std::cout << render::lintJson(m->buffer(), rep.findings).dump(2) << "\n";
              } else {
                render::lintText(std::cout, m->buffer(), rep.findings);
              }
              return errors ? kExitFindings : kExitClean;
            };
          }};
}

} // namespace tscope::cli
