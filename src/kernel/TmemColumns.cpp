// TmemColumns: which tensor-memory columns of which owner a memdesc value
// covers — the alias root of column-packed TMEM in both spellings (Meta's
// `buffer.id`/`buffer.offset` attributes, Gluon views of one allocation).
#include <string>

#include "kernel/IndexExpr.h"
#include "kernel/Kernel.h"

namespace tscope::kernel {

using dialect::OpKind;

namespace {

/// `colStride = N` of a `#ttng.tensor_memory_encoding<...>` (alias resolved), 1
/// when absent.
int64_t colStrideOf(const ir::Module &m, const ir::Chunk &chunk,
                    std::string_view enc) {
  std::string_view text = enc;
  if (!enc.empty() && enc.front() == '#')
    if (const ir::AliasDef *d = chunk.findAlias(enc))
      text = m.str(d->value);
  size_t at = text.find("colStride = ");
  if (at == std::string_view::npos)
    return 1;
  int64_t v = 0;
  for (size_t i = at + 12;
       i < text.size() && text[i] >= '0' && text[i] <= '9' && v < 1000; ++i)
    v = v * 10 + (text[i] - '0');
  return v > 0 && v <= 32 ? v : 1;
}

int64_t elementBits(std::string_view elt) {
  if (elt == "i1")
    return 1;
  uint32_t bytes = dialect::elementBytes(elt);
  return bytes ? int64_t(bytes) * 8 : 0;
}

/// Columns taken by `n` elements of type `t` along N.
std::optional<int64_t> columnsOfElements(const ir::Module &m,
                                         const ir::Chunk &chunk,
                                         const dialect::MemDescType &t,
                                         int64_t n) {
  int64_t bits = elementBits(t.elementType);
  constexpr int64_t kLimit =
      int64_t(1) << 24; // far above TMEM's 512 columns: untrusted sizes
  if (bits <= 0 || n < 0 || n > kLimit)
    return std::nullopt;
  int64_t cells = n * bits * colStrideOf(m, chunk, t.encoding);
  return (cells + 31) / 32;
}

} // namespace

std::optional<int64_t> tmemColumnCount(const ir::Module &m,
                                       const ir::Chunk &chunk,
                                       const dialect::MemDescType &t) {
  if (t.shape.size() < 2)
    return std::nullopt;
  auto cols = columnsOfElements(m, chunk, t, t.shape.back());
  if (!cols)
    return std::nullopt;
  int64_t slots = 1;
  for (size_t i = 0; i + 2 < t.shape.size(); ++i) {
    if (t.shape[i] <= 0 || t.shape[i] > 4096)
      return std::nullopt;
    slots *= t.shape[i];
  }
  return *cols * slots;
}

const Allocation *Kernel::packingOwner(const Allocation *a) const {
  if (!a || a->kind != AllocKind::Tensor || !a->bufferId || !a->bufferOffset)
    return a;
  const Allocation *first = nullptr;
  for (const Allocation &b : allocations) {
    if (b.kind != AllocKind::Tensor || b.bufferId != a->bufferId)
      continue;
    if (!b.bufferOffset)
      return &b; // the space owner carries no buffer.offset (the fork's rule)
    if (!first)
      first = &b;
  }
  return first ? first : a;
}

const TmemColumns &Kernel::tmemColumnsOf(const ir::Value *v) const {
  return memo_.get(memo_.tmem, v, [&] { return computeTmemColumns(v); });
}

TmemColumns Kernel::computeTmemColumns(const ir::Value *v) const {
  const ir::Module &m = *module;
  int64_t offset = 0;
  bool known = true, anySlot = false;
  const ir::Operation *view = nullptr;
  std::string how;
  auto typeOf = [&](const ir::Value *x) {
    return dialect::parseMemDesc(m, chunk, dialect::typeText(m, x));
  };
  auto viewType = typeOf(v);
  const ir::Value *cur = v;
  // Views form a chain; 64 steps bound a hostile one.
  for (int step = 0; step < 64 && cur; ++step) {
    if (const Allocation *a = allocationOf(cur)) {
      if (a->kind != AllocKind::Tensor || !a->type)
        return {};
      TmemColumns c;
      c.alloc = a;
      c.owner = packingOwner(a);
      int64_t base = 0;
      if (c.owner != a && a->bufferOffset) {
        base = *a->bufferOffset;
        how = "buffer.offset " + std::to_string(base) +
              (how.empty() ? "" : ", ") + how;
      }
      std::optional<int64_t> width =
          anySlot ? tmemColumnCount(m, *chunk, *a->type)
                  : (viewType ? tmemColumnCount(m, *chunk, *viewType)
                              : std::nullopt);
      if (anySlot)
        offset = 0;
      c.how = how;
      c.anySlot = anySlot;
      c.view = view;
      if (known && width && base >= 0 && base <= (int64_t(1) << 24)) {
        c.begin = base + offset;
        c.end = c.begin + *width;
        c.known = true;
      } else {
        c.begin = 0;
        c.end = c.owner->type
                    ? tmemColumnCount(m, *chunk, *c.owner->type).value_or(0)
                    : 0;
      }
      return c;
    }
    if (cur->kind == ir::Value::BlockArgument) {
      if (const ir::Value *cap = captureOf(cur)) {
        cur = cap;
        continue;
      }
      const ir::Block *b = cur->ownerBlock();
      const ir::Operation *p = b && b->parent ? b->parent->parent : nullptr;
      if (p && dialect::kindOf(p) == OpKind::For && cur->number > 0 &&
          3 + cur->number - 1 < p->numOperands) {
        cur = p->operands[3 + cur->number -
                          1]; // the loop's init (yields keep the same view)
        continue;
      }
      return {};
    }
    if (cur->kind != ir::Value::Result)
      return {};
    const ir::Operation *op = cur->definingOp();
    if (!op->numOperands)
      return {};
    const ir::Value *src = op->operands[0];
    if (dialect::kindOf(op) == OpKind::MemDescView ||
        dialect::kindOf(op) == OpKind::MemDescIndex)
      view = op;
    if (op->is("ttng.tmem_subslice")) {
      auto n = dialect::intAttr(m, op, "N");
      auto st = typeOf(src);
      auto cols =
          n && st ? columnsOfElements(m, *chunk, *st, *n) : std::nullopt;
      if (cols)
        offset += *cols;
      else
        known = false;
      how = "tmem_subslice N=" + (n ? std::to_string(*n) : std::string("?")) +
            (how.empty() ? "" : ", ") + how;
    } else if (op->is("ttg.memdesc_reinterpret")) {
      if (how.empty())
        how = "reinterpret as " +
              (viewType ? viewType->shapeText() : std::string("?"));
    } else if (dialect::kindOf(op) == OpKind::MemDescIndex &&
               op->numOperands >= 2) {
      IndexExpr ie =
          indexExpr(*this, op->operands[1]); // follows partition captures
      int64_t idx = ie.constant ? static_cast<int64_t>(ie.value) : -1;
      auto slotType = typeOf(cur); // one slot of the ring
      auto sliceCols =
          slotType ? tmemColumnCount(m, *chunk, *slotType) : std::nullopt;
      if (sliceCols && idx >= 0 && idx < 4096) {
        offset += idx * *sliceCols;
        how = "slot " + std::to_string(idx) + (how.empty() ? "" : ", ") + how;
      } else {
        anySlot = true; // a dynamic slot: every slot of the ring
        how = "any slot" + std::string(how.empty() ? "" : ", ") + how;
      }
    } else if (dialect::kindOf(op) == OpKind::MemDescView ||
               op->is("ttg.convert_layout")) {
      // trans/reshape of TMEM keep the base; other views move it unknowably.
      if (!op->is("ttg.memdesc_trans") && !op->is("ttg.memdesc_reshape"))
        known = false;
    } else {
      return {};
    }
    cur = src;
  }
  return {};
}

} // namespace tscope::kernel
