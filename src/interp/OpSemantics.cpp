// OpSemantics: decoding ops and evaluating arith's integer ops. Semantics
// follow the MLIR arith dialect documentation: two's-complement wrap-around,
// division and remainder by zero undefined, divsi/ceildivsi/floordivsi of
// INT_MIN by -1 undefined, shifts by >= the bit width poison, and
// overflow<nsw|nuw> making an overflowing result poison.
#include "interp/OpSemantics.h"

#include <array>

#include "dialect/OpTable.h"
#include "interp/OpText.h"
#include "ir/Module.h"

namespace tscope::interp {
namespace {

struct NamedOpcode {
  std::string_view name;
  Opcode code;
};

constexpr std::array<NamedOpcode, 29> kArith = {{
    {"arith.addi", Opcode::Add},         {"arith.subi", Opcode::Sub},
    {"arith.muli", Opcode::Mul},         {"arith.divsi", Opcode::DivS},
    {"arith.divui", Opcode::DivU},       {"arith.remsi", Opcode::RemS},
    {"arith.remui", Opcode::RemU},       {"arith.ceildivsi", Opcode::CeilDivS},
    {"arith.ceildivui", Opcode::CeilDivU}, {"arith.floordivsi", Opcode::FloorDivS},
    {"arith.andi", Opcode::And},         {"arith.ori", Opcode::Or},
    {"arith.xori", Opcode::Xor},         {"arith.shli", Opcode::Shl},
    {"arith.shrsi", Opcode::ShrS},       {"arith.shrui", Opcode::ShrU},
    {"arith.maxsi", Opcode::MaxS},       {"arith.minsi", Opcode::MinS},
    {"arith.maxui", Opcode::MaxU},       {"arith.minui", Opcode::MinU},
    {"arith.cmpi", Opcode::Cmp},         {"arith.select", Opcode::Select},
    {"arith.extsi", Opcode::CastS},      {"arith.trunci", Opcode::CastS},
    {"arith.index_cast", Opcode::CastS}, {"arith.bitcast", Opcode::CastS},
    {"arith.extui", Opcode::CastU},      {"arith.index_castui", Opcode::CastU},
    {"arith.constant", Opcode::Nop},
}};

/// Ops whose integer result is the same for no two warps of a program.
constexpr std::array<std::string_view, 5> kWarpDependent = {
    "ttg.warp_id", "nvgpu.warp_id", "ttng.get_canonical_warp_id", "gpu.thread_id",
    "gpu.lane_id"};

constexpr std::array<std::string_view, 10> kPredicates = {
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};

unsigned typeWidth(const ir::Module &m, const ir::Value *v) {
  return v ? intWidth(m.str(v->type)) : 0;
}

uint8_t overflowFlags(const ir::Module &m, const ir::Operation &op) {
  std::string_view text;
  if (op.form == ir::Operation::Form::Generic) {
    auto v = attrValue(m, op, "overflowFlags");
    if (!v)
      return 0;
    text = *v;
  } else {
    // `arith.addi %a, %b overflow<nsw, nuw> : i32`: before the type.
    text = textAfterName(m, op);
    if (!op.typeSig.empty() && op.typeSig.offset > op.range.offset) {
      size_t sigAt = op.typeSig.offset - op.range.offset;
      size_t textAt = static_cast<size_t>(text.data() - m.str(op.range).data());
      text = sigAt > textAt ? text.substr(0, sigAt - textAt) : std::string_view();
    }
    size_t at = text.find("overflow<");
    if (at == std::string_view::npos)
      return 0;
    text = text.substr(at, text.find('>', at) - at);
  }
  uint8_t f = 0;
  if (text.find("nsw") != std::string_view::npos)
    f |= kNsw;
  if (text.find("nuw") != std::string_view::npos)
    f |= kNuw;
  return f;
}

std::optional<int64_t> axisOf(const ir::Module &m, const ir::Operation &op) {
  std::string_view w = firstWord(m, op);
  if (w == "x")
    return 0;
  if (w == "y")
    return 1;
  if (w == "z")
    return 2;
  if (auto v = attrValue(m, op, "axis")) {
    std::string_view t = *v;
    // `#tt<program_dim x>` in some printers, an integer in others.
    if (t.find(" x>") != std::string_view::npos)
      return 0;
    if (t.find(" y>") != std::string_view::npos)
      return 1;
    if (t.find(" z>") != std::string_view::npos)
      return 2;
    if (auto n = attrInt(t); n && *n >= 0 && *n <= 2)
      return n;
  }
  return std::nullopt;
}

int64_t minSigned(unsigned w) { return w >= 64 ? INT64_MIN : -(int64_t(1) << (w - 1)); }

} // namespace

std::optional<CmpPredicate> parseCmpPredicate(std::string_view word) {
  for (size_t i = 0; i < kPredicates.size(); ++i)
    if (word == kPredicates[i])
      return static_cast<CmpPredicate>(i);
  if (auto n = parseIntLiteral(word); n && *n >= 0 && *n < 10)
    return static_cast<CmpPredicate>(*n);
  return std::nullopt;
}

OpSemantics decodeOp(const ir::Module &m, const ir::Operation &op) {
  OpSemantics s;
  std::string_view name = op.opName();
  unsigned rw = op.numResults ? typeWidth(m, op.result(0)) : 0;
  if (op.name->dialect() == "arith") {
    const NamedOpcode *hit = nullptr;
    for (const NamedOpcode &n : kArith)
      if (n.name == name)
        hit = &n;
    if (!hit)
      return s; // floating point and other arith ops: not integer scalars
    if (hit->code == Opcode::Cmp) {
      // The pretty form's type is the operands' (the result is i1).
      unsigned ow = op.numOperands ? typeWidth(m, op.operand(0)) : 0;
      if (ow == 0 && op.form == ir::Operation::Form::Pretty)
        ow = intWidth(m.str(op.typeSig));
      if (ow == 0)
        return s;
      if (ow == kTooWide) {
        s.unknownReason = Reason::TooWide;
        return s;
      }
      std::optional<CmpPredicate> p;
      if (op.form == ir::Operation::Form::Pretty)
        p = parseCmpPredicate(firstWord(m, op));
      if (!p)
        if (auto v = attrValue(m, op, "predicate")) {
          std::string_view t = *v;
          size_t sp = t.rfind(' ');
          // `2 : i64`, or `#arith<cmpi slt>`.
          p = parseCmpPredicate(t.substr(0, t.find(' ')));
          if (!p && sp != std::string_view::npos && t.back() == '>')
            p = parseCmpPredicate(t.substr(sp + 1, t.size() - sp - 2));
        }
      if (!p) {
        s.unknownReason = Reason::Malformed;
        return s;
      }
      s.code = Opcode::Cmp;
      s.width = 1;
      s.imm = static_cast<int64_t>(*p);
      return s;
    }
    if (rw == 0 && name == "arith.constant" && op.numResults == 1 &&
        op.result(0)->type.empty() && op.form == ir::Operation::Form::Pretty) {
      // `arith.constant true` prints no type: it is an i1.
      std::string_view lit = dialect::constantLiteral(m, &op);
      if (lit == "true" || lit == "false")
        rw = 1;
    }
    if (rw == 0)
      return s; // a tensor, vector or float result
    if (rw == kTooWide) {
      s.unknownReason = Reason::TooWide;
      return s;
    }
    s.width = static_cast<uint8_t>(rw);
    if (name == "arith.constant") {
      std::string_view lit = dialect::constantLiteral(m, &op);
      if (auto v = parseIntLiteral(lit)) {
        s.constant = true;
        s.imm = Scalar::wrap(*v, rw);
      } else {
        s.width = 0;
        s.unknownReason = Reason::Malformed;
      }
      return s;
    }
    s.code = hit->code;
    if (s.code == Opcode::Add || s.code == Opcode::Sub || s.code == Opcode::Mul ||
        s.code == Opcode::Shl)
      s.flags = overflowFlags(m, op);
    return s;
  }
  if (name == "tt.get_program_id" || name == "tt.get_num_programs") {
    if (op.numResults != 1)
      return s;
    if (rw == kTooWide) {
      s.unknownReason = Reason::TooWide;
      return s;
    }
    auto axis = axisOf(m, op);
    if (!axis) {
      s.unknownReason = Reason::Malformed;
      return s;
    }
    s.code = name == "tt.get_program_id" ? Opcode::ProgramId : Opcode::NumPrograms;
    s.width = static_cast<uint8_t>(rw ? rw : 32);
    s.imm = *axis;
    return s;
  }
  if (op.name->dialect() == "scf") {
    if (name == "scf.for") {
      s.code = Opcode::For;
      if (firstWord(m, op) == "unsigned" || attrValue(m, op, "unsignedCmp"))
        s.flags = kUnsignedCmp;
    } else if (name == "scf.if") {
      s.code = Opcode::If;
    } else if (name == "scf.while") {
      s.code = Opcode::While;
    } else if (name == "scf.yield") {
      s.code = Opcode::Yield;
    } else if (name == "scf.condition") {
      s.code = Opcode::Condition;
    } else {
      s.unknownReason = op.numRegions ? Reason::RegionResult : Reason::NotInterpreted;
    }
    return s;
  }
  if (op.numSuccessors) {
    // Branches between the blocks of a region (Program checks their
    // successors and operand counts).
    s.code = name == "cf.br"        ? Opcode::Br
             : name == "cf.cond_br" ? Opcode::CondBr
                                    : Opcode::OtherBranch;
    return s;
  }
  for (std::string_view w : kWarpDependent)
    if (name == w) {
      s.unknownReason = Reason::WarpDependent;
      return s;
    }
  if (name == "ub.poison") {
    s.unknownReason = Reason::Poison;
    return s;
  }
  s.unknownReason = op.numRegions ? Reason::RegionResult : Reason::NotInterpreted;
  return s;
}

Scalar evaluate(Opcode code, unsigned w, uint8_t flags, int64_t imm, const Scalar *a,
                unsigned n, const ir::Value *origin) {
  if (code == Opcode::Select) {
    if (n != 3)
      return Scalar::unknown(Reason::Malformed, origin, w);
    if (!a[0].isKnown())
      return a[1].isKnown() && a[1] == a[2] ? a[1] : a[0];
    return a[0].isTrue() ? a[1] : a[2];
  }
  unsigned arity = code == Opcode::CastS || code == Opcode::CastU ? 1 : 2;
  if (n != arity || !isPure(code))
    return Scalar::unknown(Reason::Malformed, origin, w);
  for (unsigned i = 0; i < n; ++i)
    if (!a[i].isKnown())
      return a[i];
  auto poison = [&](Reason r) { return Scalar::unknown(r, origin, w); };
  if (code == Opcode::CastS)
    return Scalar::known(a[0].sext(), w);
  if (code == Opcode::CastU)
    return Scalar::known(static_cast<int64_t>(a[0].zext()), w);

  const int64_t x = a[0].sext(), y = a[1].sext();
  const uint64_t ux = a[0].zext(), uy = a[1].zext();
  const uint64_t m = Scalar::mask(w);
  auto fitsSigned = [&](__int128 r) { return r == Scalar::wrap(static_cast<int64_t>(r), w); };
  auto result = [&](uint64_t bits) { return Scalar::known(static_cast<int64_t>(bits), w); };
  switch (code) {
  case Opcode::Add:
    if ((flags & kNsw) && !fitsSigned(__int128(x) + y))
      return poison(Reason::Overflow);
    if ((flags & kNuw) && ((ux + uy) & m) < ux)
      return poison(Reason::Overflow);
    return result(ux + uy);
  case Opcode::Sub:
    if ((flags & kNsw) && !fitsSigned(__int128(x) - y))
      return poison(Reason::Overflow);
    if ((flags & kNuw) && ux < uy)
      return poison(Reason::Overflow);
    return result(ux - uy);
  case Opcode::Mul:
    if ((flags & kNsw) && !fitsSigned(__int128(x) * y))
      return poison(Reason::Overflow);
    if ((flags & kNuw) &&
        static_cast<unsigned __int128>(ux) * uy > static_cast<unsigned __int128>(m))
      return poison(Reason::Overflow);
    return result(ux * uy);
  case Opcode::DivS:
  case Opcode::CeilDivS:
  case Opcode::FloorDivS: {
    if (y == 0)
      return poison(Reason::DivisionByZero);
    if (x == minSigned(w) && y == -1)
      return poison(Reason::Overflow);
    int64_t q = x / y, r = x % y; // C++ truncates toward zero, like divsi
    if (code == Opcode::CeilDivS && r != 0 && ((r < 0) == (y < 0)))
      ++q;
    if (code == Opcode::FloorDivS && r != 0 && ((r < 0) != (y < 0)))
      --q;
    return Scalar::known(q, w);
  }
  case Opcode::DivU:
  case Opcode::CeilDivU:
    if (uy == 0)
      return poison(Reason::DivisionByZero);
    return result(ux / uy + (code == Opcode::CeilDivU && ux % uy != 0 ? 1 : 0));
  case Opcode::RemS:
    if (y == 0)
      return poison(Reason::DivisionByZero);
    // INT_MIN rem -1 is 0 (APInt::srem, MLIR's folder); C++ would trap.
    return Scalar::known(y == -1 ? 0 : x % y, w);
  case Opcode::RemU:
    if (uy == 0)
      return poison(Reason::DivisionByZero);
    return result(ux % uy);
  case Opcode::And:
    return result(ux & uy);
  case Opcode::Or:
    return result(ux | uy);
  case Opcode::Xor:
    return result(ux ^ uy);
  case Opcode::Shl: {
    if (uy >= w)
      return poison(Reason::ShiftOutOfRange);
    uint64_t r = (ux << uy) & m;
    if ((flags & kNuw) && (r >> uy) != ux)
      return poison(Reason::Overflow);
    if ((flags & kNsw) && (Scalar::wrap(static_cast<int64_t>(r), w) >> uy) != x)
      return poison(Reason::Overflow);
    return result(r);
  }
  case Opcode::ShrS:
    if (uy >= w)
      return poison(Reason::ShiftOutOfRange);
    return Scalar::known(x >> uy, w);
  case Opcode::ShrU:
    if (uy >= w)
      return poison(Reason::ShiftOutOfRange);
    return result(ux >> uy);
  case Opcode::MaxS:
    return Scalar::known(x > y ? x : y, w);
  case Opcode::MinS:
    return Scalar::known(x < y ? x : y, w);
  case Opcode::MaxU:
    return result(ux > uy ? ux : uy);
  case Opcode::MinU:
    return result(ux < uy ? ux : uy);
  case Opcode::Cmp: {
    bool r = false;
    switch (static_cast<CmpPredicate>(imm)) {
    case CmpPredicate::Eq: r = x == y; break;
    case CmpPredicate::Ne: r = x != y; break;
    case CmpPredicate::Slt: r = x < y; break;
    case CmpPredicate::Sle: r = x <= y; break;
    case CmpPredicate::Sgt: r = x > y; break;
    case CmpPredicate::Sge: r = x >= y; break;
    case CmpPredicate::Ult: r = ux < uy; break;
    case CmpPredicate::Ule: r = ux <= uy; break;
    case CmpPredicate::Ugt: r = ux > uy; break;
    case CmpPredicate::Uge: r = ux >= uy; break;
    }
    return Scalar::boolean(r);
  }
  default:
    return Scalar::unknown(Reason::Malformed, origin, w);
  }
}

} // namespace tscope::interp
