// `tscope tma FILE`: replay a launch and name the programs whose TMA tiles
// fall outside their tensor. The findings print through render/FindingRender,
// as `tscope check` prints them.
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checks/tma/TmaFindings.h"
#include "cli/Command.h"
#include "cli/FindingsOutput.h"
#include "cli/LoadModule.h"
#include "cli/ModelOptions.h"
#include "dumps/LaunchRecord.h"
#include "ir/Parser.h"
#include "render/FindingRender.h"

namespace tscope::cli {
namespace {

std::optional<std::pair<std::string, std::vector<int64_t>>> parseDesc(const std::string &s) {
  size_t eq = s.find('=');
  if (eq == std::string::npos || eq == 0)
    return std::nullopt;
  std::vector<int64_t> shape;
  std::string rest = s.substr(eq + 1);
  size_t pos = 0;
  while (pos <= rest.size()) {
    size_t x = rest.find('x', pos);
    std::string part = rest.substr(pos, x == std::string::npos ? std::string::npos : x - pos);
    if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    shape.push_back(std::stoll(part));
    if (x == std::string::npos)
      break;
    pos = x + 1;
  }
  return std::make_pair(s.substr(0, eq), shape);
}

/// The replay's results through the shared findings path, with the
/// command's own section per kernel and launch (grid, programs, tiles).
int printTma(const ir::Module &m, const std::string &file, const std::string &format,
             const std::vector<checks::TmaLaunch> &launches) {
  const support::SourceBuffer &buf = m.buffer();
  bool anyError = false;
  FindingsOutput out(std::cout, "tscope.tma/1", file, format == "json", buf);
  for (const checks::TmaLaunch &l : launches) {
    for (const checks::TmaKernelResult &r : checks::checkTmaBounds(m, l)) {
      for (const checks::TmaTileGroup &g : r.groups)
        anyError |= g.cls == checks::TileClass::Negative;
      auto kernelJson = [&]() -> nlohmann::json {
        return {{"name", r.kernel}, {"launch", r.origin}, {"grid", r.grid}, {"programs", r.programs},
                {"tiles_checked", r.evaluated}, {"unknown", r.unknown}};
      };
      auto kernelText = [&](std::ostream &os) {
        os << fmt::format("== kernel {}, launch {}: grid {}x{}x{}, {} programs, {} TMA tiles checked{}\n", r.kernel,
                          r.origin, r.grid[0], r.grid[1], r.grid[2], r.programs, r.evaluated,
                          r.groups.empty() ? ": all inside" : "");
        if (!r.unknown.empty())
          os << "  not evaluated: " << r.unknown << "\n";
      };
      // tmaFindings keeps the groups' order: each finding gets its group's class and hit count.
      out.add(kernelJson, kernelText, checks::tmaFindings(buf, r).findings, [&](size_t i, nlohmann::json &fj) {
        fj["class"] = checks::tileClassName(r.groups[i].cls);
        fj["hits"] = r.groups[i].count;
      });
    }
  }
  out.finish();
  return anyError ? kExitFindings : kExitClean;
}

} // namespace

Command makeTmaCommand() {
  return {"tma", "TMA bounds: replay a launch and name the programs whose tiles leave the tensor",
          [](CLI::App &app) {
            struct Opts {
              std::string file, launch, grid, format = "text", kernel;
              std::vector<std::string> args, descs;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("file", o->file, "TTGIR (or TTIR) file")->required();
            app.add_option("--launch", o->launch, "launches.jsonl written by `tscope record`");
            app.add_option("--grid", o->grid, "X[,Y,Z]");
            app.add_option("--arg", o->args, "NAME=VALUE (repeatable)");
            app.add_option("--desc", o->descs, "NAME=D0xD1...: a descriptor's tensor shape (repeatable)");
            app.add_option("--kernel", o->kernel, "only this kernel");
            app.add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
            return [o]() -> int {
              std::vector<checks::TmaLaunch> launches;
              if (!o->launch.empty()) {
                std::vector<std::string> errors;
                for (const dumps::LaunchRecord &r : dumps::readLaunchRecords(o->launch, errors)) {
                  if (!o->kernel.empty() && r.kernel != o->kernel)
                    continue;
                  checks::TmaLaunch l;
                  l.kernel = r.kernel;
                  l.grid = r.grid;
                  for (auto &[n, v] : r.intArgs)
                    l.bindings.set(n, v);
                  for (auto &[n, d] : r.descriptors)
                    l.descShapes[n] = d.shape;
                  l.origin = o->launch + ":" + std::to_string(r.line);
                  launches.push_back(std::move(l));
                }
                for (const std::string &e : errors)
                  std::cerr << "error: " << e << "\n";
                if (!errors.empty() && launches.empty())
                  return kExitBadInput;
              } else {
                checks::TmaLaunch l;
                l.kernel = o->kernel;
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
                for (const std::string &d : o->descs) {
                  auto p = parseDesc(d);
                  if (!p) {
                    std::cerr << "error: --desc expects NAME=D0xD1..., got '" << d << "'\n";
                    return kExitBadInput;
                  }
                  l.descShapes[p->first] = p->second;
                }
                l.origin = "command line";
                launches.push_back(std::move(l));
              }
              auto m = loadModule(o->file);
              if (!m || !checkLaunchOptions(*m, o->file, o->args, o->grid))
                return kExitBadInput;
              return printTma(*m, o->file, o->format, launches);
            };
          }};
}

} // namespace tscope::cli
