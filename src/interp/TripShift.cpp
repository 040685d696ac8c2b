// TripShift: the shift rules per opcode and the terms of unknown inputs.
#include "interp/TripShift.h"

#include <bit>
#include <climits>
#include <numeric>

namespace tscope::interp {

uint64_t mixTerm(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 31;
  return h ? h : 1;
}

uint64_t inputTerm(uint64_t kind, uint64_t index) { return mixTerm(mixTerm(0x7E4A, kind), index); }

Scalar withOperandTerms(Opcode code, unsigned width, int64_t imm, const Scalar *ops, unsigned n, Scalar result) {
  if (result.isKnown())
    return result;
  uint64_t t = mixTerm(mixTerm(static_cast<uint64_t>(code) + 1, width), static_cast<uint64_t>(imm));
  for (unsigned i = 0; i < n; ++i) {
    if (ops[i].isKnown()) {
      t = mixTerm(t, static_cast<uint64_t>(ops[i].sext()) ^ 0x5555);
      continue;
    }
    if (!ops[i].term())
      return result;
    t = mixTerm(t, ops[i].term());
  }
  return result.withTerm(t);
}

CmpPredicate mirrored(CmpPredicate p) {
  switch (p) {
  case CmpPredicate::Slt: return CmpPredicate::Sgt;
  case CmpPredicate::Sle: return CmpPredicate::Sge;
  case CmpPredicate::Sgt: return CmpPredicate::Slt;
  case CmpPredicate::Sge: return CmpPredicate::Sle;
  case CmpPredicate::Ult: return CmpPredicate::Ugt;
  case CmpPredicate::Ule: return CmpPredicate::Uge;
  case CmpPredicate::Ugt: return CmpPredicate::Ult;
  case CmpPredicate::Uge: return CmpPredicate::Ule;
  default: return p;
  }
}

namespace {

/// A rational coefficient per trip.
struct Coef {
  int64_t num = 0, den = 1;
};

/// The smallest shift in trips, a multiple of which moves a value of
/// coefficient `c` by a multiple of `m`: delta * num / den = 0 (mod m).
uint64_t periodFor(Coef c, uint64_t m) {
  if (c.num == 0 || m <= 1)
    return 1;
  unsigned __int128 md = static_cast<unsigned __int128>(m) * static_cast<uint64_t>(c.den);
  uint64_t a = static_cast<uint64_t>(c.num < 0 ? -c.num : c.num);
  if (md > UINT64_MAX)
    return 0; // too large
  uint64_t mdd = static_cast<uint64_t>(md);
  return mdd / std::gcd(a, mdd);
}

/// Bits below which a constant mask differs from its sign: a shift that is a
/// multiple of 2^bits leaves (v & m), (v | m), (v ^ m) moving with v or not at all.
unsigned maskBits(int64_t m) {
  uint64_t u = static_cast<uint64_t>(m < 0 ? ~m : m);
  return 64u - static_cast<unsigned>(std::countl_zero(u));
}

/// True when a comparison of a value moving with coefficient `c` (operand 0
/// when `leftMoves`, else operand 1) against a plain one already has the
/// result it keeps for every later shift: a moving value only goes one way,
/// so `kt > 0` stays true once kt passed 0 (the first-iteration predicate).
bool settled(CmpPredicate pred, const Scalar *ops, bool leftMoves, Coef c) {
  int64_t x = leftMoves ? ops[0].sext() : ops[1].sext(), y = leftMoves ? ops[1].sext() : ops[0].sext();
  if (!leftMoves) // y <op> x  ==  x <mirrored op> y
    pred = mirrored(pred);
  const bool up = c.num > 0;
  switch (pred) { // unsigned: only while both stay non-negative (values only grow)
  case CmpPredicate::Ult: case CmpPredicate::Ule: case CmpPredicate::Ugt: case CmpPredicate::Uge:
    if (!up || x < 0 || y < 0)
      return false;
    break;
  default:
    break;
  }
  switch (pred) {
  case CmpPredicate::Sgt: case CmpPredicate::Ugt:
    return up ? x > y : x <= y;
  case CmpPredicate::Sge: case CmpPredicate::Uge:
    return up ? x >= y : x < y;
  case CmpPredicate::Slt: case CmpPredicate::Ult:
    return up ? x >= y : x < y;
  case CmpPredicate::Sle: case CmpPredicate::Ule:
    return up ? x > y : x <= y;
  case CmpPredicate::Eq:
  case CmpPredicate::Ne:
    return up ? x > y : x < y;
  }
  return false;
}

} // namespace

Scalar carryTrip(Opcode code, unsigned width, int64_t imm, const Scalar *ops, unsigned n, Scalar result,
                 TripProof *proof) {
  if (!result.isKnown())
    return result;
  // The operands' parameter. One whose trip count is fixed now still moves:
  // it was open in the states a fold may have shifted (Trips.h, shifts()).
  auto paramOf = [&](const Scalar &s) -> uint8_t {
    uint8_t p = s.tripParam();
    return p && proof && proof->params && !proof->params->shifts(p) ? 0 : p;
  };
  auto coefOf = [&](const Scalar &s) { return paramOf(s) ? Coef{s.coefNum(), s.coefDen()} : Coef{}; };
  uint8_t p = 0;
  bool unsettled = false;
  for (unsigned i = 0; i < n; ++i) {
    uint8_t q = paramOf(ops[i]);
    if (!q)
      continue;
    if (q == Scalar::kOpaque)
      return result.withTrip(Scalar::kOpaque, 1, 1);
    unsettled |= q == Scalar::kUnsettled;
    if (q != Scalar::kUnsettled && p && p != q)
      return result.withTrip(Scalar::kOpaque, 1, 1);
    if (q != Scalar::kUnsettled)
      p = q;
  }
  if (unsettled)
    return result.withTrip(Scalar::kUnsettled, 1, 1); // true now; read as it is (Scalar.h)
  if (!p)
    return result.withoutTrip();
  const Scalar opaque = result.withTrip(Scalar::kOpaque, 1, 1);
  if (code == Opcode::Select)
    return paramOf(ops[0]) ? opaque : result;
  auto moving = [&](Coef c) { return result.withTrip(p, c.num, c.den); };
  auto need = [&](Coef c, uint64_t m) {
    uint64_t per = periodFor(c, m);
    if (!per)
      return false;
    if (proof)
      proof->require(p, per);
    return true;
  };
  if (code == Opcode::CastS || code == Opcode::CastU)
    return moving(coefOf(ops[0])); // counters stay inside their type (docs)
  if (n != 2)
    return opaque;
  Coef a = coefOf(ops[0]), b = coefOf(ops[1]);
  const bool aMoves = a.num != 0, bMoves = b.num != 0;
  auto sum = [](Coef x, Coef y, int64_t sign) {
    __int128 num = static_cast<__int128>(x.num) * y.den + sign * static_cast<__int128>(y.num) * x.den;
    __int128 den = static_cast<__int128>(x.den) * y.den;
    if (num > INT64_MAX || num < INT64_MIN || den > INT64_MAX)
      return Coef{INT64_MAX, 1};
    return Coef{static_cast<int64_t>(num), static_cast<int64_t>(den)};
  };
  auto sameMove = [&] { return a.num == b.num && a.den == b.den; };
  // A divisor, shift amount or mask must be a plain constant.
  const bool onlyA = aMoves && !bMoves;
  const int64_t y = ops[1].sext();
  switch (code) {
  case Opcode::Add:
    return moving(sum(a, b, 1));
  case Opcode::Sub:
    return moving(sum(a, b, -1));
  case Opcode::Mul: {
    if (aMoves && bMoves)
      return opaque;
    Coef c = aMoves ? a : b;
    int64_t k = aMoves ? ops[1].sext() : ops[0].sext();
    __int128 num = static_cast<__int128>(c.num) * k;
    if (num > INT32_MAX || num < INT32_MIN)
      return opaque;
    return moving({static_cast<int64_t>(num), c.den});
  }
  case Opcode::DivS:
  case Opcode::DivU:
  case Opcode::RemS:
  case Opcode::RemU:
  case Opcode::FloorDivS:
  case Opcode::CeilDivS:
  case Opcode::CeilDivU: {
    if (!onlyA || y <= 0 || y > INT32_MAX)
      return opaque;
    // Truncating and unsigned forms agree with floor division only while
    // the value stays non-negative: it must start there and only grow.
    bool floorLike = code == Opcode::FloorDivS || code == Opcode::CeilDivS;
    if ((code == Opcode::RemS || code == Opcode::DivS) && ops[0].sext() < 0 && a.num > 0)
      return result.withTrip(Scalar::kUnsettled, 1, 1); // below zero now, counting up: settles once past it
    if (!floorLike && (ops[0].sext() < 0 || a.num < 0))
      return opaque;
    if (!need(a, static_cast<uint64_t>(y)))
      return opaque;
    if (code == Opcode::RemS || code == Opcode::RemU)
      return result.withoutTrip();
    return moving({a.num, a.den * y});
  }
  case Opcode::Shl:
    if (!onlyA || y < 0 || y > 30)
      return opaque;
    return moving({a.num * (int64_t(1) << y), a.den});
  case Opcode::ShrS:
  case Opcode::ShrU:
    if (!onlyA || y < 0 || y > 30 || (code == Opcode::ShrU && (ops[0].sext() < 0 || a.num < 0)))
      return opaque;
    if (!need(a, uint64_t(1) << y))
      return opaque;
    return moving({a.num, a.den << y});
  case Opcode::And:
  case Opcode::Or:
  case Opcode::Xor: {
    if (aMoves && bMoves)
      return opaque;
    Coef c = aMoves ? a : b;
    int64_t mask = aMoves ? ops[1].sext() : ops[0].sext();
    unsigned bits = maskBits(mask);
    if (bits > 62 || !need(c, uint64_t(1) << bits))
      return opaque;
    // Bits at and above `bits` of the mask equal its sign: & keeps them
    // (moves) or clears them (stays); | sets them (stays) or keeps them;
    // ^ keeps them or flips them (moves the other way).
    bool neg = mask < 0;
    if (code == Opcode::And)
      return neg ? moving(c) : result.withoutTrip();
    if (code == Opcode::Or)
      return neg ? result.withoutTrip() : moving(c);
    return moving(neg ? Coef{-c.num, c.den} : c);
  }
  case Opcode::MaxS:
  case Opcode::MinS:
  case Opcode::MaxU:
  case Opcode::MinU:
    return sameMove() ? moving(a) : opaque;
  case Opcode::Cmp:
    if (sameMove())
      return result.withoutTrip();
    if (aMoves != bMoves && settled(static_cast<CmpPredicate>(imm), ops, aMoves, aMoves ? a : b))
      return result.withoutTrip();
    return opaque;
  default:
    return opaque;
  }
}

} // namespace tscope::interp
