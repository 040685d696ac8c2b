// SourcePoint: an op's IR line, byte offset and Python line, read once from the op.
#include "kernel/SourcePoint.h"

#include "kernel/Kernel.h"

namespace tscope::kernel {

SourcePoint pointOf(const Kernel &k, const ir::Operation *op) {
  SourcePoint p;
  if (!op)
    return p;
  p.irLine = op->line;
  p.offset = op->range.offset;
  ir::ResolvedLoc l = k.sourceOf(op);
  if (l.known()) {
    p.pyFile = l.file;
    p.pyLine = l.line;
  }
  return p;
}

} // namespace tscope::kernel
