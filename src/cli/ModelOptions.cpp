// ModelOptions: parsing of the model checkers' shared bounds.
#include "cli/ModelOptions.h"

#include <iostream>

namespace tscope::cli {

void addModelOptions(CLI::App &app, ModelCliOptions &o) {
  app.add_option("--arg", o.args, "NAME=VALUE for a kernel argument (repeatable)")->allow_extra_args(false);
  app.add_option("--grid", o.grid, "X[,Y,Z]: the launch grid (tt.get_num_programs)");
  app.add_option("--try", o.tryValues, "values tried for unbound integer arguments");
  app.add_option("--trips", o.trips, "try unbound integer arguments with 1..N");
  app.add_option("--max-states", o.maxStates, "states explored per run before giving up");
  app.add_option("--max-memory", o.maxMemoryMb,
                 "MiB of resident memory past which a search stops with an unknown verdict (0: no limit)")
      ->capture_default_str();
  app.add_flag("--no-proof", o.noProof,
               "skip the proof for every trip count (docs/Deadlock.md); decide on the bounded runs only");
}

std::optional<checks::DeadlockOptions> toDeadlockOptions(const ModelCliOptions &o) {
  checks::DeadlockOptions opts;
  for (const std::string &a : o.args) {
    auto b = interp::parseArgBinding(a);
    if (!b) {
      std::cerr << "error: --arg expects NAME=VALUE, got '" << a << "'\n";
      return std::nullopt;
    }
    opts.bindings.args.push_back(*b);
  }
  if (!o.grid.empty()) {
    auto g = interp::parseDim3(o.grid, 1);
    if (!g) {
      std::cerr << "error: --grid expects X[,Y,Z], got '" << o.grid << "'\n";
      return std::nullopt;
    }
    opts.bindings.numPrograms = *g;
    opts.gridSet = true;
  }
  if (!o.tryValues.empty())
    opts.tryValues = o.tryValues;
  if (o.trips > 0) {
    opts.tryValues.clear();
    for (int i = 1; i <= o.trips; ++i)
      opts.tryValues.push_back(i);
  }
  opts.maxStates = o.maxStates;
  opts.proveTrips = !o.noProof;
  opts.maxMemoryMb = o.maxMemoryMb;
  return opts;
}

Command modelCommand(const char *name, const char *description, ModelRun run) {
  return {name, description, [run](CLI::App &app) {
            struct Opts {
              std::string file, format = "text";
              ModelCliOptions model;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("file", o->file, "TTGIR file")->required();
            addModelOptions(app, o->model);
            app.add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
            return [o, run]() -> int {
              auto parsed = toDeadlockOptions(o->model);
              if (!parsed)
                return kExitBadInput;
              return run(o->file, o->format, *parsed);
            };
          }};
}

} // namespace tscope::cli
