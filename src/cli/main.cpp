// tscope: entry point; the subcommand table lives in Commands.cpp.
#include <iostream>

#include "cli/Command.h"

int main(int argc, char **argv) {
  CLI::App app{"tscope: see inside Triton kernels (IR, barriers, fences, TMA)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "tscope 0.1.0");
  std::function<int()> run;
  for (const tscope::cli::Command &c : tscope::cli::commands()) {
    CLI::App *sub = app.add_subcommand(c.name, c.description);
    auto fn = c.setup(*sub);
    sub->callback([&run, fn] { run = fn; });
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : tscope::cli::kExitBadInput;
  }
  return run ? run() : tscope::cli::kExitBadInput;
}
