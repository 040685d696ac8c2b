// TripShift: how a value computed from trip-dependent operands moves when a
// trip parameter shifts (proof mode, interp/Trips.h), and the terms that name
// unknown inputs structurally. The rules, one per opcode, are the argument
// of docs/Deadlock.md "Every trip count": a value either moves by a fixed
// multiple of the shift, or stays put once the shift is a multiple of a
// period (remainders, masks), or becomes opaque -- and a decision on an
// opaque or moving value ends the proof.
#pragma once

#include <cstdint>

#include "interp/OpSemantics.h"
#include "interp/Scalar.h"
#include "interp/Trips.h"

namespace tscope::interp {

/// The term of an unknown input: kind 1 = function argument `index`,
/// kind 2 = number of programs on axis `index` (never 0).
uint64_t inputTerm(uint64_t kind, uint64_t index);

/// Mixes `v` into term `h` (never 0).
uint64_t mixTerm(uint64_t h, uint64_t v);

/// For an unknown `result` of a pure op: its term when every operand is
/// known or an unknown with a term (else `result` unchanged).
Scalar withOperandTerms(Opcode code, unsigned width, int64_t imm, const Scalar *ops, unsigned n, Scalar result);

/// The predicate with its operands swapped: `y <op> x` is `x <mirrored> y`
/// (eq and ne stay).
CmpPredicate mirrored(CmpPredicate p);

/// For a known `result` of a pure op with a trip-dependent operand: the
/// result's trip dependence, recording in `proof` the period the rule needs.
Scalar carryTrip(Opcode code, unsigned width, int64_t imm, const Scalar *ops, unsigned n, Scalar result,
                 TripProof *proof);

} // namespace tscope::interp
