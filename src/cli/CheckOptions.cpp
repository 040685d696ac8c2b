// CheckOptions: the group's registration, and its check into driver::CheckOptions.
#include "cli/CheckOptions.h"

#include <fmt/format.h>
#include <iostream>

#include "checks/CheckRegistry.h"

namespace tscope::cli {

void addCheckOptions(CLI::App &app, CheckCliOptions &o) {
  app.add_flag("--list-checks", o.list, "print every check id with its description, then exit");
  app.add_flag("--Werror", o.werror, "treat warnings as errors");
  app.add_option("--disable", o.disabled, "skip a check id (repeatable; --list-checks lists them)")
      ->allow_extra_args(false);
  app.add_option("--launches", o.launches,
                 "launch record (launches.jsonl, from tscope record) for the TMA check; default: a "
                 "launches.jsonl beside each file or in the directory given");
  app.add_option("--desc", o.descs, "NAME=D0xD1...: a descriptor's tensor shape for the TMA check, "
                                    "added to every launch of the record (repeatable)")
      ->allow_extra_args(false);
  app.add_option("--lowering", o.lowering, "which Triton lowers the IR, for the fence check: auto, upstream, fork")
      ->check(CLI::IsMember({"auto", "upstream", "fork"}))
      ->capture_default_str();
  addKernelOption(app, o.kernel);
  addSourceOptions(app, o.source);
  app.add_flag("--timing", o.timing, "print per file the parse and per-analysis times and how often "
                                     "the kernel facts were built to stderr");
  // The deadlock and race checks' bounds, as `tscope deadlock` takes them.
  addModelOptions(app, o.model);
}

void listChecks(std::ostream &os) {
  for (const checks::Analysis &a : checks::analyses())
    for (const checks::CheckId &c : a.ids())
      os << fmt::format("{:<34} {:<9} {}\n", c.id, a.name, c.description);
  const checks::CheckId nv = checks::allCheckIds().back(); // shared by every analysis
  os << fmt::format("{:<34} {:<9} {}\n", nv.id, "all", nv.description);
}

std::optional<driver::CheckOptions> toCheckOptions(const CheckCliOptions &o, std::vector<std::string> &paths) {
  driver::CheckOptions opts;
  for (const std::string &id : o.disabled) {
    if (!checks::isCheckId(id)) {
      std::cerr << "error: --disable: no check named '" << id << "' (see --list-checks)\n";
      return std::nullopt;
    }
    opts.disabled.insert(id);
  }
  opts.werror = o.werror;
  opts.launches = o.launches;
  opts.timing = o.timing;
  for (const std::string &d : o.descs) {
    auto p = driver::parseDescShape(d);
    if (!p) {
      std::cerr << "error: --desc expects NAME=D0xD1..., got '" << d << "'\n";
      return std::nullopt;
    }
    opts.descShapes[p->first] = p->second;
  }
  opts.lowering = *checks::fences::parseLoweringChoice(o.lowering);
  auto bounds = toDeadlockOptions(o.model);
  if (!bounds || !applySourceOptions(o.source))
    return std::nullopt;
  opts.deadlock = *bounds;
  // --timeout is per kernel file: the run sets each file's deadline.
  opts.deadlock.deadline.reset();
  opts.timeoutPerFile = o.model.timeoutSeconds;
  opts.filter.kernelGlob = o.kernel;
  if (!resolveInputPaths(paths, opts.filter))
    return std::nullopt;
  if (!checkArgNamesInPaths(paths, o.launches, bounds->bindings.args, std::cerr, opts.filter))
    return std::nullopt;
  return opts;
}

} // namespace tscope::cli
