// TripShift: how values derived from a loop counter move when the trip count
// shifts, and the periods remainders and masks require (docs/Deadlock.md,
// "Every trip count").
#include <gtest/gtest.h>

#include "interp/TripShift.h"

using namespace tscope::interp;

namespace {

/// A counter of parameter 1 at value `v`, moving by `c` per trip.
Scalar counter(int64_t v, int64_t c = 1) { return Scalar::known(v, 32).withTrip(1, c, 1); }

Scalar apply(Opcode code, Scalar a, Scalar b, TripProof &proof, int64_t imm = 0) {
  Scalar ops[2] = {a, b};
  Scalar r = evaluate(code, 32, 0, imm, ops, 2, nullptr);
  return carryTrip(code, 32, imm, ops, 2, r, &proof);
}

TEST(TripShift, SumsAndProductsMoveByTheirCoefficients) {
  TripProof p;
  Scalar s = apply(Opcode::Add, counter(5), Scalar::known(3, 32), p);
  EXPECT_EQ(s.sext(), 8);
  EXPECT_EQ(s.tripParam(), 1);
  EXPECT_EQ(s.coefNum(), 1);
  Scalar m = apply(Opcode::Mul, counter(5), Scalar::known(64, 32), p);
  EXPECT_EQ(m.coefNum(), 64);
  Scalar d = apply(Opcode::Sub, counter(5), counter(2), p);
  EXPECT_FALSE(d.tripDependent()); // two counters moving alike: their distance stays
  EXPECT_EQ(p.periodOf(1), 1u);
}

TEST(TripShift, RemainderStaysAndSetsThePeriod) {
  TripProof p;
  Scalar slot = apply(Opcode::RemS, counter(5), Scalar::known(3, 32), p);
  EXPECT_EQ(slot.sext(), 2);
  EXPECT_FALSE(slot.tripDependent());
  EXPECT_EQ(p.periodOf(1), 3u);
  // The Gluon phase (i // 2) & 1: a half-speed value, then a mask.
  Scalar half = apply(Opcode::DivS, counter(5), Scalar::known(2, 32), p);
  EXPECT_EQ(half.coefNum(), 1);
  EXPECT_EQ(half.coefDen(), 2);
  Scalar phase = apply(Opcode::And, half, Scalar::known(1, 32), p);
  EXPECT_FALSE(phase.tripDependent());
  EXPECT_EQ(p.periodOf(1), 12u); // lcm(3, 2, 4)
}

TEST(TripShift, ComparisonsSettleOnlyPastTheirThreshold) {
  TripProof p;
  Scalar first = apply(Opcode::Cmp, counter(0), Scalar::known(0, 32), p, static_cast<int64_t>(CmpPredicate::Sgt));
  EXPECT_EQ(first.tripParam(), Scalar::kOpaque); // k > 0 at k = 0: changes at the next trip
  Scalar later = apply(Opcode::Cmp, counter(1), Scalar::known(0, 32), p, static_cast<int64_t>(CmpPredicate::Sgt));
  EXPECT_FALSE(later.tripDependent()); // true for every larger k
  Scalar down = apply(Opcode::Cmp, counter(5, -1), Scalar::known(0, 32), p, static_cast<int64_t>(CmpPredicate::Sgt));
  EXPECT_EQ(down.tripParam(), Scalar::kOpaque); // a falling counter crosses 0 later
}

TEST(TripShift, ARemainderOfACounterBelowZeroIsUnsettled) {
  // (i - 1) % 2 at i = 0: -1 now (truncating), periodic from i = 1 on. It is
  // read as it is (Proof.cpp remembers the state); so is what is computed
  // from it. Unsigned forms and a counter counting down stay opaque.
  TripProof p;
  Scalar prev = apply(Opcode::Sub, counter(0), Scalar::known(1, 32), p);
  Scalar slot = apply(Opcode::RemS, prev, Scalar::known(2, 32), p);
  EXPECT_EQ(slot.sext(), -1);
  EXPECT_EQ(slot.tripParam(), Scalar::kUnsettled);
  EXPECT_EQ(apply(Opcode::Add, slot, counter(0), p).tripParam(), Scalar::kUnsettled);
  EXPECT_EQ(apply(Opcode::RemU, prev, Scalar::known(2, 32), p).tripParam(), Scalar::kOpaque);
  EXPECT_EQ(apply(Opcode::RemS, counter(-1, -1), Scalar::known(2, 32), p).tripParam(), Scalar::kOpaque);
  Scalar opaque = apply(Opcode::Mul, counter(2), counter(3), p);
  EXPECT_EQ(apply(Opcode::Add, slot, opaque, p).tripParam(), Scalar::kOpaque);
  // One trip later the same remainder is periodic.
  Scalar next = apply(Opcode::RemS, apply(Opcode::Sub, counter(1), Scalar::known(1, 32), p), Scalar::known(2, 32), p);
  EXPECT_EQ(next.sext(), 0);
  EXPECT_FALSE(next.tripDependent());
}

TEST(TripShift, TwoMovingFactorsAreOpaque) {
  TripProof p;
  EXPECT_EQ(apply(Opcode::Mul, counter(2), counter(3), p).tripParam(), Scalar::kOpaque);
  Scalar other = Scalar::known(4, 32).withTrip(2, 1, 1);
  EXPECT_EQ(apply(Opcode::Add, counter(2), other, p).tripParam(), Scalar::kOpaque);
}

TEST(TripShift, TermsNameTheSameExpressionAlike) {
  Scalar c = Scalar::unknown(Reason::Unbound, nullptr, 32).withTerm(inputTerm(1, 6));
  Scalar k128 = Scalar::known(128, 32);
  Scalar ops[2] = {c, k128};
  Scalar a = withOperandTerms(Opcode::DivS, 32, 0, ops, 2, evaluate(Opcode::DivS, 32, 0, 0, ops, 2, nullptr));
  Scalar b = withOperandTerms(Opcode::DivS, 32, 0, ops, 2, evaluate(Opcode::DivS, 32, 0, 0, ops, 2, nullptr));
  Scalar ops2[2] = {c, Scalar::known(64, 32)};
  Scalar other = withOperandTerms(Opcode::DivS, 32, 0, ops2, 2, evaluate(Opcode::DivS, 32, 0, 0, ops2, 2, nullptr));
  EXPECT_NE(a.term(), 0u);
  EXPECT_EQ(a.term(), b.term());
  EXPECT_NE(a.term(), other.term());
}

TEST(TripShift, SumsOfAnInputKeepTheirBaseAndOffset) {
  TripProof proof;
  uint64_t n = inputTerm(1, 0);
  proof.noteAffine(101, n, -128);   // n - 128
  proof.noteAffine(102, 101, 64);   // (n - 128) + 64
  EXPECT_EQ(proof.affineOf(102), (std::pair<uint64_t, int64_t>{n, -64}));
  EXPECT_EQ(proof.affineOf(n), (std::pair<uint64_t, int64_t>{n, 0}));
  proof.noteAffine(102, n, 7); // first record stays
  EXPECT_EQ(proof.affineOf(102).second, -64);
}

TEST(TripShift, AFixedStepOneTripCountGivesItsBoundBack) {
  TripParams params;
  TripProof proof;
  proof.params = &params;
  uint64_t n = inputTerm(1, 0);
  proof.noteAffine(101, n, -1); // n - 1
  uint8_t id = proof.idOf(77, 10);
  params.ensure(id, 77);
  proof.relate(n, 0, 1, 77, id); // for 0 to n step 1
  EXPECT_FALSE(proof.resolve(101).has_value()); // open: no value
  params.choose(id, 0, true);
  params.choose(id, 1, true);
  params.choose(id, 2, false); // exactly 2 trips: n = 2
  ASSERT_TRUE(proof.resolve(n).has_value());
  EXPECT_EQ(*proof.resolve(n), 2);
  EXPECT_EQ(*proof.resolve(101), 1);
}

} // namespace
