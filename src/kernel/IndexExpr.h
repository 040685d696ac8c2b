// IndexExpr: the integer arithmetic behind a barrier slot, phase or predicate
// as a readable formula over named counters (loop IVs, iter_args, kernel
// arguments), with `x % D` shown as slot(x,D) and `(x / D) & 1` as phase(x,D).
#pragma once

#include <string>

#include "kernel/Kernel.h"

namespace tscope::kernel {

/// A formula for a scalar value.
struct IndexExpr {
  std::string text;       // normalised, e.g. "phase(kt,3) ^ 1"
  std::string raw;        // the same without normalisation, e.g. "((kt / 3) & 1) ^ 1"
  bool constant = false;  // folds to a literal
  long long value = 0;    // when constant
};

/// Builds the formula of `v` by walking its definitions (depth-limited).
/// Partition arguments print as the captured value's formula; loop IVs and
/// iter_args print by name.
IndexExpr indexExpr(const Kernel &k, const ir::Value *v);

} // namespace tscope::kernel
