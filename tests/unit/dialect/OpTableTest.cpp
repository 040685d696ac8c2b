// The op table as the checks read it: the kind, category and operand roles of
// the mbarrier, TMA, shared-memory, warp-specialization, MMA and fence ops.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dialect/OpTable.h"
#include "ir/Parser.h"

using namespace tscope;
using dialect::OpCategory;
using dialect::OpKind;

namespace {

const char *kIr = R"(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @k(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>, %v: tensor<64x64xf16, #b>, %acc: tensor<64x64xf32, #b>, %a: !ttg.memdesc<128x64xf16, #n, #smem>, %bm: !ttg.memdesc<64x128xf16, #n, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 2 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    "ttng.init_barrier"(%bar) <{count = 3 : i32}> : (!ttg.memdesc<1xi64, #s, #smem, mutable>) -> ()
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c1] %buf, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.wait_barrier %bar, %c1, %true deps %buf : !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %l = ttg.local_load %buf : !ttg.memdesc<64x64xf16, #n, #smem, mutable> -> tensor<64x64xf16, #b>
    ttg.local_store %v, %buf : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %desc[%c1, %c0] %buf : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    %w = ttng.warp_group_dot %buf, %buf, %acc, %true {isAsync = true} : !ttg.memdesc<64x64xf16, #n, #smem, mutable> * !ttg.memdesc<64x64xf16, #n, #smem, mutable> -> tensor<64x64xf32, #b>
    ttg.warp_specialize(%bar, %a, %bm, %d)
    default {
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%pb: !ttg.memdesc<1xi64, #s, #smem, mutable>, %pa: !ttg.memdesc<128x64xf16, #n, #smem>, %pbm: !ttg.memdesc<64x128xf16, #n, #smem>, %pd: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) num_warps(1) {
      %z = arith.constant 0 : i32
      %f = arith.constant false
      %t = arith.constant true
      %id = arith.constant 1 : i32
      %nt = arith.constant 64 : i32
      ttng.tc_gen5_mma %pa, %pbm, %pd, %f, %t, %pb[%t] {is_async} : !ttg.memdesc<128x64xf16, #n, #smem>, !ttg.memdesc<64x128xf16, #n, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.tc_gen5_commit %pb : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %pb, 3 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier_named %id, %nt : i32, i32
      ttng.wait_barrier_named %id, %nt : i32, i32
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<128x64xf16, #n, #smem>, !ttg.memdesc<64x128xf16, #n, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) -> ()
    tt.return
  }
}
)";

/// The parsed snippet, with its ops in textual order.
struct Fixture {
  support::Diagnostics diags;
  std::unique_ptr<ir::Module> m;
  std::vector<const ir::Operation *> ops;

  Fixture() {
    m = ir::parseModule(support::SourceBuffer::fromString("k.ttgir", kIr), diags);
    // Pre-order walk with an explicit stack (ops pushed in reverse so they
    // come out in textual order).
    std::vector<const ir::Operation *> stack;
    for (const ir::Chunk &c : m->chunks())
      for (const ir::Block *b = c.body ? c.body->first : nullptr; b; b = b->next)
        for (const ir::Operation *op = b->first; op; op = op->next)
          stack.insert(stack.begin(), op);
    while (!stack.empty()) {
      const ir::Operation *op = stack.back();
      stack.pop_back();
      ops.push_back(op);
      std::vector<const ir::Operation *> inner;
      for (uint32_t r = 0; r < op->numRegions; ++r)
        for (const ir::Block *b = op->region(r)->first; b; b = b->next)
          for (const ir::Operation *o = b->first; o; o = o->next)
            inner.push_back(o);
      stack.insert(stack.end(), inner.rbegin(), inner.rend());
    }
  }

  /// The nth op named `name` in textual order, or null.
  const ir::Operation *find(std::string_view name, int nth = 0) const {
    for (const ir::Operation *op : ops)
      if (op->is(name) && nth-- == 0)
        return op;
    return nullptr;
  }

  /// The roles of the nth op named `name` (fails the test when it is absent).
  dialect::OperandRoles roles(std::string_view name, int nth = 0) const {
    const ir::Operation *op = find(name, nth);
    EXPECT_NE(op, nullptr) << name;
    return op ? dialect::operandRoles(*m, op) : dialect::OperandRoles{};
  }

  /// The SSA name of a value (`%x`), or "null".
  std::string nameOf(const ir::Value *v) const {
    return v ? std::string(m->str(v->name)) : std::string("null");
  }

  /// The SSA names of a list of values.
  std::vector<std::string> namesOf(const std::vector<const ir::Value *> &vs) const {
    std::vector<std::string> out;
    for (const ir::Value *v : vs)
      out.push_back(nameOf(v));
    return out;
  }
};

using Names = std::vector<std::string>;

} // namespace

TEST(OpTable, ParsesTheSnippet) {
  Fixture f;
  EXPECT_EQ(f.diags.errorCount(), 0u);
  EXPECT_NE(f.find("ttg.warp_specialize"), nullptr);
  EXPECT_NE(f.find("ttng.wait_barrier_named"), nullptr);
}

TEST(OpTable, KindsAndCategories) {
  struct Row {
    const char *name;
    OpKind kind;
    OpCategory category;
    const char *kindName;
  };
  const Row rows[] = {
      {"ttng.init_barrier", OpKind::InitBarrier, OpCategory::Barrier, "init_barrier"},
      {"ttng.inval_barrier", OpKind::InvalBarrier, OpCategory::Barrier, "inval_barrier"},
      {"ttng.barrier_expect", OpKind::BarrierExpect, OpCategory::Barrier, "barrier_expect"},
      {"ttng.wait_barrier", OpKind::WaitBarrier, OpCategory::Barrier, "wait_barrier"},
      {"ttng.arrive_barrier", OpKind::ArriveBarrier, OpCategory::Barrier, "arrive_barrier"},
      {"ttng.arrive_barrier_named", OpKind::NamedBarrierArrive, OpCategory::Barrier, "named_barrier_arrive"},
      {"ttng.wait_barrier_named", OpKind::NamedBarrierWait, OpCategory::Barrier, "named_barrier_wait"},
      {"ttng.async_tma_copy_global_to_local", OpKind::TmaLoad, OpCategory::Tma, "tma_load"},
      {"ttng.async_tma_copy_local_to_global", OpKind::TmaStore, OpCategory::Tma, "tma_store"},
      {"ttng.async_tma_store_wait", OpKind::TmaStoreWait, OpCategory::Tma, "tma_store_wait"},
      {"ttng.warp_group_dot", OpKind::WarpGroupDot, OpCategory::Mma, "wgmma"},
      {"ttng.tc_gen5_mma", OpKind::TcGen5Mma, OpCategory::Mma, "tcgen05_mma"},
      {"ttng.tc_gen5_commit", OpKind::TcGen5Commit, OpCategory::Mma, "tcgen05_commit"},
      {"ttg.local_alloc", OpKind::LocalAlloc, OpCategory::Memory, "local_alloc"},
      {"ttg.local_load", OpKind::LocalLoad, OpCategory::Memory, "local_load"},
      {"ttg.local_store", OpKind::LocalStore, OpCategory::Memory, "local_store"},
      {"ttg.memdesc_index", OpKind::MemDescIndex, OpCategory::Memory, "memdesc_index"},
      {"ttng.tmem_load", OpKind::TmemLoad, OpCategory::Memory, "tmem_load"},
      {"ttng.tmem_store", OpKind::TmemStore, OpCategory::Memory, "tmem_store"},
      {"ttng.fence_async_shared", OpKind::FenceAsyncShared, OpCategory::Memory, "fence_async_shared"},
      {"ttg.warp_specialize", OpKind::WarpSpecialize, OpCategory::WarpSpec, "warp_specialize"},
      {"ttg.warp_yield", OpKind::WarpYield, OpCategory::WarpSpec, "warp_yield"},
      {"ttg.warp_return", OpKind::WarpReturn, OpCategory::WarpSpec, "warp_return"},
  };
  for (const Row &r : rows) {
    const dialect::OpInfo *info = dialect::lookupOp(r.name);
    ASSERT_NE(info, nullptr) << r.name;
    EXPECT_EQ(info->name, r.name);
    EXPECT_EQ(info->kind, r.kind) << r.name;
    EXPECT_EQ(info->category, r.category) << r.name;
    EXPECT_EQ(dialect::kindName(r.kind), r.kindName) << r.name;
  }
  EXPECT_EQ(dialect::lookupOp("ttng.no_such_op"), nullptr);
  EXPECT_EQ(dialect::lookupOp("arith.addi"), nullptr);
}

TEST(OpTable, TlxNamesForTheLintMessages) {
  EXPECT_EQ(dialect::lookupOp("ttng.wait_barrier")->tlxName, "tlx.barrier_wait");
  EXPECT_EQ(dialect::lookupOp("ttng.barrier_expect")->tlxName, "tlx.barrier_expect_bytes");
  EXPECT_EQ(dialect::lookupOp("ttng.tc_gen5_commit")->tlxName, "tlx.tcgen05_commit");
  EXPECT_EQ(dialect::lookupOp("ttng.inval_barrier")->tlxName, "");
}

TEST(OpTable, KindOfParsedOps) {
  Fixture f;
  EXPECT_EQ(dialect::kindOf(f.find("ttng.init_barrier")), OpKind::InitBarrier);
  // The generic form names the same op.
  EXPECT_EQ(dialect::kindOf(f.find("ttng.init_barrier", 1)), OpKind::InitBarrier);
  EXPECT_EQ(f.find("ttng.init_barrier", 1)->form, ir::Operation::Form::Generic);
  EXPECT_EQ(dialect::kindOf(f.find("arith.constant")), OpKind::Other);
  EXPECT_EQ(dialect::kindOf(f.find("ttg.warp_specialize")), OpKind::WarpSpecialize);
}

TEST(OpTable, MbarrierRoles) {
  Fixture f;
  dialect::OperandRoles init = f.roles("ttng.init_barrier");
  EXPECT_EQ(f.nameOf(init.barrier), "%bar");
  EXPECT_EQ(init.count, 2);
  // Generic form: the count is the `count` property, operands in ODS order.
  dialect::OperandRoles generic = f.roles("ttng.init_barrier", 1);
  EXPECT_EQ(f.nameOf(generic.barrier), "%bar");
  EXPECT_EQ(generic.count, 3);

  dialect::OperandRoles expect = f.roles("ttng.barrier_expect");
  EXPECT_EQ(f.nameOf(expect.barrier), "%bar");
  EXPECT_EQ(f.nameOf(expect.pred), "%true");
  EXPECT_EQ(expect.bytes, 8192);
  EXPECT_FALSE(expect.count.has_value());

  dialect::OperandRoles wait = f.roles("ttng.wait_barrier");
  EXPECT_EQ(f.nameOf(wait.barrier), "%bar");
  EXPECT_EQ(f.nameOf(wait.phase), "%c1");
  EXPECT_EQ(f.nameOf(wait.pred), "%true");
  EXPECT_EQ(f.namesOf(wait.reads), Names({"%buf"})); // deps
  EXPECT_TRUE(wait.writes.empty());

  dialect::OperandRoles arrive = f.roles("ttng.arrive_barrier");
  EXPECT_EQ(f.nameOf(arrive.barrier), "%bar");
  EXPECT_EQ(arrive.count, 1);
  EXPECT_EQ(arrive.pred, nullptr);
  EXPECT_EQ(f.roles("ttng.arrive_barrier", 1).count, 3);
}

TEST(OpTable, NamedBarrierRoles) {
  Fixture f;
  for (const char *name : {"ttng.arrive_barrier_named", "ttng.wait_barrier_named"}) {
    dialect::OperandRoles r = f.roles(name);
    EXPECT_EQ(f.nameOf(r.barrier), "%id") << name;
    EXPECT_EQ(f.nameOf(r.numThreads), "%nt") << name;
  }
}

TEST(OpTable, TmaRoles) {
  Fixture f;
  dialect::OperandRoles load = f.roles("ttng.async_tma_copy_global_to_local");
  EXPECT_EQ(f.nameOf(load.desc), "%desc");
  EXPECT_EQ(f.namesOf(load.coords), Names({"%c0", "%c1"}));
  EXPECT_EQ(f.nameOf(load.buffer), "%buf");
  EXPECT_EQ(f.nameOf(load.barrier), "%bar");
  EXPECT_EQ(f.nameOf(load.pred), "%true");
  EXPECT_EQ(f.namesOf(load.writes), Names({"%buf"}));
  EXPECT_TRUE(load.reads.empty());

  dialect::OperandRoles store = f.roles("ttng.async_tma_copy_local_to_global");
  EXPECT_EQ(f.nameOf(store.desc), "%desc");
  EXPECT_EQ(f.namesOf(store.coords), Names({"%c1", "%c0"}));
  EXPECT_EQ(f.nameOf(store.buffer), "%buf");
  EXPECT_EQ(store.barrier, nullptr);
  EXPECT_EQ(f.namesOf(store.reads), Names({"%buf"}));
  EXPECT_TRUE(store.writes.empty());
}

TEST(OpTable, SharedMemoryRoles) {
  Fixture f;
  dialect::OperandRoles load = f.roles("ttg.local_load");
  EXPECT_EQ(f.nameOf(load.buffer), "%buf");
  EXPECT_EQ(f.namesOf(load.reads), Names({"%buf"}));
  EXPECT_TRUE(load.writes.empty());

  dialect::OperandRoles store = f.roles("ttg.local_store");
  EXPECT_EQ(f.nameOf(store.source), "%v");
  EXPECT_EQ(f.nameOf(store.buffer), "%buf");
  EXPECT_EQ(f.namesOf(store.writes), Names({"%buf"}));
  EXPECT_TRUE(store.reads.empty());

  // A fence has no operands and no memory roles: the fence checks find it by
  // kind alone.
  dialect::OperandRoles fence = f.roles("ttng.fence_async_shared");
  EXPECT_EQ(fence.buffer, nullptr);
  EXPECT_TRUE(fence.reads.empty());
  EXPECT_TRUE(fence.writes.empty());
}

TEST(OpTable, MmaRoles) {
  Fixture f;
  dialect::OperandRoles wgmma = f.roles("ttng.warp_group_dot");
  EXPECT_EQ(f.namesOf(wgmma.reads), Names({"%buf", "%buf", "%acc"}));
  EXPECT_EQ(f.nameOf(wgmma.source), "%acc");

  // tc_gen5_mma %a, %b, %d, useD, pred, barriers[pred]...
  dialect::OperandRoles mma = f.roles("ttng.tc_gen5_mma");
  EXPECT_EQ(f.namesOf(mma.reads), Names({"%pa", "%pbm"}));
  EXPECT_EQ(f.nameOf(mma.buffer), "%pd");
  EXPECT_EQ(f.namesOf(mma.writes), Names({"%pd"}));
  EXPECT_EQ(f.nameOf(mma.useAcc), "%f");
  EXPECT_EQ(f.nameOf(mma.pred), "%t");
  EXPECT_EQ(f.namesOf(mma.barriers), Names({"%pb"}));

  dialect::OperandRoles commit = f.roles("ttng.tc_gen5_commit");
  EXPECT_EQ(f.nameOf(commit.barrier), "%pb");
  EXPECT_EQ(commit.pred, nullptr);
}

TEST(OpTable, WarpSpecializeHasNoMemoryRoles) {
  Fixture f;
  // Captures are not accesses: the kernel layer maps them to the partitions'
  // block arguments; the table gives warp_specialize no reads or writes.
  dialect::OperandRoles ws = f.roles("ttg.warp_specialize");
  EXPECT_TRUE(ws.reads.empty());
  EXPECT_TRUE(ws.writes.empty());
  EXPECT_EQ(ws.barrier, nullptr);
  const ir::Operation *op = f.find("ttg.warp_specialize");
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(op->numOperands, 4u);
  EXPECT_GE(op->numRegions, 1u);
}

// One reader of arith.constant literals for every layer: pretty, pretty with
// the attribute dictionary before the value (as Triton prints constants it
// tagged with async_task_id), generic, i1 and tensor constants.
TEST(OpTable, ConstantLiterals) {
  support::Diagnostics diags;
  auto m = ir::parseModule(support::SourceBuffer::fromString("c.ttgir", R"(#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @k() {
    %a = arith.constant 7 : i32
    %b = arith.constant {async_task_id = array<i32: 1, 2>} -3 : i32
    %c = "arith.constant"() <{value = 12 : i64}> : () -> i64
    %d = arith.constant true
    %e = arith.constant {async_task_id = array<i32: 0>} false
    %f = arith.constant dense<0.000000e+00> : tensor<128xf32, #b>
    %g = arith.constant {tag = "a b {c}"} 1.500000e+00 : f32
    tt.return
  }
}
)"),
                           diags);
  ASSERT_EQ(diags.errorCount(), 0u);
  std::vector<std::string> lits;
  auto walk = [&](auto &self, const ir::Block *b) -> void {
    for (const ir::Operation *op = b ? b->first : nullptr; op; op = op->next) {
      if (op->is("arith.constant"))
        lits.emplace_back(dialect::constantLiteral(*m, op));
      for (uint32_t r = 0; r < op->numRegions; ++r)
        for (const ir::Block *in = op->region(r)->first; in; in = in->next)
          self(self, in);
    }
  };
  for (const ir::Chunk &c : m->chunks())
    walk(walk, c.body ? c.body->first : nullptr);
  EXPECT_EQ(lits, (std::vector<std::string>{"7", "-3", "12", "true", "false", "dense<0.000000e+00>", "1.500000e+00"}));
}

// A tiled TMA load delivers its descriptor's box; the buffer may differ (a
// 128-row host descriptor split into 64-row copies), and only the tiled copy
// is judged by its box.
TEST(OpTable, TmaLoadBytesBoxAndBuffer) {
  support::Diagnostics diags;
  auto m = ir::parseModule(support::SourceBuffer::fromString("t.ttgir", R"(#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @k(%q: !tt.tensordesc<tensor<128x64xf16, #n>>, %k: !tt.tensordesc<tensor<64x64xf16, #n>>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.async_tma_copy_global_to_local %q[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.async_tma_copy_global_to_local %k[%c0, %c0] %buf, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    tt.return
  }
}
)"),
                           diags);
  ASSERT_EQ(diags.errorCount(), 0u);
  std::vector<dialect::TmaLoadBytes> got;
  const ir::Chunk &c = m->chunks().front();
  auto walk = [&](auto &self, const ir::Block *b) -> void {
    for (const ir::Operation *op = b ? b->first : nullptr; op; op = op->next) {
      if (op->is("ttng.async_tma_copy_global_to_local"))
        got.push_back(dialect::tmaLoadBytes(*m, &c, op));
      for (uint32_t r = 0; r < op->numRegions; ++r)
        for (const ir::Block *in = op->region(r)->first; in; in = in->next)
          self(self, in);
    }
  };
  walk(walk, c.body ? c.body->first : nullptr);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].box, std::optional<uint64_t>(16384));
  EXPECT_EQ(got[0].buffer, std::optional<uint64_t>(8192));
  EXPECT_EQ(got[0].delivered(), std::optional<uint64_t>(16384));
  EXPECT_TRUE(got[0].mismatch());
  EXPECT_EQ(got[1].delivered(), std::optional<uint64_t>(8192));
  EXPECT_FALSE(got[1].mismatch());
}
