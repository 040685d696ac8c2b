// Trips: symbolic loop trip counts for proofs that hold for every trip count
// (docs/Deadlock.md, "Every trip count"). In proof mode an scf.for whose
// upper bound (or step) is an unbound input does not read a number: it asks
// its trip parameter whether the next iteration runs. Loops whose bounds
// are the same expression of the same inputs share one parameter. A
// parameter starts "at least 0 trips"; the first process to reach an
// iteration past what is known chooses -- exit here (the trip count is now
// fixed) or go on (the lower bound rises) -- and every other loop of the
// parameter follows that choice.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tscope::interp {

/// One symbolic trip count.
struct TripParam {
  uint64_t key = 0;   ///< the (lower bound, upper bound, step) expressions it stands for
  bool fixed = false; ///< true: the trip count is `n`; false: it is at least `n`
  int64_t n = 0;
  bool operator==(const TripParam &) const = default;
};

/// What a loop does at an iteration.
enum class TripDecision : uint8_t { More, Exit, Choose };

/// The trip parameters of one model state (part of the state: compared and hashed).
struct TripParams {
  std::vector<TripParam> items; ///< parameter id = index + 1

  /// Makes parameter `id` present ("at least 0" when new).
  void ensure(uint8_t id, uint64_t key);
  /// As ensure(id, key), a new parameter starting at "at least `minTrips`".
  void ensure(uint8_t id, uint64_t key, int64_t minTrips);
  /// Whether iteration `iteration` (0-based) of a loop of parameter `id` runs.
  TripDecision decide(uint8_t id, int64_t iteration) const;
  /// Settles a Choose: `more` raises the lower bound past `iteration`,
  /// otherwise the trip count becomes `iteration`.
  void choose(uint8_t id, int64_t iteration, bool more);
  /// Opens fixed parameter `id` again at "at least `minTrips`": a loop of
  /// it starts afresh (Process::symbolicEntry).
  void restart(uint8_t id, int64_t minTrips);
  const TripParam &at(uint8_t id) const { return items[id - 1u]; }
  /// True when some parameter is still open ("at least").
  bool anyOpen() const;
  /// The fixed parameters up to id 63, as a mask of TripProof::entryBit.
  uint64_t fixedMask() const;
  /// True when values of parameter `p` move under a fold's shift: every
  /// parameter (all start open, so one fixed now was open in a state a fold
  /// may have shifted: its values still differ between that state's future
  /// and its shift's), and the opaque and unsettled marks (255 and 254,
  /// Scalar::kOpaque and kUnsettled). 0 does not. docs/Deadlock.md, "Every
  /// trip count", check (3).
  bool shifts(uint8_t p) const { return p >= 254 || (p && p <= items.size()); }
  /// True when parameter `p` is open (or a mark): a fold may shift
  /// it. A fixed parameter is equal in a state and its shift.
  bool open(uint8_t p) const { return p >= 254 || (p && p <= items.size() && !at(p).fixed); }
  bool operator==(const TripParams &) const = default;
  size_t hash() const;
};

/// What one proof exploration learns beside its states: the period each
/// parameter's shift must be a multiple of (values derived from the trip
/// counter by remainders, divisions, masks need it), and the stop reason of
/// the first decision no shift can carry.
struct TripProof {
  TripParams *params = nullptr; ///< the state being advanced
  std::vector<uint64_t> period; ///< by id - 1; 1 when nothing is required
  std::vector<uint64_t> keys;   ///< by id - 1: the parameters met, in the order met
  std::vector<uint32_t> lines;  ///< by id - 1: the IR line of the first loop of each
  /// A loop `for lb to X + off step s` (lb, s known, s > 0, signed) over
  /// an unknown input expression X: its parameter's trip count T is
  /// max(0, ceil((X + off - lb) / s)), so `X > lb - off + (k-1) s` is
  /// exactly `T >= k` (k >= 1).
  struct UbRelation {
    uint64_t base = 0; ///< the term of X
    int64_t off = 0;
    int64_t lb = 0;
    int64_t step = 1;
    uint64_t key = 0; ///< the parameter's key
    uint8_t id = 0;   ///< the parameter
  };
  std::vector<UbRelation> relations;
  /// Terms of unknowns that are another unknown plus a constant: term ->
  /// (base term, offset). `X - 128` is X's base with offset -128.
  /// A table, not a list: a loop that adds to an unknown every trip makes
  /// a term per trip (`acc + 1` in a `while` that never ends), and a list
  /// searched per term was quadratic in the trips.
  std::unordered_map<uint64_t, std::pair<uint64_t, int64_t>> affine;
  /// Terms that are a quotient of a sum of an unknown by a positive
  /// constant: term -> (base term, offset, divisor); `(K + 63) / 64` is K's
  /// base with offset 63 and divisor 64 (a tile count). Read back only (a
  /// counterexample's inputs, TripProofResult::witness).
  struct Quotient {
    uint64_t base = 0;
    int64_t off = 0;
    int64_t div = 1;
  };
  std::unordered_map<uint64_t, Quotient> quotients;
  int64_t minTrips = 0; ///< the smallest trip count explored (1: loops that run 0 times are left out)
  /// The parameters a loop of which a process entered at its first trip
  /// since the explorer last took this mask (bit `entryBit(id)`): a fold
  /// that shifts one of them may not lead to such an entry
  /// (docs/Deadlock.md, "Loops that start again").
  uint64_t entered = 0;
  /// Set by the explorer before a process steps: the parameters with a loop
  /// frame in another process (bit entryBit(id)).
  uint64_t framesElsewhere = 0;
  /// The parameters the step being built started afresh (the explorer
  /// forgets what the other processes' values knew of them). A loop of one
  /// entered later in the same step belongs to the new trip count, not to
  /// the one a fold of the state before shifts.
  uint64_t restarted = 0;
  /// The bit of parameter `id` in `entered` and in the explorer's masks:
  /// id - 1 up to 62; every bit but the last for a later id (more than 62
  /// symbolic loops: any of them may be the one).
  static uint64_t entryBit(uint8_t id) { return id && id <= 63 ? uint64_t(1) << (id - 1u) : ~uint64_t(0) >> 1; }
  /// The value of the unknown input term `t` when it is X + c for the upper
  /// bound X + off of a step-1 loop whose parameter is fixed at n >= 1 in
  /// the current state (then X + off = lb + n exactly); nullopt otherwise.
  std::optional<int64_t> resolve(uint64_t t) const;
  /// (base term, offset) of term `t`: t itself with 0 when it is no sum.
  std::pair<uint64_t, int64_t> affineOf(uint64_t t) const;
  /// Records that term `t` is `of` plus `c` (of may itself be a sum).
  void noteAffine(uint64_t t, uint64_t of, int64_t c);
  /// Records that term `t` is `of` divided by `d` > 0 (of may be a sum).
  void noteQuotient(uint64_t t, uint64_t of, int64_t d);
  /// The quotient term `t` is, if it is one.
  std::optional<Quotient> quotientOf(uint64_t t) const;
  /// Records the relation of a symbolic loop's upper bound (once per key).
  void relate(uint64_t ubTerm, int64_t lb, int64_t step, uint64_t key, uint8_t id);
  /// The id of the parameter for `key` (the same in every state), added when
  /// new; 0 when there are too many parameters (more than 254).
  uint8_t idOf(uint64_t key, uint32_t line);
  /// Requires the shift of parameter `id` (in trips) to be a multiple of `m`.
  void require(uint8_t id, uint64_t m);
  /// The required period of parameter `id` (1 if none).
  uint64_t periodOf(uint8_t id) const { return id && id - 1u < period.size() ? period[id - 1u] : 1; }
};

} // namespace tscope::interp
