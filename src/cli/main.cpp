// tscope: entry point; the subcommand table lives in Commands.cpp.
#include <cstring>
#include <iostream>
#include <set>
#include <string>

#include "cli/Command.h"
#include "render/Color.h"

int main(int argc, char **argv) {
  // Named, so usage lines say `tscope`, not the path the binary was run by.
  CLI::App app{"tscope: see inside Triton kernels (IR, barriers, fences, TMA)", "tscope"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "tscope 0.1.0");
  std::function<int()> run;
  // --color on every command that prints findings as text.
  static const std::set<std::string> kFindings = {"barriers", "deadlock", "races", "tma",  "fences",
                                                   "lint",     "check",    "regs",  "report"};
  std::string color = "auto";
  for (const tscope::cli::Command &c : tscope::cli::commands()) {
    CLI::App *sub = app.add_subcommand(c.name, c.description);
    // Every default shows in --help (an option whose default is empty shows none).
    sub->option_defaults()->always_capture_default();
    auto fn = c.setup(*sub);
    // ... and "none" (an empty list) shows as nothing rather than "=[]".
    for (CLI::Option *opt : sub->get_options())
      if (opt->get_default_str() == "[]")
        opt->default_str("");
    if (kFindings.count(c.name))
      sub->add_option("--color", color,
                      "colour error/warning/note in text findings: auto (when stdout is a terminal and NO_COLOR "
                      "is not set), always, never")
          ->check(CLI::IsMember({"auto", "always", "never"}))
          ->capture_default_str();
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
  tscope::render::ColorChoice choice = tscope::render::ColorChoice::Auto;
  tscope::render::parseColorChoice(color, choice);
  tscope::render::setColor(choice);
  return run ? run() : tscope::cli::kExitBadInput;
}
