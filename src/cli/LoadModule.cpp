// LoadModule: the shared "open, parse, report" step of the subcommands.
#include "cli/LoadModule.h"

#include <iostream>

#include "ir/Parser.h"

namespace tscope::cli {

std::unique_ptr<ir::Module> loadModule(const std::string &path) {
  std::string err;
  auto buf = support::SourceBuffer::open(path, err);
  if (!buf) {
    std::cerr << path << ": error: cannot read: " << err << "\n";
    return nullptr;
  }
  support::Diagnostics diags;
  auto m = ir::parseModule(std::move(buf), diags);
  diags.print(std::cerr);
  if (diags.errorCount())
    return nullptr;
  return m;
}

} // namespace tscope::cli
