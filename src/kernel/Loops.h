// Loops: the loop around an op within the process that runs it (a
// warp_specialize partition or the function body).
#pragma once

#include "dialect/OpTable.h"
#include "ir/Operation.h"
#include "kernel/Kernel.h"

namespace tscope::kernel {

/// The innermost scf.for/while around `op` within its partition (the search
/// stops at a warp_specialize, its partitions op, or the kernel's function),
/// or null.
inline const ir::Operation *enclosingLoop(const Kernel &k, const ir::Operation *op) {
  for (const ir::Operation *p = op ? op->parentOp() : nullptr; p && p != k.func; p = p->parentOp()) {
    dialect::OpKind kind = dialect::kindOf(p);
    if (kind == dialect::OpKind::WarpSpecialize || kind == dialect::OpKind::WarpSpecializePartitions)
      return nullptr;
    if (kind == dialect::OpKind::For || kind == dialect::OpKind::While)
      return p;
  }
  return nullptr;
}

} // namespace tscope::kernel
