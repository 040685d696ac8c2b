// LoadModule: read and parse one input file for a subcommand, printing any
// diagnostics to stderr.
#pragma once

#include <memory>
#include <string>

#include "ir/Module.h"

namespace tscope::cli {

/// Parses `path` ('-' for stdin). Returns null (after printing why) when the
/// file cannot be read or has parse errors; the caller exits with status 2.
std::unique_ptr<ir::Module> loadModule(const std::string &path);

} // namespace tscope::cli
