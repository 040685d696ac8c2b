// `tscope tma FILE`: replay a launch and name the programs whose TMA tiles
// fall outside their tensor, and what could not be checked. The findings
// print through render/FindingRender, as `tscope check` prints them.
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checks/tma/TmaFindings.h"
#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "cli/FindingsOutput.h"
#include "cli/LoadModule.h"
#include "cli/ModelOptions.h"
#include "driver/CheckInputs.h"
#include "ir/Parser.h"
#include "render/FindingRender.h"

namespace tscope::cli {
namespace {

/// The replay's results through the shared findings path, with the
/// command's own section per kernel and launch (grid, programs, tiles).
int printTma(const ir::Module &m, FindingsOutput &out, const std::set<std::string> &disabled, bool werror,
             const std::vector<checks::TmaLaunch> &launches) {
  const support::SourceBuffer &buf = m.buffer();
  bool failed = false;
  for (const checks::TmaLaunch &l : launches) {
    for (const checks::TmaKernelResult &r : checks::checkTmaBounds(m, l)) {
      if (!out.wants(r.kernel))
        continue;
      checks::AnalysisResult res = checks::tmaFindings(buf, r);
      for (const checks::Finding &f : res.findings)
        failed |= !disabled.count(f.check) && (f.severity == support::Severity::Error ||
                                               (werror && f.severity == support::Severity::Warning));
      auto kernelJson = [&]() -> nlohmann::json {
        return {{"name", r.kernel},
                {"launch", r.origin},
                {"grid", r.grid},
                {"programs", r.programs},
                {"verdict", checks::verdictName(res.kernels.front().verdict)},
                {"tiles_checked", r.evaluated},
                {"loop_iterations", r.iterations},
                {"not_issued", r.predicatedOff},
                {"not_verified", r.unverified.size()}};
      };
      auto kernelText = [&](std::ostream &os) {
        os << fmt::format("== kernel {}, launch {}: {}: {}\n", r.kernel, r.origin, checks::tmaCoverage(r),
                          checks::tmaConclusion(r));
      };
      // tmaFindings puts the groups first, in order: each gets its class and hit count.
      out.add(kernelJson, kernelText, std::move(res.findings), [&](size_t i, nlohmann::json &fj) {
        if (i < r.groups.size()) {
          fj["class"] = checks::tileClassName(r.groups[i].cls);
          fj["hits"] = r.groups[i].count;
        }
      });
    }
  }
  out.finish();
  return failed ? kExitFindings : kExitClean;
}

} // namespace

Command makeTmaCommand() {
  return {"tma", "TMA bounds: replay a launch and name the programs whose tiles leave the tensor",
          [](CLI::App &app) {
            struct Opts {
              std::string file, launch, grid;
              std::vector<std::string> args, descs;
              bool werror = false;
              FindingsCliOptions findings;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("file", o->file, "TTGIR (or TTIR) file")->required();
            app.add_option("--launches", o->launch,
                           "launches.jsonl written by `tscope record` (default: the one beside FILE, unless "
                           "--grid or --arg is given)");
            addDeprecatedAlias(app, "--launch", "--launches", o->launch);
            app.add_option("--grid", o->grid, "X[,Y,Z]");
            app.add_option("--arg", o->args, "NAME=VALUE (repeatable)")->allow_extra_args(false);
            app.add_option("--desc", o->descs, "NAME=D0xD1...: a descriptor's tensor shape (repeatable)")
                ->allow_extra_args(false);
            app.add_flag("--Werror", o->werror, "treat warnings (tiles past the end, not verified) as errors");
            addFindingsOptions(app, o->findings, {"text", "json", "sarif"});
            return [o]() -> int {
              auto disabled = checkFindingsOptions(o->findings);
              if (!disabled)
                return kExitBadInput;
              driver::DescShapes descs;
              for (const std::string &d : o->descs) {
                auto p = driver::parseDescShape(d);
                if (!p) {
                  std::cerr << "error: --desc expects NAME=D0xD1..., got '" << d << "'\n";
                  return kExitBadInput;
                }
                descs[p->first] = p->second;
              }
              std::string record = o->launch;
              if (record.empty() && o->grid.empty() && o->args.empty())
                record = driver::launchRecordBeside(o->file);
              std::vector<checks::TmaLaunch> launches;
              if (!record.empty()) {
                std::vector<std::string> errors;
                for (checks::TmaLaunch &l : driver::readTmaLaunches(record, descs, errors))
                  if (driver::kernelNameMatches(o->findings.kernel, l.kernel))
                    launches.push_back(std::move(l));
                for (const std::string &e : errors)
                  std::cerr << "error: " << e << "\n";
                if (!errors.empty() && launches.empty())
                  return kExitBadInput;
              } else {
                checks::TmaLaunch l;
                // A plain name picks the kernel; a glob is applied to the results.
                if (o->findings.kernel.find_first_of("*?[") == std::string::npos)
                  l.kernel = o->findings.kernel;
                if (!o->grid.empty()) {
                  auto g = interp::parseDim3(o->grid, 1);
                  if (!g) {
                    std::cerr << "error: --grid expects X[,Y,Z]\n";
                    return kExitBadInput;
                  }
                  l.grid = *g;
                }
                for (const std::string &a : o->args) {
                  auto b = interp::parseArgBinding(a);
                  if (!b) {
                    std::cerr << "error: --arg expects NAME=VALUE, got '" << a << "'\n";
                    return kExitBadInput;
                  }
                  l.bindings.args.push_back(*b);
                }
                l.descShapes = descs;
                l.origin = "command line";
                launches.push_back(std::move(l));
              }
              auto m = loadModule(o->file);
              if (!m || !checkLaunchOptions(*m, o->file, o->args, o->grid) ||
                  !requireKernelMatch(o->findings.kernel, *m, o->file))
                return kExitBadInput;
              FindingsOutput out(std::cout, "tscope.tma/1", o->file, o->findings.format, m->buffer());
              out.filter(o->findings.kernel, *disabled);
              return printTma(*m, out, *disabled, o->werror, launches);
            };
          }};
}

} // namespace tscope::cli
