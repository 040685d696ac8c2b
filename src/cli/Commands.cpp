// The subcommand table.
#include "cli/Command.h"

namespace tscope::cli {

const std::vector<Command> &commands() {
  static const std::vector<Command> table = {
      makeParseCommand(),
      makePrintCommand(),
  };
  return table;
}

} // namespace tscope::cli
