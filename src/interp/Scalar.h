// Scalar: the value of one integer, index or i1 SSA value under concrete
// bindings — a known value of a bit width, or unknown with the reason why.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tscope::ir {
class Module;
struct Value;
} // namespace tscope::ir

namespace tscope::interp {

/// Why a scalar has no known value. Undefined is 0 so that a zeroed
/// environment cell reads as "not computed on this path".
enum class Reason : uint8_t {
  Undefined = 0,   ///< not computed on this path (dead, or defined elsewhere)
  NotInteger,      ///< a tensor, float, pointer or other non-integer value
  NotInterpreted,  ///< the result of an op the interpreter does not model
  RegionResult,    ///< the result of an op whose regions are not interpreted
  Unbound,         ///< a function argument with no binding
  NoGrid,          ///< tt.get_num_programs without a bound grid
  WarpDependent,   ///< differs between the warps of a program (ttg.warp_id)
  DivisionByZero,  ///< integer division or remainder by zero (undefined)
  Overflow,        ///< poison: signed division overflow, or nsw/nuw violated
  ShiftOutOfRange, ///< poison: shift amount >= bit width
  TooWide,         ///< an integer type wider than 64 bits
  Malformed,       ///< the op's syntax could not be read (e.g. no predicate)
  Unresolved,      ///< a use of an SSA name that has no definition
  Poison,          ///< an explicit poison value (ub.poison)
  SymbolicTrips,   ///< proof mode: the counter of a loop whose trip count is symbolic
  OtherPartition,  ///< computed by another partition (a partition loop before code partitioning)
};

/// The text of a reason, e.g. "division by zero".
const char *reasonText(Reason r);

/// A known integer of `width` bits (1..64; `index` is 64, i1 is a bool) or
/// an unknown one. Known values are stored sign-extended from their width so
/// that equal values compare equal; every arithmetic result is wrapped to its
/// width (two's complement), as MLIR's arith dialect defines.
/// In proof mode (interp/Trips.h) a known value may also carry how it moves
/// when the trips of one trip parameter shift: by coef * delta (a rational
/// coefficient), or in no way a shift carries (opaque); and an unknown input
/// carries a term, a structural id of the expression it is, so that loops
/// bounded by the same expression of the same inputs share a parameter.
/// Trivially copyable, 32 bytes.
class Scalar {
public:
  /// An unknown scalar whose reason is Undefined.
  Scalar() = default;
  /// A known value, wrapped to `width` bits (1..64).
  static Scalar known(int64_t v, unsigned width) {
    Scalar s;
    s.bits_ = wrap(v, width);
    s.width_ = static_cast<uint8_t>(width);
    s.known_ = 1;
    return s;
  }
  /// A known i1.
  static Scalar boolean(bool b) { return known(b ? 1 : 0, 1); }
  /// An unknown value; `origin` is the SSA value where it first arose (may be
  /// null) and `width` its type's width when known (0 otherwise).
  static Scalar unknown(Reason r, const ir::Value *origin = nullptr,
                        unsigned width = 0) {
    Scalar s;
    s.reason_ = r;
    s.origin_ = origin;
    s.width_ = static_cast<uint8_t>(width);
    return s;
  }

  /// True when the value is known.
  bool isKnown() const { return known_ != 0; }
  /// Bit width of the value's type; 0 when unknown and not given.
  unsigned width() const { return width_; }
  /// The value read as signed (sign-extended from its width).
  int64_t sext() const { return bits_; }
  /// The value read as unsigned (zero-extended from its width).
  uint64_t zext() const { return static_cast<uint64_t>(bits_) & mask(width_); }
  /// True when known and non-zero.
  bool isTrue() const { return known_ && bits_ != 0; }
  /// Why the value is unknown (Undefined for known values).
  Reason reason() const { return reason_; }
  /// The SSA value where an unknown first arose, or null.
  const ir::Value *origin() const { return origin_; }

  /// The trip parameter a known value moves with (0: none, kOpaque: it
  /// varies with the trip counts in a way no shift carries).
  static constexpr uint8_t kOpaque = 255;
  /// A known value that does not move the way it will from some later trip
  /// on, but has its true value now: a truncating remainder or quotient of
  /// a counter still below zero and counting up (`(i - 1) % 2` at i = 0),
  /// and what is computed from one. The proof reads it as it is and
  /// remembers the state that did (docs/Deadlock.md, "Every trip count").
  static constexpr uint8_t kUnsettled = 254;
  uint8_t tripParam() const { return known_ ? param_ : 0; }
  /// True when the value moves with a trip count (or is opaque).
  bool tripDependent() const { return known_ && param_ != 0; }
  /// The coefficient num/den (den > 0) of the move; 0/1 when none.
  int64_t coefNum() const { return tripDependent() ? num_ : 0; }
  int64_t coefDen() const { return tripDependent() ? den_ : 1; }
  /// This known value moving by num/den per trip of `param` (reduced; a zero
  /// coefficient or param 0 gives the plain value; a coefficient that does
  /// not fit 32 bits gives an opaque one).
  Scalar withTrip(uint8_t param, int64_t num, int64_t den) const;
  /// This value with no trip dependence.
  Scalar withoutTrip() const {
    Scalar s = *this;
    if (known_)
      s.param_ = 0, s.num_ = 0, s.den_ = 0;
    return s;
  }
  /// For an unknown: the structural id of the input expression (0: none).
  uint64_t term() const {
    return known_ ? 0 : (static_cast<uint64_t>(static_cast<uint32_t>(num_)) << 32 | static_cast<uint32_t>(den_));
  }
  /// This unknown with term `t`.
  Scalar withTerm(uint64_t t) const {
    Scalar s = *this;
    if (!known_) {
      s.num_ = static_cast<int32_t>(static_cast<uint32_t>(t >> 32));
      s.den_ = static_cast<int32_t>(static_cast<uint32_t>(t));
    }
    return s;
  }

  /// "42", "-1", "true"/"false" for i1, "?" when unknown.
  std::string str() const;
  /// str() for known values; for unknown ones "? (<reason>: %x at line N)".
  std::string describe(const ir::Module &m) const;
  /// Every field, the reason and origin of unknowns included.
  bool operator==(const Scalar &o) const = default;
  /// A hash of every field.
  size_t hash() const;

  /// Low `width` bits of v, sign-extended (width 1..64).
  static int64_t wrap(int64_t v, unsigned width) {
    if (width >= 64 || width == 0)
      return v;
    unsigned sh = 64 - width;
    return static_cast<int64_t>(static_cast<uint64_t>(v) << sh) >> sh;
  }
  /// A mask of the low `width` bits (all ones for 0 or 64).
  static uint64_t mask(unsigned width) {
    return width >= 64 || width == 0 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  }

private:
  int64_t bits_ = 0; // sign-extended from width_; 0 when unknown
  const ir::Value *origin_ = nullptr;
  uint8_t width_ = 0;
  uint8_t known_ = 0;
  Reason reason_ = Reason::Undefined;
  uint8_t param_ = 0; // known: trip parameter (Trips.h)
  int32_t num_ = 0;   // known: coefficient numerator; unknown: term, high half
  int32_t den_ = 0;   // known: coefficient denominator; unknown: term, low half
};

/// The SSA name of a value as written, with `#n` for a result of a
/// multi-result op: "%k_tiles", "%11#0".
std::string valueName(const ir::Module &m, const ir::Value &v);

/// The 1-based source line of a value's definition (its op, or the op that
/// owns its block for a block argument); 0 when unknown.
uint32_t valueLine(const ir::Value &v);

} // namespace tscope::interp
