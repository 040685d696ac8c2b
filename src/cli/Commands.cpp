// The subcommand table.
#include "cli/Command.h"

namespace tscope::cli {

const std::vector<Command> &commands() {
  static const std::vector<Command> table = {
      makeParseCommand(),
      makePrintCommand(),
      makePassesCommand(),
      makeRunCommand(),
      makeLsCommand(),
      makeRegsCommand(),
      makeStatsCommand(),
      makeScanCommand(),
      makeBarriersCommand(),
      makeDeadlockCommand(),
      makeRacesCommand(),
      makeDataFlowCommand(),
      makeRecordCommand(),
      makeTmaCommand(),
      makeInterpCommand(),
      makeFencesCommand(),
      makeTlxCommand(),
      makeLintCommand(),
      makeCheckCommand(),
      makeReportCommand(),
      makeDiffCommand(),
  };
  return table;
}

} // namespace tscope::cli
