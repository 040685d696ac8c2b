// Command: the table entry of one subcommand (name, description, wiring).
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

namespace tscope::cli {

/// One subcommand: `setup` declares its options on `app` and returns the
/// function that runs it (returning the exit status).
struct Command {
  const char *name;
  const char *description;
  std::function<std::function<int()>(CLI::App &app)> setup;
};

/// Every subcommand, in the order `--help` lists them.
const std::vector<Command> &commands();

/// Subcommand factories, one per file in src/cli.
Command makeParseCommand();
Command makePrintCommand();
Command makePassesCommand();
Command makeRunCommand();
Command makeLsCommand();
Command makeRegsCommand();
Command makeStatsCommand();
Command makeScanCommand();
Command makeBarriersCommand();
Command makeDeadlockCommand();
/// `tscope races`: buffer races on the barrier model.
Command makeRacesCommand();
/// `tscope dataflow`: stale reads and lost writes of ring buffers on the barrier model.
Command makeDataFlowCommand();
Command makeTmaCommand();
Command makeRecordCommand();
Command makeInterpCommand();
Command makeFencesCommand();
Command makeTlxCommand();
Command makeLintCommand();
Command makeCheckCommand();
Command makeReportCommand();
Command makeDiffCommand();

/// The version `--version` and SARIF's tool.driver.version print.
inline constexpr const char *kVersion = "0.1.0";

/// Exit statuses shared by every subcommand.
enum ExitCode : int { kExitClean = 0, kExitFindings = 1, kExitBadInput = 2 };

} // namespace tscope::cli
