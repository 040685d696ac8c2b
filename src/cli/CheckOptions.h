// CheckOptions: the option group `tscope check` and `tscope report` share
// (one list, so report accepts every option of check): the checks to run
// (--disable, --Werror, --list-checks), their inputs (--launches, --desc,
// --lowering, --kernel, --source-root, --prefix-map), the model's bounds
// (ModelOptions: --arg, --grid, --try, --trips, --timeout, ...) and --timing.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli/CommonOptions.h"
#include "cli/ModelOptions.h"
#include "driver/CheckRun.h"

namespace tscope::cli {

/// The shared options as given on the command line.
struct CheckCliOptions {
  std::vector<std::string> disabled, descs;
  std::string launches, lowering = "auto", kernel;
  bool werror = false, list = false, timing = false;
  ModelCliOptions model;
  SourceCliOptions source;
};

/// Registers the group on `app`, storing into `o`.
void addCheckOptions(CLI::App &app, CheckCliOptions &o);

/// Prints every check id with its analysis and description (--list-checks).
void listChecks(std::ostream &os);

/// The run's options, with `paths` resolved (the default cache and dump
/// folder when empty) and `--arg` names checked against the IR they name;
/// nullopt after an error on stderr.
std::optional<driver::CheckOptions> toCheckOptions(const CheckCliOptions &o, std::vector<std::string> &paths);

} // namespace tscope::cli
