// `tscope tma FILE`: replay a launch and name the programs whose TMA tiles
// fall outside their tensor.
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checks/tma/TmaBounds.h"
#include "cli/Command.h"
#include "cli/LoadModule.h"
#include "dumps/LaunchRecord.h"
#include "ir/Parser.h"

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

std::string severityOf(checks::TileClass c) {
  return c == checks::TileClass::Negative ? "error" : c == checks::TileClass::PastEnd ? "warning" : "info";
}

std::string messageOf(const checks::TmaFinding &f) {
  std::string what = f.cls == checks::TileClass::Negative   ? "negative TMA coordinate"
                     : f.cls == checks::TileClass::PastEnd ? "TMA tile entirely past the tensor"
                                                           : "partial edge tile";
  return f.opName + " " + (f.descName.empty() ? "?" : f.descName) + ": " + what + " for " + f.programs;
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
              if (!m)
                return kExitBadInput;
              bool anyError = false;
              nlohmann::json findings = nlohmann::json::array(), kernels = nlohmann::json::array();
              for (const checks::TmaLaunch &l : launches) {
                for (const checks::TmaKernelResult &r : checks::checkTmaBounds(*m, l)) {
                  kernels.push_back({{"name", r.kernel}, {"launch", r.origin},
                                     {"grid", r.grid}, {"programs", r.programs},
                                     {"tiles_checked", r.evaluated}, {"unknown", r.unknown}});
                  if (o->format == "text")
                    std::cout << fmt::format("== kernel {}, launch {}: grid {}x{}x{}, {} programs, {} TMA tiles checked{}\n",
                                             r.kernel, r.origin, r.grid[0], r.grid[1], r.grid[2],
                                             r.programs, r.evaluated, r.findings.empty() ? ": all inside" : "");
                  if (!r.unknown.empty() && o->format == "text")
                    std::cout << "  not evaluated: " << r.unknown << "\n";
                  for (const checks::TmaFinding &f : r.findings) {
                    anyError |= f.cls == checks::TileClass::Negative;
                    std::string coords;
                    for (size_t i = 0; i < f.minCoord.size(); ++i)
                      coords += (i ? ", " : "") + std::to_string(f.minCoord[i]) +
                                (f.maxCoord[i] != f.minCoord[i] ? ".." + std::to_string(f.maxCoord[i]) : "");
                    std::string box, shape;
                    for (size_t i = 0; i < f.block.size(); ++i)
                      box += (i ? "x" : "") + std::to_string(f.block[i]);
                    for (size_t i = 0; i < f.shape.size(); ++i)
                      shape += (i ? "x" : "") + std::to_string(f.shape[i]);
                    std::string detail = "coordinates [" + coords + "], box " + box + ", tensor " + shape;
                    if (o->format == "text") {
                      std::cout << fmt::format("{}:{}:1: {}: {} [tma-out-of-bounds]\n", o->file, f.where.irLine,
                                               severityOf(f.cls), messageOf(f));
                      if (f.where.pyLine)
                        std::cout << "  python: " << f.where.pyFile.substr(f.where.pyFile.rfind('/') + 1)
                                  << ":" << f.where.pyLine << "\n";
                      std::cout << "  " << detail << "\n  launch: " << f.explanation << "\n";
                    }
                    nlohmann::json src = nullptr;
                    if (f.where.pyLine)
                      src = {{"file", f.where.pyFile}, {"line", f.where.pyLine}};
                    findings.push_back({{"check", "tma-out-of-bounds"}, {"severity", severityOf(f.cls)},
                                        {"message", messageOf(f)},
                                        {"location", {{"file", o->file}, {"line", f.where.irLine}, {"col", 1}}},
                                        {"source", src}, {"related", nlohmann::json::array()},
                                        {"notes", {detail, "launch: " + f.explanation, "launch record: " + r.origin}},
                                        {"trace", nlohmann::json::array()},
                                        {"class", checks::tileClassName(f.cls)},
                                        {"hits", f.count}});
                  }
                }
              }
              if (o->format == "json")
                std::cout << nlohmann::json{{"schema", "tscope.tma/1"}, {"file", o->file},
                                            {"kernels", kernels}, {"findings", findings}}
                                 .dump(2)
                          << "\n";
              return anyError ? kExitFindings : kExitClean;
            };
          }};
}

} // namespace tscope::cli
