// TmemColumns: column ranges of packed TMEM in both spellings (buffer.offset
// members of a buffer.id, Gluon subslice/reinterpret/index views).
#include <gtest/gtest.h>

#include "ir/Parser.h"
#include "kernel/Kernel.h"

using namespace tscope;

namespace {

const char *kPacked =
    R"(#t = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#t1 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 1, colStride = 1>
#t2 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 2>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @k() {
    %c1 = arith.constant 1 : i32
    %qk = ttng.tmem_alloc {buffer.id = 8 : i32} : () -> !ttg.memdesc<128x128xf32, #t, #ttng.tensor_memory, mutable>
    %p = ttng.tmem_alloc {buffer.id = 8 : i32, buffer.offset = 0 : i32} : () -> !ttg.memdesc<128x128xf16, #t, #ttng.tensor_memory, mutable>
    %al = ttng.tmem_alloc {buffer.id = 8 : i32, buffer.offset = 64 : i32} : () -> !ttg.memdesc<128x1xf32, #t1, #ttng.tensor_memory, mutable>
    %s = ttng.tmem_alloc : () -> !ttg.memdesc<2x128x128xf32, #t, #ttng.tensor_memory, mutable>
    %s1 = ttg.memdesc_index %s[%c1] : !ttg.memdesc<2x128x128xf32, #t, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x128xf32, #t, #ttng.tensor_memory, mutable>
    %sl = ttng.tmem_subslice %s1 {N = 96 : i32} : !ttg.memdesc<128x128xf32, #t, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x1xf32, #t1, #ttng.tensor_memory, mutable, 128x128>
    %pu = ttg.memdesc_reinterpret %s1 : !ttg.memdesc<128x128xf32, #t, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x128xf16, #t2, #ttng.tensor_memory, mutable>
    tt.return
  }
}
)";

struct Parsed {
  support::Diagnostics diags;
  std::unique_ptr<ir::Module> m;
  std::vector<kernel::Kernel> kernels;
  Parsed() {
    m = ir::parseModule(support::SourceBuffer::fromString("k.ttgir", kPacked),
                        diags);
    kernels = kernel::Kernel::build(*m);
  }
  const ir::Value *result(std::string_view ssa) const {
    const ir::Value *found = nullptr;
    kernels.at(0).walk([&](const ir::Operation *op, const kernel::Placement &) {
      if (op->numResults && m->str(op->result(0)->name) == ssa)
        found = op->result(0);
    });
    return found;
  }
};

TEST(TmemColumns, BufferOffsetMembersLandInTheOwnersColumns) {
  Parsed p;
  const kernel::Kernel &k = p.kernels.at(0);
  kernel::TmemColumns qk = k.tmemColumnsOf(p.result("%qk"));
  ASSERT_NE(qk.owner, nullptr);
  EXPECT_EQ(qk.owner->name, "qk");
  EXPECT_EQ(qk.begin, 0);
  EXPECT_EQ(qk.end, 128);
  kernel::TmemColumns pc = k.tmemColumnsOf(p.result("%p"));
  EXPECT_EQ(pc.owner, qk.owner);
  EXPECT_EQ(pc.begin, 0);
  EXPECT_EQ(pc.end, 64); // fp16, colStride 1: two elements per 32-bit column
  kernel::TmemColumns al = k.tmemColumnsOf(p.result("%al"));
  EXPECT_EQ(al.owner, qk.owner);
  EXPECT_EQ(al.begin, 64);
  EXPECT_EQ(al.end, 65);
  EXPECT_EQ(al.how, "buffer.offset 64");
}

TEST(TmemColumns, GluonViewsOffsetBySlotAndSubslice) {
  Parsed p;
  const kernel::Kernel &k = p.kernels.at(0);
  kernel::TmemColumns sl = k.tmemColumnsOf(p.result("%sl"));
  ASSERT_NE(sl.owner, nullptr);
  EXPECT_EQ(sl.owner->name, "s");
  EXPECT_TRUE(sl.known);
  EXPECT_EQ(sl.begin, 128 + 96); // slot 1 of 128 columns, then N = 96
  EXPECT_EQ(sl.end, 128 + 97);
  kernel::TmemColumns pu = k.tmemColumnsOf(p.result("%pu"));
  EXPECT_EQ(pu.begin, 128);
  EXPECT_EQ(pu.end, 256); // fp16 with colStride 2: one element per column
  EXPECT_EQ(k.tmemColumnsOf(p.result("%c1")).owner, nullptr);
}

} // namespace
