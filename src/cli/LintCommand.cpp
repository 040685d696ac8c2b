// `tscope lint FILE`: the TLX rules (named barriers, remote CTAs, MMA shapes,
// mbarrier counts and bytes) as diagnostics.
#include <fmt/format.h>
#include <iostream>

#include "checks/tlxlint/LintChecks.h"
#include "checks/tlxlint/TlxLint.h"
#include "cli/Command.h"
#include "ir/Parser.h"
#include "render/LintRender.h"

namespace tscope::cli {

Command makeLintCommand() {
  return {"lint",
          "Check TTGIR against the TLX rules (named barriers, remote CTAs, MMA shapes, mbarriers)",
          [](CLI::App &app) {
            struct Opts {
              std::string file, format = "text";
              bool list = false;
              std::vector<std::string> disabled;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("file", o->file, "TTGIR file ('-' for stdin)");
            app.add_flag("--list-checks", o->list, "print every check id with its description");
            app.add_option("--disable", o->disabled, "skip a check (repeatable)")
                ->allow_extra_args(false);
            app.add_option("--format", o->format, "text or json")
                ->check(CLI::IsMember({"text", "json"}));
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
              std::string err;
              auto buf = support::SourceBuffer::open(o->file, err);
              if (!buf) {
                std::cerr << o->file << ": error: cannot read: " << err << "\n";
                return kExitBadInput;
              }
              support::Diagnostics diags;
              auto m = ir::parseModule(std::move(buf), diags);
              diags.print(std::cerr);
              if (diags.errorCount())
                return kExitBadInput;
              auto findings = checks::tlxlint::lintModule(*m, {o->disabled});
              bool errors = false;
              for (const auto &f : findings)
                errors |= f.severity == support::Severity::Error;
              if (o->format == "json")
                std::cout << render::lintJson(m->buffer(), findings).dump(2) << "\n";
              else
                render::printLintText(std::cout, m->buffer(), findings);
              return errors ? kExitFindings : kExitClean;
            };
          }};
}

} // namespace tscope::cli
