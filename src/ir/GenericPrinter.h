// GenericPrinter: prints a Module in MLIR's generic form, which mlir-opt reads
// with --allow-unregistered-dialect.
#pragma once

#include <functional>
#include <ostream>

#include "ir/Module.h"

namespace tscope::ir {

/// Options for the generic printer.
struct GenericPrintOptions {
  /// Prefix every op name but builtin.module with "tscope." so mlir-opt checks
  /// structure, SSA dominance and types without its own dialect verifiers
  /// (whose attributes live in custom syntax that the generic form cannot
  /// reconstruct, e.g. the value of `arith.constant 0 : i32`).
  bool opaqueNames = false;
  /// Attach the custom syntax of pretty-form ops as `tscope.asm = "..."`.
  bool keepAsm = true;
  /// Print `loc(...)` of each op.
  bool locations = true;
  /// Ops left out with everything they hold (e.g. the kernels `--kernel` does
  /// not select); none when empty.
  std::function<bool(const Operation &)> omit;
};

/// Prints every chunk, separated by `// -----`.
void printGeneric(const Module &m, std::ostream &os,
                  const GenericPrintOptions &opts = {});

/// The type of a value as written, or "!tscope.unknown" when the text gives
/// none; stripped dialect types `<...>` are given back their prefix.
std::string valueTypeText(const Module &m, const Value *v);

} // namespace tscope::ir
