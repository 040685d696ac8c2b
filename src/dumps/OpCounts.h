// OpCounts: how many ops of each name one IR snapshot holds, by a line scan
// (MLIR prints one op per line) or by parsing with ir::parseModule.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "dumps/PassLog.h"

namespace tscope::dumps {

/// One op name and its count.
struct OpCount {
  std::string_view name;
  uint32_t count = 0;
};

/// Counts sorted by name.
using OpCounts = std::vector<OpCount>;

/// Counts by a scan of line starts: MLIR op names (pretty `d.op`, generic
/// `"d.op"`, `module`), LLVM IR opcodes (calls by callee, e.g.
/// `@llvm.nvvm.barrier0`), MIR and PTX opcodes. Names point into `ir`.
OpCounts countOpsFast(std::string_view ir, IrLanguage language);

/// Counts MLIR ops by parsing `ir` with ir::parseModule; names are interned
/// in `pool`. Sets `parseErrors` to the number of parse errors.
OpCounts countOpsParsed(std::string_view ir, std::deque<std::string> &pool, size_t &parseErrors);

/// Total number of ops.
uint64_t totalOps(const OpCounts &c);

/// The count of `name` (0 when absent).
uint32_t countOf(const OpCounts &c, std::string_view name);

} // namespace tscope::dumps
