// tscope: entry point; the subcommand table lives in Commands.cpp.
#include <cstring>
#include <iostream>
#include <string>

#include "cli/Command.h"

int main(int argc, char **argv) {
  // Named, so usage lines say `tscope`, not the path the binary was run by.
  CLI::App app{"tscope: see inside Triton kernels (IR, barriers, fences, TMA)", "tscope"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "tscope 0.1.0");
  std::function<int()> run;
  for (const tscope::cli::Command &c : tscope::cli::commands()) {
    CLI::App *sub = app.add_subcommand(c.name, c.description);
    auto fn = c.setup(*sub);
    sub->callback([&run, fn] { run = fn; });
  }
  if (argc > 1 && argv[1][0] != '-') {
    // An unknown command is named, with the list (CLI11 would only say that
    // one is required).
    bool known = false;
    std::string names;
    for (const tscope::cli::Command &c : tscope::cli::commands()) {
      known |= std::strcmp(argv[1], c.name) == 0;
      names += std::string(names.empty() ? "" : ", ") + c.name;
    }
    if (!known) {
      std::cerr << "error: no command named '" << argv[1] << "'; the commands are: " << names
                << " (tscope --help describes each)\n";
      return tscope::cli::kExitBadInput;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    int rc = app.exit(e);
    return rc == 0 ? 0 : tscope::cli::kExitBadInput;
  }
  return run ? run() : tscope::cli::kExitBadInput;
}
