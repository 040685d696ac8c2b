// MMA shape rules. PTX ISA "wgmma.mma_async" and "tcgen05.mma" shape charts:
// M is at least 64 (one warpgroup's rows, or tcgen05's smallest M); N is at
// least 8; K per instruction is 32 bytes of the A element type (16 for
// f16/bf16, 8 for tf32, 32 for 8-bit types). An op's tile may be larger —
// the lowering repeats the instruction — but never smaller. With cta_group::2
// each CTA holds M = 128 rows (M = 256 across the pair); Triton's lowering
// added M = 64 per CTA (cta_group::2 M = 128) in triton-lang/triton#8922.
// Upstream Triton types a 2-CTA operand with the pair's shape and splits it
// through the encoding's CGALayout (a basis vector per CTA bit; one along dim
// 0 halves M); TLX types it per CTA and leaves the CGALayout trivial.
#include "checks/tlxlint/LintChecks.h"
#include "dialect/OpTable.h"
#include "dialect/Types.h"
#include "ir/Attribute.h"

namespace tscope::checks::tlxlint {
namespace {

using dialect::OpKind;

struct Shape {
  std::vector<int64_t> dims;
  std::string element;
  std::string encoding; // "#shared", as written in the memdesc
};

/// How many CTAs split dimension `dim` of a memdesc: 2^(CGALayout basis
/// vectors with a nonzero `dim` component), or CTASplitNum[dim]; 1 if neither.
int64_t ctaSplit(const LintContext &ctx, const Shape &s, size_t dim) {
  std::string_view enc = s.encoding;
  const ir::AliasDef *a = ctx.kernel.chunk && !enc.empty() && enc.front() == '#'
                              ? ctx.kernel.chunk->findAlias(enc)
                              : nullptr;
  std::string_view text = a ? ctx.module.str(a->value) : enc;
  auto listAfter = [&](std::string_view key) -> std::string_view {
    size_t at = text.find(key);
    if (at == std::string_view::npos)
      return {};
    size_t open = text.find('[', at);
    if (open == std::string_view::npos)
      return {};
    int depth = 0;
    for (size_t i = open; i < text.size(); ++i) {
      depth += text[i] == '[' ? 1 : text[i] == ']' ? -1 : 0;
      if (depth == 0)
        return text.substr(open + 1, i - open - 1);
    }
    return {};
  };
  if (std::string_view l = listAfter("CGALayout"); !l.empty()) {
    int64_t split = 1;
    size_t i = 0;
    while ((i = l.find('[', i)) != std::string_view::npos) {
      size_t close = l.find(']', i);
      if (close == std::string_view::npos)
        break;
      std::vector<int64_t> comps =
          ir::Attr(l.substr(i, close - i + 1)).asIntArray().value_or(std::vector<int64_t>());
      if (dim < comps.size() && comps[dim] != 0 && split < (int64_t(1) << 20))
        split *= 2;
      i = close + 1;
    }
    return split;
  }
  if (std::string_view l = listAfter("CTASplitNum"); !l.empty()) {
    std::string list = "[" + std::string(l) + "]";
    std::vector<int64_t> comps = ir::Attr(list).asIntArray().value_or(std::vector<int64_t>());
    if (dim < comps.size())
      return comps[dim] > 0 ? std::min<int64_t>(comps[dim], 1 << 20) : 1;
  }
  return 1;
}

std::optional<Shape> shapeOf(const LintContext &ctx, const ir::Value *v) {
  std::string_view t = dialect::typeText(ctx.module, v);
  if (auto md = dialect::parseMemDesc(ctx.module, ctx.kernel.chunk, t))
    return Shape{md->shape, md->elementType, md->encoding};
  if (auto tt = dialect::parseTensor(t))
    return Shape{tt->shape, tt->elementType, {}};
  return std::nullopt;
}

bool isMma(const ir::Operation *op) {
  OpKind k = dialect::kindOf(op);
  return op->is("ttng.warp_group_dot") || k == OpKind::TcGen5Mma || k == OpKind::TcGen5MmaScaled;
}

const char *instruction(const ir::Operation *op) {
  return op->is("ttng.warp_group_dot") ? "wgmma.mma_async" : "tcgen05.mma";
}

} // namespace

void checkMmaTileMin(const LintContext &ctx, std::vector<Finding> &out) {
  for (const PlacedOp &p : ctx.ops) {
    if (!isMma(p.op) || p.op->numOperands < 2)
      continue;
    auto a = shapeOf(ctx, p.op->operands[0]), b = shapeOf(ctx, p.op->operands[1]);
    if (!a || !b || a->dims.size() < 2 || b->dims.size() < 2)
      continue;
    int64_t M = a->dims[a->dims.size() - 2], K = a->dims.back(), N = b->dims.back();
    if (M <= 0 || N <= 0 || K <= 0)
      continue;
    std::vector<std::string> why;
    if (M < 64)
      why.push_back("M = " + std::to_string(M) + " < 64");
    if (N < 8)
      why.push_back("N = " + std::to_string(N) + " < 8");
    uint32_t eb = dialect::elementBytes(a->element);
    bool scaled = dialect::kindOf(p.op) == OpKind::TcGen5MmaScaled; // packed sub-byte types
    if (!scaled && eb > 0 && K * eb < 32)
      why.push_back("K = " + std::to_string(K) + " < " + std::to_string(32 / eb) + " for " +
                    a->element);
    if (why.empty())
      continue;
    std::string list;
    for (size_t i = 0; i < why.size(); ++i)
      list += (i ? ", " : "") + why[i];
    Finding f;
    f.severity = support::Severity::Error;
    f.where = ctx.point(p.op);
    f.message = "MMA tile " + std::to_string(M) + "x" + std::to_string(N) + "x" +
                std::to_string(K) + " (MxNxK) is below what " + instruction(p.op) +
                " can compute (" + list +
                "); grow the block to at least M = 64, N = 8 and K = 32 bytes of the element type";
    out.push_back(std::move(f));
  }
}

void checkTwoCtaMma(const LintContext &ctx, std::vector<Finding> &out) {
  for (const PlacedOp &p : ctx.ops) {
    OpKind k = dialect::kindOf(p.op);
    if ((k != OpKind::TcGen5Mma && k != OpKind::TcGen5MmaScaled) || p.op->numOperands < 1)
      continue;
    if (dialect::attrText(ctx.module, p.op, "two_ctas").empty())
      continue;
    auto a = shapeOf(ctx, p.op->operands[0]);
    if (!a || a->dims.size() < 2)
      continue;
    // The accumulator's encoding carries the split when A's layout (a
    // shared_linear or TMEM operand) does not say it.
    int64_t split = ctaSplit(ctx, *a, a->dims.size() - 2);
    if (split == 1 && p.op->numOperands > 2)
      if (auto d = shapeOf(ctx, p.op->operands[2]); d && d->dims.size() >= 2)
        split = ctaSplit(ctx, *d, d->dims.size() - 2);
    int64_t M = a->dims[a->dims.size() - 2] / split;
    if (M == 128)
      continue;
    Finding f;
    f.where = ctx.point(p.op);
    if (M == 64) {
      f.severity = support::Severity::Warning;
      f.message = "2-CTA MMA (two_ctas) with M = 64 per CTA uses tcgen05.mma.cta_group::2 with M = "
                  "128, which "
                  "Triton lowers only since triton-lang/triton#8922; with an older Triton use M = "
                  "128 per CTA";
    } else {
      f.severity = support::Severity::Error;
      f.message = "2-CTA MMA (two_ctas) with M = " + std::to_string(M) +
                  " per CTA: tcgen05.mma.cta_group::2 takes M = 128 per CTA (256 across the pair); "
                  "give each "
                  "CTA a 128-row tile of A";
    }
    out.push_back(std::move(f));
  }
}

} // namespace tscope::checks::tlxlint
