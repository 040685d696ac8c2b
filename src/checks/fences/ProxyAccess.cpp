// ProxyAccess: the op table of shared-memory accesses by proxy. Generic proxy:
// ld/st.shared (local_load, local_store, local_alloc with a value) and
// non-bulk cp.async. Async proxy: cp.async.bulk (TMA load/store/reduce/
// gather/scatter), wgmma and tcgen05 operand reads, tcgen05.cp (tmem_copy).
#include "checks/fences/ProxyAccess.h"

#include "dialect/OpTable.h"
#include "kernel/IndexExpr.h"

namespace tscope::checks::fences {

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

std::string ProxyAccess::kindText() const {
  return std::string(proxy == Proxy::Generic ? "generic " : "async-proxy ") + (write ? "write" : "read");
}

std::string ProxyAccess::describe() const { return kindText() + " (" + what + ")"; }

std::string ProxyAccess::buffers() const {
  std::string s;
  for (const MemRegion &r : regions)
    s += (s.empty() ? "" : ", ") + r.text();
  return s;
}

namespace {

/// True for a memdesc that lives in shared memory (by its type, else by its
/// allocations).
bool isSharedData(const kernel::Kernel &k, const ir::Value *v) {
  if (!v)
    return false;
  auto t = dialect::parseMemDesc(*k.module, k.chunk, dialect::typeText(*k.module, v));
  if (t && (t->space == dialect::MemorySpace::Tensor || t->isBarrier()))
    return false;
  if (t && t->space == dialect::MemorySpace::Shared)
    return true;
  // Stripped types (`<...>`) and undefined aliases: decide by the roots.
  for (const kernel::Allocation *a : k.rootsOf(v))
    if (!a->isBarrier && (a->kind == kernel::AllocKind::Shared ||
                          (a->kind == kernel::AllocKind::FunctionArgument && a->type &&
                           a->type->space != dialect::MemorySpace::Tensor)))
      return true;
  return false;
}

} // namespace

std::vector<MemRegion> regionsOf(const kernel::Kernel &k, const ir::Value *v) {
  std::vector<MemRegion> out;
  // Follow a plain chain of views and partition captures up to an allocation;
  // the memdesc_index nearest the allocation picks the slot.
  const ir::Value *cur = v;
  const ir::Value *slotIndex = nullptr;
  bool lastWasIndex = false;
  for (int step = 0; cur && step < 64; ++step) {
    if (const kernel::Allocation *a = k.allocationOf(cur)) {
      if (a->isBarrier || a->kind == kernel::AllocKind::Tensor || a->kind == kernel::AllocKind::Token)
        return out;
      MemRegion r;
      r.alloc = a;
      if (lastWasIndex && slotIndex) {
        kernel::IndexExpr e = kernel::indexExpr(k, slotIndex);
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
  for (const kernel::Allocation *a : k.rootsOf(v)) {
    if (a->isBarrier || a->kind == kernel::AllocKind::Tensor || a->kind == kernel::AllocKind::Token)
      continue;
    MemRegion r;
    r.alloc = a;
    r.slotText = v == a->value ? "" : "?";
    out.push_back(r);
  }
  return out;
}

std::vector<ProxyAccess> accessesOf(const kernel::Kernel &k, const ir::Operation *op) {
  std::vector<ProxyAccess> out;
  OpKind kind = dialect::kindOf(op);
  auto add = [&](const ir::Value *v, Proxy proxy, bool write, std::string what) {
    if (!isSharedData(k, v))
      return;
    ProxyAccess a;
    a.op = op;
    a.value = v;
    a.proxy = proxy;
    a.write = write;
    a.what = std::move(what);
    a.regions = regionsOf(k, v);
    a.tmaLoadLike = kind == OpKind::TmaLoad || kind == OpKind::TmaGather;
    if (!a.regions.empty())
      out.push_back(std::move(a));
  };
  switch (kind) {
  case OpKind::LocalStore:
  case OpKind::LocalLoad:
  case OpKind::LocalAlloc:
  case OpKind::AsyncCopyGlobalToLocal:
  case OpKind::TmaLoad:
  case OpKind::TmaGather:
  case OpKind::TmaStore:
  case OpKind::TmaReduce:
  case OpKind::TmaScatter:
  case OpKind::WarpGroupDot:
  case OpKind::TcGen5Mma:
  case OpKind::TcGen5MmaScaled:
  case OpKind::TmemCopy:
    break;
  default:
    return out;
  }
  dialect::OperandRoles r = dialect::operandRoles(*k.module, op);
  switch (kind) {
  case OpKind::LocalStore:
    add(r.buffer, Proxy::Generic, true, "local_store");
    break;
  case OpKind::LocalLoad:
    add(r.buffer, Proxy::Generic, false, "local_load");
    break;
  case OpKind::LocalAlloc:
    // Only an allocation with an initial value writes it.
    if (r.source && op->numResults > 0)
      add(op->result(0), Proxy::Generic, true, "local_alloc with a value");
    break;
  case OpKind::AsyncCopyGlobalToLocal:
    // Non-bulk cp.async is not an async-proxy operation in the PTX ISA.
    add(r.buffer, Proxy::Generic, true, "cp.async");
    break;
  case OpKind::TmaLoad:
    add(r.buffer, Proxy::Async, true, "TMA load");
    break;
  case OpKind::TmaGather:
    add(r.buffer, Proxy::Async, true, "TMA gather");
    break;
  case OpKind::TmaStore:
    add(r.buffer, Proxy::Async, false, "TMA store");
    break;
  case OpKind::TmaReduce:
    add(r.buffer, Proxy::Async, false, "TMA reduce");
    break;
  case OpKind::TmaScatter:
    add(r.buffer, Proxy::Async, false, "TMA scatter");
    break;
  case OpKind::WarpGroupDot:
    // Operands A (when not in registers) and B; the accumulator is a tensor.
    if (!r.reads.empty())
      add(r.reads[0], Proxy::Async, false, "wgmma operand A");
    if (r.reads.size() > 1)
      add(r.reads[1], Proxy::Async, false, "wgmma operand B");
    break;
  case OpKind::TcGen5Mma:
  case OpKind::TcGen5MmaScaled: {
    static const char *names[] = {"tcgen05_mma operand A", "tcgen05_mma operand B",
                                  "tcgen05_mma scale A", "tcgen05_mma scale B"};
    for (size_t i = 0; i < r.reads.size() && i < 4; ++i)
      add(r.reads[i], Proxy::Async, false, names[i]);
    break;
  }
  case OpKind::TmemCopy:
    add(r.source, Proxy::Async, false, "tmem_copy source");
    break;
  default:
    break;
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
    auto bytes = [](const kernel::Allocation *x) -> int64_t {
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

bool conflicts(const ProxyAccess &g, const ProxyAccess &a) {
  if (g.proxy != Proxy::Generic || a.proxy != Proxy::Async || (!g.write && !a.write))
    return false;
  for (const MemRegion &x : g.regions)
    for (const MemRegion &y : a.regions)
      if (mayAlias(x, y))
        return true;
  return false;
}

std::string sharedBuffers(const ProxyAccess &g, const ProxyAccess &a) {
  std::string s;
  for (const MemRegion &x : g.regions)
    for (const MemRegion &y : a.regions)
      if (mayAlias(x, y)) {
        MemRegion wx{x.alloc, std::nullopt, ""}, wy{y.alloc, std::nullopt, ""};
        std::string t = x.alloc == y.alloc ? wx.text() : wx.text() + " (aliases " + wy.text() + ")";
        if (s.find(t) == std::string::npos)
          s += (s.empty() ? "" : ", ") + t;
      }
  return s;
}

} // namespace tscope::checks::fences
