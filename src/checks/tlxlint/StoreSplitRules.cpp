// The split store rule. When automatic warp specialization hands one tile
// to several consumer partitions (Hopper: the M tile split between consumer
// warpgroups), each partition stores its slice of the tile with its own copy
// of the tt.store, all carrying the store's source location. The slices must
// tile the tile: the same extent and coefficients, each shifted by one slice
// along one dimension. Triton 3.6 has shifted a slice twice (its base already
// at +64 rows, its row range 64..128 again), so half of every tile is never
// written and the last tile writes past its tensor (docs/TLX.md).
//
// The offsets are read symbolically: a pointer tensor is a splat of a scalar
// pointer plus an offset tensor, which is a polynomial over opaque scalars
// (program ids, kernel arguments, other values) plus, per dimension, a
// tt.make_range times a coefficient. Anything else (masks, loads, loop
// values that differ per partition) and the rule says nothing.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <string>

#include "checks/tlxlint/LintChecks.h"
#include "dialect/OpTable.h"
#include "dialect/Types.h"
#include "ir/Attribute.h"

namespace tscope::checks::tlxlint {
namespace {

/// A product of opaque scalars, by key (sorted).
using Monomial = std::vector<std::string>;
/// An integer polynomial over opaque scalars; no zero coefficients.
using Poly = std::map<Monomial, int64_t>;

constexpr size_t kMaxTerms = 32;
constexpr int kMaxDepth = 48;
/// Slices farther apart than this (in units of their dimension) are not read.
constexpr int64_t kMaxShift = int64_t{1} << 40;

Poly constantPoly(int64_t c) {
  Poly p;
  if (c)
    p[{}] = c;
  return p;
}

/// a += scale * b; false when a coefficient overflows (the reading fails).
[[nodiscard]] bool addInto(Poly &a, const Poly &b, int64_t scale = 1) {
  for (const auto &[m, c] : b) {
    int64_t prod = 0;
    int64_t &slot = a[m];
    if (__builtin_mul_overflow(scale, c, &prod) || __builtin_add_overflow(slot, prod, &slot))
      return false;
    if (!slot)
      a.erase(m);
  }
  return true;
}

std::optional<Poly> times(const Poly &a, const Poly &b) {
  Poly out;
  for (const auto &[ma, ca] : a)
    for (const auto &[mb, cb] : b) {
      Monomial m = ma;
      m.insert(m.end(), mb.begin(), mb.end());
      std::sort(m.begin(), m.end());
      int64_t c = 0;
      if (__builtin_mul_overflow(ca, cb, &c) || !addInto(out, Poly{{m, c}}))
        return std::nullopt;
    }
  if (out.size() > kMaxTerms)
    return std::nullopt;
  return out;
}

/// `c` with a == c * b, if there is one.
std::optional<int64_t> multipleOf(const Poly &a, const Poly &b) {
  if (b.empty())
    return std::nullopt;
  if (a.empty())
    return 0;
  const auto &[m, cb] = *b.begin();
  auto it = a.find(m);
  if (it == a.end() || (cb == -1 && it->second == INT64_MIN) || it->second % cb)
    return std::nullopt;
  int64_t c = it->second / cb;
  Poly check = a;
  if (!addInto(check, b, -c) || !check.empty())
    return std::nullopt;
  return c;
}

/// One dimension of an offset tensor: `coeff * i` for i in [start, end).
struct Term {
  int dim = 0;
  int64_t start = 0, end = 0;
  Poly coeff;
};

/// `base + sum(terms)` elements past the scalar pointer `ptr`.
struct Affine {
  const ir::Value *ptr = nullptr;
  Poly base;
  std::vector<Term> terms;
};

class Reader {
public:
  explicit Reader(const LintContext &ctx) : ctx_(ctx) {}

  /// The value a partition argument stands for, followed to the outermost one.
  const ir::Value *resolve(const ir::Value *v) const {
    for (int i = 0; v && i < kMaxDepth; ++i) {
      const ir::Value *c = v->kind == ir::Value::BlockArgument ? ctx_.kernel.captureOf(v) : nullptr;
      if (!c)
        break;
      v = c;
    }
    return v;
  }

  std::optional<Poly> scalar(const ir::Value *v, int depth = 0) const {
    v = resolve(v);
    if (!v || depth > kMaxDepth)
      return std::nullopt;
    const ir::Operation *op = v->definingOp();
    if (!op)
      return inductionVariable(v, depth);
    std::string_view n = op->opName();
    if (n == "arith.constant") {
      auto c = ir::parseIntLiteral(dialect::constantLiteral(ctx_.module, op));
      return c ? std::optional<Poly>(constantPoly(*c)) : std::nullopt;
    }
    if (n == "tt.get_program_id") {
      std::string_view axis = dialect::scanOpSyntax(ctx_.module, op).firstWord;
      return Poly{{{"pid." + std::string(axis.empty() ? "x" : axis)}, 1}};
    }
    if ((n == "arith.extsi" || n == "arith.extui" || n == "arith.index_cast" || n == "arith.index_castui") &&
        op->numOperands == 1)
      return scalar(op->operand(0), depth + 1);
    if ((n == "arith.addi" || n == "arith.subi" || n == "arith.muli") && op->numOperands == 2) {
      auto a = scalar(op->operand(0), depth + 1), b = scalar(op->operand(1), depth + 1);
      if (!a || !b)
        return std::nullopt;
      if (n == "arith.muli")
        return times(*a, *b);
      if (!addInto(*a, *b, n == "arith.subi" ? -1 : 1))
        return std::nullopt;
      return a;
    }
    if (n.starts_with("arith.") && op->numResults == 1 && op->numOperands >= 1) {
      // Any other integer op is a function of its operands: one opaque
      // scalar named by its formula, so two partitions that compute the same
      // formula (a tile index from the loop variable) name the same scalar.
      std::string key = std::string(n) + "(";
      for (uint32_t i = 0; i < op->numOperands; ++i) {
        auto a = scalar(op->operand(i), depth + 1);
        if (!a)
          return opaque(v);
        key += (i ? ";" : "") + text(*a);
      }
      return Poly{{{key + ")"}, 1}};
    }
    return opaque(v);
  }

  std::optional<Affine> tensor(const ir::Value *v, int depth = 0) const {
    v = resolve(v);
    if (!v || depth > kMaxDepth)
      return std::nullopt;
    const ir::Operation *op = v->definingOp();
    if (!op)
      return std::nullopt;
    std::string_view n = op->opName();
    if (n == "tt.make_range") {
      auto s = dialect::intAttr(ctx_.module, op, "start"), e = dialect::intAttr(ctx_.module, op, "end");
      if (!s || !e)
        return std::nullopt;
      Affine a;
      a.terms.push_back({0, *s, *e, constantPoly(1)});
      return a;
    }
    if (n == "tt.splat" && op->numOperands == 1) {
      const ir::Value *x = resolve(op->operand(0));
      if (dialect::typeText(ctx_.module, x).starts_with("!tt.ptr"))
        return pointer(x, depth + 1); // its own offsets (tt.addptr chains) stay in the base
      Affine a;
      auto p = scalar(x, depth + 1);
      if (!p)
        return std::nullopt;
      a.base = *p;
      return a;
    }
    if (n == "arith.constant") {
      // A splat integer tensor: `dense<64>`.
      std::string_view lit = dialect::constantLiteral(ctx_.module, op);
      if (!lit.starts_with("dense<") || !lit.ends_with(">"))
        return std::nullopt;
      auto c = ir::parseIntLiteral(lit.substr(6, lit.size() - 7));
      if (!c)
        return std::nullopt;
      Affine a;
      a.base = constantPoly(*c);
      return a;
    }
    if ((n == "ttg.convert_layout" || n == "tt.broadcast") && op->numOperands == 1)
      return tensor(op->operand(0), depth + 1);
    if (n == "tt.expand_dims" && op->numOperands == 1) {
      auto axis = dialect::intAttr(ctx_.module, op, "axis");
      auto a = tensor(op->operand(0), depth + 1);
      if (!axis || !a)
        return std::nullopt;
      for (Term &t : a->terms)
        if (t.dim >= *axis)
          ++t.dim;
      return a;
    }
    if ((n == "arith.addi" || n == "arith.subi") && op->numOperands == 2) {
      auto a = tensor(op->operand(0), depth + 1), b = tensor(op->operand(1), depth + 1);
      if (!a || !b || b->ptr)
        return std::nullopt;
      if (!add(*a, *b, n == "arith.subi" ? -1 : 1))
        return std::nullopt;
      return a;
    }
    if (n == "arith.muli" && op->numOperands == 2) {
      auto a = tensor(op->operand(0), depth + 1), b = tensor(op->operand(1), depth + 1);
      if (!a || !b || a->ptr || b->ptr)
        return std::nullopt;
      if (!a->terms.empty())
        std::swap(a, b);
      if (!a->terms.empty())
        return std::nullopt; // a product of two ranges is not affine
      auto base = times(b->base, a->base);
      if (!base)
        return std::nullopt;
      b->base = *base;
      for (Term &t : b->terms) {
        auto c = times(t.coeff, a->base);
        if (!c)
          return std::nullopt;
        t.coeff = *c;
      }
      return b;
    }
    if (n == "tt.addptr" && op->numOperands == 2) {
      auto p = tensor(op->operand(0), depth + 1), off = tensor(op->operand(1), depth + 1);
      if (!p || !off || !p->ptr || off->ptr || !add(*p, *off, 1))
        return std::nullopt;
      return p;
    }
    return std::nullopt;
  }

private:
  /// a += sign * b, term by term: the same dimension must range alike on both
  /// sides (else the sum is not one range times a coefficient).
  static bool add(Affine &a, const Affine &b, int64_t sign) {
    if (!addInto(a.base, b.base, sign))
      return false;
    for (const Term &t : b.terms) {
      auto same = std::find_if(a.terms.begin(), a.terms.end(), [&](const Term &x) { return x.dim == t.dim; });
      if (same == a.terms.end()) {
        a.terms.push_back({t.dim, t.start, t.end, {}});
        same = a.terms.end() - 1;
      } else if (same->start != t.start || same->end != t.end) {
        return false;
      }
      if (!addInto(same->coeff, t.coeff, sign))
        return false;
    }
    return true;
  }

  /// A scalar pointer: a kernel argument (or any opaque pointer) plus the
  /// offsets of the tt.addptr ops on the way.
  std::optional<Affine> pointer(const ir::Value *v, int depth) const {
    v = resolve(v);
    if (!v || depth > kMaxDepth)
      return std::nullopt;
    const ir::Operation *op = v->definingOp();
    if (op && op->is("tt.addptr") && op->numOperands == 2) {
      auto p = pointer(op->operand(0), depth + 1);
      auto off = scalar(op->operand(1), depth + 1);
      if (!p || !off || !addInto(p->base, *off))
        return std::nullopt;
      return p;
    }
    Affine a;
    a.ptr = v;
    return a;
  }

  /// The loop variable of an scf.for, named by its bounds: partitions that
  /// each run the same loop (a persistent kernel's tile loop) see the same
  /// value at the same iteration. Any other block argument is opaque.
  std::optional<Poly> inductionVariable(const ir::Value *v, int depth) const {
    const ir::Block *b = v->ownerBlock();
    const ir::Operation *loop = b && b->parent ? b->parent->parent : nullptr;
    if (!loop || !loop->is("scf.for") || v->number != 0 || loop->numOperands < 3)
      return opaque(v);
    std::string key = "iv(";
    for (uint32_t i = 0; i < 3; ++i) {
      auto a = scalar(loop->operand(i), depth + 1);
      if (!a)
        return opaque(v);
      key += (i ? ";" : "") + text(*a);
    }
    return Poly{{{key + ")"}, 1}};
  }

  static std::string text(const Poly &p) {
    std::string out;
    for (const auto &[m, c] : p) {
      out += (out.empty() ? "" : "+") + std::to_string(c);
      for (const std::string &a : m)
        out += "*" + a;
    }
    return out.empty() ? "0" : out;
  }

  static std::optional<Poly> opaque(const ir::Value *v) {
    return Poly{{{"v" + std::to_string(reinterpret_cast<uintptr_t>(v))}, 1}};
  }

  const LintContext &ctx_;
};

/// One partition's copy of the split store, read.
struct Piece {
  const PlacedOp *at = nullptr;
  Affine form;
  Poly origin; // base + sum(coeff * start)
  int64_t shift = 0;
};

std::string describeRows(int64_t from, int64_t to) {
  return from == to ? std::to_string(from) : std::to_string(from) + ".." + std::to_string(to);
}

} // namespace

void checkSplitStore(const LintContext &ctx, std::vector<Finding> &out) {
  Reader rd(ctx);
  // The stores of each warp_specialize, grouped by source location.
  std::map<std::pair<const void *, std::string_view>, std::vector<const PlacedOp *>> groups;
  for (const PlacedOp &p : ctx.ops) {
    if (!p.op->is("tt.store") || !p.placement.ws || p.op->numOperands != 2 || p.op->loc.empty())
      continue;
    groups[{p.placement.ws, ctx.module.str(p.op->loc)}].push_back(&p);
  }
  for (const auto &[key, stores] : groups) {
    if (stores.size() < 2)
      continue;
    std::vector<Piece> pieces;
    for (const PlacedOp *s : stores) {
      auto f = rd.tensor(s->op->operand(0));
      if (!f || !f->ptr)
        break;
      Piece pc;
      pc.at = s;
      pc.form = *f;
      pc.origin = f->base;
      bool ok = true;
      for (const Term &t : f->terms) {
        auto shifted = times(t.coeff, constantPoly(t.start));
        ok = ok && shifted && addInto(pc.origin, *shifted);
      }
      if (!ok)
        break;
      pieces.push_back(std::move(pc));
    }
    if (pieces.size() != stores.size())
      continue;
    // Same pointer, same dimensions, extents and coefficients in every piece,
    // and pieces in different partitions.
    const Piece &first = pieces.front();
    auto sorted = [](std::vector<Term> ts) {
      std::sort(ts.begin(), ts.end(), [](const Term &a, const Term &b) { return a.dim < b.dim; });
      return ts;
    };
    std::vector<Term> dims = sorted(first.form.terms);
    bool alike = !dims.empty();
    std::map<int, int> partitions;
    for (const Piece &pc : pieces) {
      ++partitions[pc.at->placement.partition];
      std::vector<Term> ts = sorted(pc.form.terms);
      if (pc.form.ptr != first.form.ptr || ts.size() != dims.size()) {
        alike = false;
        break;
      }
      for (size_t i = 0; i < ts.size(); ++i)
        alike = alike && ts[i].dim == dims[i].dim && ts[i].end - ts[i].start == dims[i].end - dims[i].start &&
                ts[i].coeff == dims[i].coeff;
    }
    if (!alike || partitions.size() != pieces.size())
      continue;
    // The dimension the pieces are shifted along, and by how much.
    std::optional<size_t> along;
    for (size_t d = 0; d < dims.size() && !along; ++d) {
      bool all = true;
      for (Piece &pc : pieces) {
        Poly delta = pc.origin;
        auto c = addInto(delta, first.origin, -1) ? multipleOf(delta, dims[d].coeff) : std::nullopt;
        if (!c) {
          all = false;
          break;
        }
        if (*c > kMaxShift || *c < -kMaxShift) {
          all = false;
          break;
        }
        pc.shift = *c;
      }
      if (all)
        along = d;
    }
    if (!along)
      continue;
    std::sort(pieces.begin(), pieces.end(), [](const Piece &a, const Piece &b) { return a.shift < b.shift; });
    const int64_t len = dims[*along].end - dims[*along].start;
    if (len <= 0 || len > kMaxShift)
      continue;
    bool tiles = true;
    for (size_t i = 1; i < pieces.size(); ++i)
      tiles = tiles && pieces[i].shift - pieces[i - 1].shift == len;
    if (tiles || pieces.front().shift == pieces.back().shift)
      continue; // a tiling, or every piece on the same elements (a replicated store)
    // Relative to the lowest piece: what the pieces write, what they should.
    const int64_t lo = pieces.front().shift;
    const int64_t extent = len * static_cast<int64_t>(pieces.size());
    std::string written, missing;
    int64_t cursor = 0, beyond = 0;
    for (const Piece &pc : pieces) {
      int64_t from = pc.shift - lo, to = from + len - 1;
      written += (written.empty() ? "" : ", ") + describeRows(from, to) + " (" + ctx.partitionName(pc.at->placement) +
                 ")";
      if (from > cursor)
        missing += (missing.empty() ? "" : ", ") + describeRows(cursor, std::min(from, extent) - 1);
      cursor = std::max(cursor, to + 1);
      beyond += std::max<int64_t>(0, to + 1 - std::max(from, extent));
    }
    if (cursor < extent)
      missing += (missing.empty() ? "" : ", ") + describeRows(cursor, extent - 1);
    const char *axis = *along == 0 ? "rows" : "columns";
    const std::string dimName = "dimension " + std::to_string(dims[*along].dim) + " (" + axis + ")";
    Finding f;
    f.severity = support::Severity::Error;
    const Piece &odd = pieces.back();
    f.where = ctx.point(odd.at->op);
    f.message = "the warp-specialized partitions store one tile in " + std::to_string(pieces.size()) +
                " slices of " + std::to_string(len) + " along " + dimName + " that do not tile it: relative to the "
                "first, they write " + written + " of the " + std::to_string(extent) + " the tile has" +
                (missing.empty() ? "" : "; " + missing + " are written by none") +
                (beyond ? "; " + std::to_string(beyond) + " written lie outside the tile, on another tile's " +
                              std::string(axis) + " or, at the last tile, past the end of the tensor" : "") +
                ": wrong results, and a fault where a slice passes the end of the allocation. " +
                (dialect::attrText(ctx.module, odd.at->op, "async_task_id").empty()
                     ? std::string("Each partition computes its slice's offsets: make them tile the store "
                                   "(slice k at k * " + std::to_string(len) + " " + axis + ")")
                     : std::string("The compiler split this store (automatic warp specialization, async_task_id) "
                                   "and misplaced a slice; the kernel source is not at fault: turn "
                                   "warp_specialize off for this loop, or change num_warps so the tile is not "
                                   "split"));
    // What the GPU will do, for the kernel's expected outcome (driver::kernelOutcomes).
    f.onGpu = beyond ? "wrong results or a fault: " + std::to_string(beyond) + " " + axis +
                           " of each tile land outside it, and past the end of the tensor at the last tile"
                     : "wrong results: " + (missing.empty() ? std::string("slices overlap") : missing + " of each tile are never written");
    for (const Piece &pc : pieces)
      if (&pc != &odd)
        f.related.push_back({ctx.point(pc.at->op), "another slice of the same store, in " +
                                                      ctx.partitionName(pc.at->placement)});
    out.push_back(std::move(f));
  }
}

} // namespace tscope::checks::tlxlint
