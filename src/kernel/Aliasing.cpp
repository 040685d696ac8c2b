// Aliasing: which allocation (and slot) a shared-memory view denotes, and
// whether two such regions can share bytes (same allocation, `buffer.id`,
// overlapping `allocation.offset`). A kernel fact: the proxy-fence and race
// checks both ask it.
#include "kernel/Aliasing.h"

#include "dialect/OpTable.h"
#include "kernel/IndexExpr.h"

namespace tscope::kernel {

using dialect::OpKind;

std::string MemRegion::text() const {
  std::string s = alloc ? alloc->name : "?";
  // Allocations without a source name print as their SSA value.
  if (!s.empty() && s[0] >= '0' && s[0] <= '9')
    s = "%" + s;
  if (!slotText.empty())
    s += "[" + slotText + "]";
  return s;
}

std::vector<MemRegion> regionsOf(const Kernel &k, const ir::Value *v) {
  std::vector<MemRegion> out;
  // Follow a plain chain of views and partition captures up to an allocation;
  // the memdesc_index nearest the allocation picks the slot.
  const ir::Value *cur = v;
  const ir::Value *slotIndex = nullptr;
  bool lastWasIndex = false;
  for (int step = 0; cur && step < 64; ++step) {
    if (const Allocation *a = k.allocationOf(cur)) {
      if (a->isBarrier || a->kind == AllocKind::Tensor || a->kind == AllocKind::Token)
        return out;
      MemRegion r;
      r.alloc = a;
      if (lastWasIndex && slotIndex) {
        IndexExpr e = indexExpr(k, slotIndex);
        r.slotText = e.text.empty() ? "?" : e.text;
        if (e.constant)
          r.slot = e.value;
      }
      out.push_back(r);
      return out;
    }
    if (cur->kind == ir::Value::BlockArgument) {
      cur = k.captureOf(cur);
      continue;
    }
    const ir::Operation *d = cur->definingOp();
    if (!d || d->numOperands == 0)
      break;
    OpKind kind = dialect::kindOf(d);
    if (kind == OpKind::MemDescIndex) {
      dialect::OperandRoles roles = dialect::operandRoles(*k.module, d);
      slotIndex = roles.index;
      lastWasIndex = true;
      cur = d->operands[0];
      continue;
    }
    if (kind == OpKind::MemDescView || d->is("ttng.map_to_remote_buffer")) {
      lastWasIndex = false;
      cur = d->operands[0];
      continue;
    }
    break;
  }
  // Loop-carried or branch-merged views: every root, slot unknown.
  for (const Allocation *a : k.rootsOf(v)) {
    if (a->isBarrier || a->kind == AllocKind::Tensor || a->kind == AllocKind::Token)
      continue;
    MemRegion r;
    r.alloc = a;
    r.slotText = v == a->value ? "" : "?";
    out.push_back(r);
  }
  return out;
}

bool mayAlias(const MemRegion &a, const MemRegion &b) {
  if (!a.alloc || !b.alloc)
    return false;
  if (a.alloc == b.alloc)
    return !(a.slot && b.slot && *a.slot != *b.slot);
  if (a.alloc->bufferId && b.alloc->bufferId && *a.alloc->bufferId == *b.alloc->bufferId)
    return true;
  if (a.alloc->allocationOffset && b.alloc->allocationOffset) {
    auto bytes = [](const Allocation *x) -> int64_t {
      if (!x->type)
        return 0;
      auto n = x->type->bytes();
      return n && *n < (uint64_t(1) << 40) ? static_cast<int64_t>(*n) : 0;
    };
    int64_t a0 = *a.alloc->allocationOffset, b0 = *b.alloc->allocationOffset;
    int64_t a1 = a0 + bytes(a.alloc), b1 = b0 + bytes(b.alloc);
    if (a1 == a0 || b1 == b0) // unknown size: only the same start is known to overlap
      return a0 == b0;
    return a0 < b1 && b0 < a1;
  }
  return false;
}

} // namespace tscope::kernel
