// IrDiff: op keys without SSA numbering or locations, and the alignment of two
// builds (common subsequence, then pairing by source location and name).
#include <gtest/gtest.h>

#include "KernelFixture.h"
#include "dumps/IrDiff.h"

using namespace tscope;
using namespace tscope::dumps;

namespace {

std::string kinds(const std::vector<AlignedOp> &rows) {
  std::string s;
  for (const AlignedOp &r : rows)
    s += "=~-+"[static_cast<int>(r.kind)];
  return s;
}

DiffOp op(std::string name, std::string key, uint32_t pyLine = 0, uint32_t depth = 1) {
  DiffOp d;
  d.name = std::move(name);
  d.key = std::move(key);
  d.text = d.key;
  d.pyFile = pyLine ? "k.py" : "";
  d.pyLine = pyLine;
  d.depth = depth;
  return d;
}

} // namespace

TEST(IrDiff, ValueNamesLoseThePrintersNumbering) {
  EXPECT_EQ(normalizeValueName("12"), "");
  EXPECT_EQ(normalizeValueName("arg3"), "arg");
  EXPECT_EQ(normalizeValueName("offs_10"), "offs");
  EXPECT_EQ(normalizeValueName("c32_i32"), "c32_i32");
  EXPECT_EQ(normalizeValueName("c32_i32_4"), "c32_i32");
  EXPECT_EQ(normalizeValueName("res_3#1"), "res#1");
  EXPECT_EQ(normalizeValueName("argmax"), "argmax");
}

TEST(IrDiff, KeysIgnoreRenumberingAndLocations) {
  unittest::KernelFixture a(R"(#loc1 = loc("k.py":3:4)
#loc2 = loc("k.py":4:4)
module {
  tt.func public @k(%arg0: i32 loc("n"(#loc1))) {
    %x_3 = arith.addi %arg0, %arg0 : i32 loc(#loc1)
    %7 = arith.muli %x_3, %arg0 : i32 loc(#loc2)
    tt.return loc(#loc2)
  } loc(#loc1)
} loc(#loc1)
)");
  unittest::KernelFixture b(R"(#loc7 = loc("k.py":3:4)
#loc9 = loc("k.py":4:4)
module {
  tt.func public @k(%arg0: i32 loc("n"(#loc7))) {
    %x = arith.addi %arg0, %arg0 : i32 loc(#loc7)
    %2 = arith.muli %x, %arg0 : i32 loc(#loc9)
    tt.return loc(#loc9)
  } loc(#loc7)
} loc(#loc7)
)");
  ASSERT_EQ(a.kernels.size(), 1u);
  ASSERT_EQ(b.kernels.size(), 1u);
  std::vector<DiffOp> oa = diffOps(a.kernels[0]), ob = diffOps(b.kernels[0]);
  ASSERT_EQ(oa.size(), 5u); // module, func, addi, muli, return
  EXPECT_EQ(oa[2].text, "%x_3 = arith.addi %arg0, %arg0 : i32");
  EXPECT_EQ(oa[2].key, ob[2].key);
  EXPECT_EQ(oa[3].pyLine, 4u);
  EXPECT_EQ(oa[1].text, "tt.func public @k(%arg0: i32) {…}");
  EXPECT_EQ(kinds(alignOps(oa, ob)), "=====");
  EXPECT_NE(oa[3].key.find("%x<arith.addi>"), std::string::npos);
}

TEST(IrDiff, AUseOfAnotherValueOfOneNameHintChanges) {
  // The fix of a phase bug: the wait's parity moves from %ph_1 (andi) to
  // %ph_2 (xori); both print as %ph once the numbering is gone.
  const char *a = R"(module {
  tt.func public @k(%arg0: i32, %arg1: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
    %ph_1 = arith.andi %arg0, %arg0 : i32
    ttng.wait_barrier %arg1, %ph_1 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
)";
  const char *b = R"(module {
  tt.func public @k(%arg0: i32, %arg1: !ttg.memdesc<1xi64, #shared, #smem, mutable>) {
    %ph_1 = arith.andi %arg0, %arg0 : i32
    %ph_2 = arith.xori %ph_1, %arg0 : i32
    ttng.wait_barrier %arg1, %ph_2 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
    tt.return
  }
}
)";
  unittest::KernelFixture fa(a), fb(b);
  ASSERT_EQ(fa.kernels.size(), 1u);
  ASSERT_EQ(fb.kernels.size(), 1u);
  std::vector<DiffOp> oa = diffOps(fa.kernels[0]), ob = diffOps(fb.kernels[0]);
  EXPECT_EQ(kinds(alignOps(oa, ob)), "===+~=");
}

TEST(IrDiff, ChangedOpsPairByLocationThenName) {
  // A parity flip: the wait keeps its Python line, its operand changes.
  std::vector<DiffOp> a = {op("scf.for", "for", 0, 1), op("ttng.wait_barrier", "wait %e, %p", 10, 2),
                           op("arith.xori", "xori %p, %c1", 9, 2), op("tt.store", "store", 12, 2)};
  std::vector<DiffOp> b = {op("scf.for", "for", 0, 1), op("ttng.wait_barrier", "wait %e, %q", 10, 2),
                           op("tt.store", "store", 12, 2)};
  std::vector<AlignedOp> rows = alignOps(a, b);
  EXPECT_EQ(kinds(rows), "=~-=");
  EXPECT_EQ(rows[1].a, 1);
  EXPECT_EQ(rows[1].b, 1);
  // Without a location, ops of one name at one depth still pair.
  std::vector<DiffOp> c = {op("arith.constant", "c 1"), op("tt.load", "ld")};
  std::vector<DiffOp> d = {op("arith.constant", "c 2"), op("tt.load", "ld")};
  EXPECT_EQ(kinds(alignOps(c, d)), "~=");
  // Different names never pair.
  std::vector<DiffOp> e = {op("arith.addi", "add")}, f = {op("arith.subi", "sub")};
  EXPECT_EQ(kinds(alignOps(e, f)), "-+");
}

TEST(IrDiff, LongestCommonSubsequenceInTheMiddle) {
  std::vector<DiffOp> a, b;
  for (const char *k : {"a", "b", "c", "d", "e", "f"})
    a.push_back(op(std::string("x.") + k, k));
  for (const char *k : {"a", "c", "d", "x", "f", "g"})
    b.push_back(op(std::string("x.") + k, k));
  EXPECT_EQ(kinds(alignOps(a, b)), "=-==-+=+");
  EXPECT_EQ(kinds(alignOps(a, {})), "------");
  EXPECT_EQ(kinds(alignOps({}, b)), "++++++");
}

TEST(IrDiff, CountsPerDialectAndChangedOps) {
  std::vector<DiffOp> a = {op("arith.addi", ""), op("arith.addi", ""), op("ttng.wait_barrier", "")};
  std::vector<DiffOp> b = {op("arith.addi", ""), op("arith.muli", ""), op("ttng.wait_barrier", "")};
  std::vector<CountDelta> d = dialectCounts(a, b);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].name, "arith");
  EXPECT_EQ(d[0].a, 2u);
  EXPECT_EQ(d[0].b, 2u);
  std::vector<CountDelta> c = changedOpCounts(a, b);
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c[0].name, "arith.addi");
  EXPECT_EQ(c[0].b, 1u);
  EXPECT_EQ(c[1].name, "arith.muli");
  EXPECT_EQ(c[1].a, 0u);
}

TEST(IrDiff, AliasesThatDifferLocationsLeftOut) {
  unittest::KernelFixture a(R"(#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#same = #ttg.shared_memory
#loc1 = loc("k.py":1:1)
module {
  tt.func public @k() {
    tt.return
  }
}
)");
  unittest::KernelFixture b(R"(#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#same = #ttg.shared_memory
#extra = #ttg.shared_memory
#loc9 = loc("k.py":2:1)
module {
  tt.func public @k() {
    tt.return
  }
}
)");
  ASSERT_EQ(a.kernels.size(), 1u);
  ASSERT_EQ(b.kernels.size(), 1u);
  std::vector<AliasDelta> d = changedAliases(a.kernels[0], b.kernels[0]);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].name, "#blocked");
  EXPECT_NE(d[0].b.find("sizePerThread = [4]"), std::string::npos);
  EXPECT_EQ(d[1].name, "#extra");
  EXPECT_EQ(d[1].a, "");
}
