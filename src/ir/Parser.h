// Parser: MLIR text (pretty form of any dialect, and generic form) -> Module.
#pragma once

#include <memory>

#include "ir/Module.h"
#include "support/Diagnostics.h"

namespace tscope::ir {

/// Parses a whole file. Errors go to `diags` with file:line:col; the returned
/// Module always holds what could be read (a chunk with an error keeps the ops
/// parsed before it). Never throws on bad input.
std::unique_ptr<Module> parseModule(std::unique_ptr<support::SourceBuffer> buf,
                                    support::Diagnostics &diags);

} // namespace tscope::ir
