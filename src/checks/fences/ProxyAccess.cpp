// ProxyAccess: the op table of shared-memory accesses by proxy. Generic proxy:
// ld/st.shared (local_load, local_store, local_alloc with a value) and
// non-bulk cp.async. Async proxy: cp.async.bulk (TMA load/store/reduce/
// gather/scatter), wgmma and tcgen05 operand reads, tcgen05.cp (tmem_copy).
#include "checks/fences/ProxyAccess.h"

#include "dialect/OpTable.h"

namespace tscope::checks::fences {

using dialect::OpKind;

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
    if (r.source && op->numResults > 0) {
      add(op->result(0), Proxy::Generic, true, "local_alloc with a value");
      const ir::Operation *src = r.source->definingOp();
      OpKind from = src ? dialect::kindOf(src) : OpKind::Other;
      if (!out.empty() && (from == OpKind::DescriptorLoad || from == OpKind::DescriptorGather))
        out.back().untilTmaLowering = src;
    }
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
