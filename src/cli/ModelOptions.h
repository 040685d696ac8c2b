// ModelOptions: the bounds shared by the commands that explore interleavings
// (`tscope deadlock`, `tscope races`): --arg, --grid, --try, --trips, --max-states,
// --no-proof.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checks/deadlock/ModelChecker.h"
#include "cli/Command.h"

namespace tscope::cli {

/// The options as given on the command line.
struct ModelCliOptions {
  std::string grid;
  std::vector<std::string> args;
  std::vector<int64_t> tryValues;
  int trips = 0;
  size_t maxStates = 1'000'000;
  bool noProof = false;
  size_t maxMemoryMb = 4096;
};

/// Registers the options on `app`, storing into `o`.
void addModelOptions(CLI::App &app, ModelCliOptions &o);

/// The checker's bounds; nullopt (after an error on stderr) for a malformed --arg or --grid.
std::optional<checks::DeadlockOptions> toDeadlockOptions(const ModelCliOptions &o);

/// What a model-checking command does with its file once the bounds are read.
using ModelRun = int (*)(const std::string &file, const std::string &format, const checks::DeadlockOptions &opts);

/// A command over one TTGIR file with the model's bounds and `--format text|json`
/// (`tscope deadlock`, `tscope races`).
Command modelCommand(const char *name, const char *description, ModelRun run);

} // namespace tscope::cli
