// The proxy-fence check on small kernels: every path from a generic access to
// a conflicting async-proxy access must cross a fence (loops and their back
// edges, scf.if branches), across partitions on either side of the barrier
// edge; aliasing by slot, buffer.id and allocation.offset; spurious fences.
#include <gtest/gtest.h>

#include "FenceTestIr.h"
#include "checks/fences/FenceCheck.h"
#include "checks/fences/ProxyAccess.h"

using namespace tscope;
using namespace tscope::checks::fences;
using tscope::checks::Finding;
using tscope::testing::kernelIr;
using tscope::testing::ParsedIr;
namespace ops = tscope::testing::ops;

namespace {

struct Result {
  KernelFenceReport rep;
  size_t count(const std::string &check) const {
    size_t n = 0;
    for (const Finding &f : rep.findings)
      n += f.check == check;
    return n;
  }
  const Finding *first(const std::string &check) const {
    for (const Finding &f : rep.findings)
      if (f.check == check)
        return &f;
    return nullptr;
  }
};

Result check(const std::string &text, FenceOptions opts = {}) {
  ParsedIr p(text);
  EXPECT_EQ(p.diags.errorCount(), 0u);
  auto reps = checkFences(*p.m, opts);
  EXPECT_EQ(reps.size(), 1u);
  return {reps.empty() ? KernelFenceReport{} : reps[0]};
}

std::string loop(const std::string &body) {
  return "    scf.for %i = %c0 to %n step %c1 : i32 {\n" + body + "    }\n";
}

// default: local_store ring[slot]; [fence]; arrive ready[slot]
// partition0: wait ready[slot]; [fence]; TMA store ring[slot]; store_wait
std::string wsKernel(bool producerFence, bool consumerFence) {
  std::string body = R"(    ttg.warp_specialize(%desc, %ring, %ready, %n)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %s = arith.remsi %i, %c1 : i32
        %slot = ttg.memdesc_index %ring[%s] : !ttg.memdesc<2x64x64xf16, #n, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
        ttg.local_store %v, %slot : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
)";
  if (producerFence)
    body += "        ttng.fence_async_shared {bCluster = false}\n";
  body += R"(        %rb = ttg.memdesc_index %ready[%s] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %rb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%d: !tt.tensordesc<tensor<64x64xf16, #n>>, %r: !ttg.memdesc<2x64x64xf16, #n, #smem, mutable>, %rd: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t = arith.constant true
      scf.for %j = %z to %m step %o : i32 {
        %s2 = arith.remsi %j, %o : i32
        %wb = ttg.memdesc_index %rd[%s2] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %wb, %z, %t : !ttg.memdesc<1xi64, #s, #smem, mutable>
)";
  if (consumerFence)
    body += "        ttng.fence_async_shared {bCluster = false}\n";
  body += R"(        %src = ttg.memdesc_index %r[%s2] : !ttg.memdesc<2x64x64xf16, #n, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
        ttng.async_tma_copy_local_to_global %d[%z, %z] %src : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
        ttng.async_tma_store_wait {pendings = 0 : i32}
      }
      ttg.warp_return
    } : (!tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<2x64x64xf16, #n, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, i32) -> ()
)";
  return kernelIr(body);
}

} // namespace

TEST(FenceCheck, StoreThenTmaStoreNeedsAFence) {
  Result r = check(kernelIr(std::string(ops::kStoreX) + ops::kTmaStoreX));
  EXPECT_EQ(r.rep.verdict, FenceVerdict::MissingFence);
  ASSERT_EQ(r.count("missing-fence"), 1u);
  const Finding *f = r.first("missing-fence");
  EXPECT_EQ(f->severity, support::Severity::Error);
  EXPECT_EQ(f->where.line, 15u); // the TMA store
  ASSERT_FALSE(f->related.empty());
  EXPECT_EQ(f->related[0].where.line, 14u); // the local_store
  EXPECT_NE(f->message.find("TMA store reads x"), std::string::npos) << f->message;
  bool fix = false;
  for (const std::string &n : f->notes)
    fix |= n.rfind("fix: insert ttng.fence_async_shared", 0) == 0 && n.find("after IR 14") != std::string::npos;
  EXPECT_TRUE(fix);
}

TEST(FenceCheck, FenceBetweenIsSufficientAndUseful) {
  Result r = check(kernelIr(std::string(ops::kStoreX) + ops::kFence + ops::kTmaStoreX));
  EXPECT_EQ(r.rep.verdict, FenceVerdict::Ok);
  EXPECT_TRUE(r.rep.findings.empty());
  ASSERT_EQ(r.rep.pairs.size(), 1u);
  EXPECT_EQ(r.rep.pairs[0].verdict, PairVerdict::Fenced);
  ASSERT_EQ(r.rep.pairs[0].fences.size(), 1u);
  EXPECT_EQ(r.rep.pairs[0].fences[0].line, 15u);
  ASSERT_EQ(r.rep.fences.size(), 1u);
  EXPECT_FALSE(r.rep.fences[0].spurious);
}

TEST(FenceCheck, ReadAfterReadNeedsNoFence) {
  // local_load then TMA store: both read, nothing to order.
  Result r = check(kernelIr(std::string(ops::kLoadX) + ops::kTmaStoreX));
  EXPECT_TRUE(r.rep.pairs.empty());
  EXPECT_EQ(r.rep.verdict, FenceVerdict::Ok);
}

TEST(FenceCheck, BackEdgeCarriesTheWriteToTheNextTrip) {
  // fence hoisted above the loop; the store at the end of trip i meets the TMA
  // store of trip i+1 through the back edge.
  std::string body = std::string(ops::kFence) + loop(std::string(ops::kTmaStoreX) + ops::kStoreWait + ops::kStoreX);
  Result r = check(kernelIr(body));
  ASSERT_EQ(r.count("missing-fence"), 1u);
  const Finding *f = r.first("missing-fence");
  EXPECT_NE(f->message.find("back edge of scf.for"), std::string::npos) << f->message;
  bool traced = false;
  for (const checks::FindingStep &s : f->trace)
    traced |= s.action == "back edge of scf.for";
  EXPECT_TRUE(traced);
  // The hoisted fence orders nothing: no generic access reaches it.
  EXPECT_EQ(r.count("spurious-fence"), 1u);
  // With the fence at the top of the body every trip is ordered.
  Result ok = check(kernelIr(loop(std::string(ops::kFence) + ops::kTmaStoreX + ops::kStoreWait + ops::kStoreX)));
  EXPECT_EQ(ok.rep.verdict, FenceVerdict::Ok);
  EXPECT_EQ(ok.count("spurious-fence"), 0u);
}

TEST(FenceCheck, FenceHoistedOutOfTheLoopStillOrdersEveryTrip) {
  // W written once before the loop and fenced there; every wgmma in the loop reads it.
  Result r = check(kernelIr(std::string(ops::kStoreX) + ops::kFence + loop(ops::kWgmmaX)));
  EXPECT_EQ(r.rep.verdict, FenceVerdict::Ok);
  EXPECT_TRUE(r.rep.findings.empty());
  ASSERT_EQ(r.rep.pairs.size(), 2u); // operands A and B
  for (const ProxyPair &pp : r.rep.pairs)
    EXPECT_EQ(pp.verdict, PairVerdict::Fenced);
}

TEST(FenceCheck, ZeroTripLoopBypassesAFenceInsideIt) {
  Result r = check(kernelIr(std::string(ops::kStoreX) + loop(ops::kFence) + ops::kTmaStoreX));
  EXPECT_EQ(r.count("missing-fence"), 1u);
  bool skip = false;
  for (const checks::FindingStep &s : r.first("missing-fence")->trace)
    skip |= s.action == "skips scf.for (zero trips)";
  EXPECT_TRUE(skip);
}

TEST(FenceCheck, EveryBranchMustFence) {
  std::string oneSided = std::string(ops::kStoreX) + "    scf.if %cond {\n" + ops::kFence + "    }\n" + ops::kTmaStoreX;
  EXPECT_EQ(check(kernelIr(oneSided)).count("missing-fence"), 1u);
  std::string elseMissing = std::string(ops::kStoreX) + "    scf.if %cond {\n" + ops::kFence + "    } else {\n" +
                            ops::kLoadX + "    }\n" + ops::kTmaStoreX;
  Result r = check(kernelIr(elseMissing));
  ASSERT_EQ(r.count("missing-fence"), 1u);
  bool viaElse = false;
  for (const checks::FindingStep &s : r.first("missing-fence")->trace)
    viaElse |= s.action == "else branch of scf.if";
  EXPECT_TRUE(viaElse);
  std::string both = std::string(ops::kStoreX) + "    scf.if %cond {\n" + ops::kFence + "    } else {\n" +
                     ops::kFence + "    }\n" + ops::kTmaStoreX;
  EXPECT_EQ(check(kernelIr(both)).rep.verdict, FenceVerdict::Ok);
}

TEST(FenceCheck, CrossPartitionNeedsAFenceOnOneSide) {
  Result missing = check(wsKernel(false, false));
  ASSERT_EQ(missing.count("missing-fence"), 1u);
  const Finding *f = missing.first("missing-fence");
  EXPECT_EQ(f->trace.back().actor, "partition0"); // the async access
  EXPECT_NE(f->message.find("ordered only by mbarrier ready"), std::string::npos) << f->message;
  ASSERT_EQ(f->related.size(), 3u); // the store, the arrive, the wait
  EXPECT_EQ(f->trace.front().actor, "default"); // the generic access
  EXPECT_NE(f->related[1].message.find("arrive_barrier"), std::string::npos);
  EXPECT_NE(f->related[2].message.find("wait_barrier"), std::string::npos);
  ASSERT_EQ(missing.rep.pairs.size(), 1u);
  EXPECT_TRUE(missing.rep.pairs[0].crossPartition);

  for (auto [producer, consumer] : {std::pair{true, false}, std::pair{false, true}}) {
    Result r = check(wsKernel(producer, consumer));
    EXPECT_EQ(r.rep.verdict, FenceVerdict::Ok) << producer << consumer;
    EXPECT_EQ(r.count("spurious-fence"), 0u) << producer << consumer;
    ASSERT_EQ(r.rep.pairs.size(), 1u);
    EXPECT_EQ(r.rep.pairs[0].verdict, PairVerdict::Fenced);
  }
  // Both sides fenced: the consumer's fence is redundant.
  EXPECT_EQ(check(wsKernel(true, true)).count("spurious-fence"), 1u);
}

TEST(FenceCheck, WarpSpecializeStartOrdersTheParentBeforeWorkers) {
  auto ir = [](bool fence) {
    std::string body = std::string(ops::kStoreX) + (fence ? ops::kFence : "") + R"(    ttg.warp_specialize(%desc, %x)
    default {
      ttg.warp_yield
    }
    partition0(%d: !tt.tensordesc<tensor<64x64xf16, #n>>, %px: !ttg.memdesc<64x64xf16, #n, #smem, mutable>) num_warps(1) {
      %z = arith.constant 0 : i32
      ttng.async_tma_copy_local_to_global %d[%z, %z] %px : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
      ttg.warp_return
    } : (!tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>) -> ()
)";
    return kernelIr(body);
  };
  Result missing = check(ir(false));
  ASSERT_EQ(missing.count("missing-fence"), 1u);
  EXPECT_NE(missing.first("missing-fence")->message.find("warp_specialize start"), std::string::npos);
  EXPECT_EQ(check(ir(true)).rep.verdict, FenceVerdict::Ok);
}

TEST(FenceCheck, WarpSpecializeEndOrdersWorkersBeforeTheParent) {
  auto ir = [](bool fence) {
    std::string body = std::string(R"(    ttg.warp_specialize(%v, %x)
    default {
      ttg.warp_yield
    }
    partition0(%pv: tensor<64x64xf16, #b>, %px: !ttg.memdesc<64x64xf16, #n, #smem, mutable>) num_warps(4) {
      ttg.local_store %pv, %px : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
)") + (fence ? "      ttng.fence_async_shared {bCluster = false}\n" : "") +
                       R"(      ttg.warp_return
    } : (tensor<64x64xf16, #b>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>) -> ()
)" + ops::kTmaStoreX;
    return kernelIr(body);
  };
  Result missing = check(ir(false));
  ASSERT_EQ(missing.count("missing-fence"), 1u);
  EXPECT_NE(missing.first("missing-fence")->message.find("the warp_specialize end"), std::string::npos)
      << missing.first("missing-fence")->message;
  EXPECT_EQ(missing.first("missing-fence")->trace.back().actor, "outside");
  EXPECT_EQ(check(ir(true)).rep.verdict, FenceVerdict::Ok);
}

TEST(FenceCheck, NamedBarriersOrderPartitions) {
  auto ir = [](bool fence) {
    std::string body = std::string(R"(    %id = arith.constant 1 : i32
    %nt = arith.constant 160 : i32
    ttg.warp_specialize(%desc, %x, %v, %id, %nt)
    default {
      ttg.local_store %v, %x : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
)") + (fence ? "      ttng.fence_async_shared {bCluster = false}\n" : "") +
                       R"(      ttng.arrive_barrier_named %id, %nt : i32, i32
      ttg.warp_yield
    }
    partition0(%d: !tt.tensordesc<tensor<64x64xf16, #n>>, %px: !ttg.memdesc<64x64xf16, #n, #smem, mutable>, %pv: tensor<64x64xf16, #b>, %pid: i32, %pnt: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      ttng.wait_barrier_named %pid, %pnt : i32, i32
      ttng.async_tma_copy_local_to_global %d[%z, %z] %px : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
      ttg.warp_return
    } : (!tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>, tensor<64x64xf16, #b>, i32, i32) -> ()
)";
    return kernelIr(body);
  };
  Result missing = check(ir(false));
  ASSERT_EQ(missing.count("missing-fence"), 1u);
  EXPECT_NE(missing.first("missing-fence")->message.find("ordered only by named barrier 1"), std::string::npos)
      << missing.first("missing-fence")->message;
  Result ok = check(ir(true));
  EXPECT_EQ(ok.rep.verdict, FenceVerdict::Ok);
  EXPECT_EQ(ok.count("spurious-fence"), 0u);
}

TEST(FenceCheck, DistinctConstantSlotsDoNotAlias) {
  std::string body = R"(    %s0 = ttg.memdesc_index %ring[%c0] : !ttg.memdesc<2x64x64xf16, #n, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %s1 = ttg.memdesc_index %ring[%c1] : !ttg.memdesc<2x64x64xf16, #n, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttg.local_store %v, %s0 : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %s1 : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %s0 : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
)";
  Result r = check(kernelIr(body));
  ASSERT_EQ(r.count("missing-fence"), 1u); // only the slot-0 store
  EXPECT_EQ(r.first("missing-fence")->where.line, 18u);
  EXPECT_NE(r.first("missing-fence")->message.find("ring"), std::string::npos);
}

TEST(FenceCheck, BufferIdAndAllocationOffsetAlias) {
  auto ir = [](const std::string &attrsY, const std::string &attrsZ) {
    std::string allocs = "    %y = ttg.local_alloc {" + attrsY + "} : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>\n" +
                         "    %z = ttg.local_alloc {" + attrsZ + "} : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>\n";
    std::string body =
        "    ttg.local_store %v, %y : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>\n"
        "    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %z : !tt.tensordesc<tensor<64x64xf16, #n>>, "
        "!ttg.memdesc<64x64xf16, #n, #smem, mutable>\n";
    return kernelIr(body, "cuda:90", allocs);
  };
  // buffer.id marks Meta's fork, whose lowering fences this pair: judge it as
  // upstream IR to see the aliasing alone.
  FenceOptions upstream;
  upstream.lowering = LoweringChoice::Upstream;
  EXPECT_EQ(check(ir("buffer.id = 3 : i32", "buffer.id = 3 : i32"), upstream).count("missing-fence"), 1u);
  EXPECT_EQ(check(ir("buffer.id = 3 : i32", "buffer.id = 4 : i32"), upstream).count("missing-fence"), 0u);
  Result fork = check(ir("buffer.id = 3 : i32", "buffer.id = 3 : i32"));
  EXPECT_EQ(fork.rep.lowering.lowering, Lowering::Fork);
  EXPECT_EQ(fork.count("missing-fence"), 0u);
  EXPECT_EQ(fork.count("fence-at-lowering"), 1u);
  // 64x64xf16 = 8192 bytes: [0, 8192) and [4096, 12288) overlap, [8192, 16384) does not.
  EXPECT_EQ(check(ir("allocation.offset = 0 : i32", "allocation.offset = 4096 : i32")).count("missing-fence"), 1u);
  EXPECT_EQ(check(ir("allocation.offset = 0 : i32", "allocation.offset = 8192 : i32")).count("missing-fence"), 0u);
  Result r = check(ir("allocation.offset = 0 : i32", "allocation.offset = 4096 : i32"));
  EXPECT_NE(r.first("missing-fence")->message.find("y (aliases z)"), std::string::npos)
      << r.first("missing-fence")->message;
}

TEST(FenceCheck, TmaLoadAfterGenericReadIsLeftToLowering) {
  std::string body = std::string(ops::kLoadX) + ops::kTmaLoadX;
  Result r = check(kernelIr(body));
  EXPECT_EQ(r.count("missing-fence"), 0u);
  ASSERT_EQ(r.count("fence-at-lowering"), 1u);
  EXPECT_EQ(r.first("fence-at-lowering")->severity, support::Severity::Note);
  EXPECT_EQ(r.rep.verdict, FenceVerdict::Ok);
  FenceOptions strict;
  strict.loweringFences = false;
  Result s = check(kernelIr(body), strict);
  EXPECT_EQ(s.count("missing-fence"), 1u);
  EXPECT_EQ(s.rep.verdict, FenceVerdict::MissingFence);
}

TEST(FenceCheck, LoweringFromMarkersAndOption) {
  std::string body = std::string(ops::kStoreX) + ops::kTmaStoreX;
  // No marker: upstream Triton 3.6 adds no fence before a TMA store.
  Result up = check(kernelIr(body));
  EXPECT_EQ(up.rep.lowering.lowering, Lowering::Upstream);
  EXPECT_EQ(up.rep.lowering.brief, "no fork marker");
  EXPECT_EQ(up.count("missing-fence"), 1u);
  // --lowering fork: the fork's ProxyFenceInsertion fences it.
  FenceOptions fork;
  fork.lowering = LoweringChoice::Fork;
  Result f = check(kernelIr(body), fork);
  EXPECT_EQ(f.rep.lowering.lowering, Lowering::Fork);
  EXPECT_EQ(f.count("missing-fence"), 0u);
  EXPECT_EQ(f.count("fence-at-lowering"), 1u);
  EXPECT_EQ(f.rep.verdict, FenceVerdict::Ok);
  // --no-lowering-fences wins over --lowering.
  fork.loweringFences = false;
  Result none = check(kernelIr(body), fork);
  EXPECT_EQ(none.rep.lowering.lowering, Lowering::None);
  EXPECT_EQ(none.count("missing-fence"), 1u);
  EXPECT_EQ(parseLoweringChoice("fork"), LoweringChoice::Fork);
  EXPECT_EQ(parseLoweringChoice("upstream"), LoweringChoice::Upstream);
  EXPECT_EQ(parseLoweringChoice("auto"), LoweringChoice::Auto);
  EXPECT_FALSE(parseLoweringChoice("Fork").has_value());
}

TEST(FenceCheck, SpuriousAndRedundantFences) {
  Result lone = check(kernelIr(std::string(ops::kFence) + ops::kTmaStoreX));
  ASSERT_EQ(lone.count("spurious-fence"), 1u);
  EXPECT_NE(lone.first("spurious-fence")->message.find("no generic shared-memory access reaches it"),
            std::string::npos);
  Result twice = check(kernelIr(std::string(ops::kStoreX) + ops::kFence + ops::kFence + ops::kTmaStoreX));
  ASSERT_EQ(twice.count("spurious-fence"), 1u); // the second one
  EXPECT_EQ(twice.first("spurious-fence")->where.line, 16u);
  EXPECT_NE(twice.first("spurious-fence")->message.find("already fenced by the fence at IR 15"), std::string::npos)
      << twice.first("spurious-fence")->message;
  Result noConflict = check(kernelIr(std::string(ops::kLoadX) + ops::kFence + ops::kTmaStoreX));
  ASSERT_EQ(noConflict.count("spurious-fence"), 1u);
  EXPECT_NE(noConflict.first("spurious-fence")->message.find("no async-proxy access after it conflicts"),
            std::string::npos);
}

TEST(FenceCheck, NothingToReportBelowSm90) {
  Result r = check(kernelIr(std::string(ops::kStoreX) + ops::kTmaStoreX, "cuda:80"));
  EXPECT_FALSE(r.rep.checked);
  EXPECT_EQ(r.rep.verdict, FenceVerdict::Skipped);
  EXPECT_TRUE(r.rep.findings.empty());
  EXPECT_EQ(cudaCapability("cuda:100"), 100);
  EXPECT_EQ(cudaCapability("hip:gfx942"), std::nullopt);
}

TEST(ProxyAccess, ClassifiesOpsByProxy) {
  ParsedIr p(kernelIr(std::string(ops::kStoreX) + ops::kLoadX + ops::kTmaLoadX + ops::kWgmmaX));
  const kernel::Kernel &k = p.kernels[0];
  auto st = accessesOf(k, p.find("ttg.local_store"));
  ASSERT_EQ(st.size(), 1u);
  EXPECT_EQ(st[0].proxy, Proxy::Generic);
  EXPECT_TRUE(st[0].write);
  auto ld = accessesOf(k, p.find("ttng.async_tma_copy_global_to_local"));
  ASSERT_EQ(ld.size(), 1u); // the data, not the barrier
  EXPECT_EQ(ld[0].proxy, Proxy::Async);
  EXPECT_TRUE(ld[0].write);
  EXPECT_TRUE(ld[0].tmaLoadLike);
  auto mma = accessesOf(k, p.find("ttng.warp_group_dot"));
  ASSERT_EQ(mma.size(), 2u); // A and B; the accumulator is a tensor
  EXPECT_EQ(mma[1].what, "wgmma operand B");
  EXPECT_FALSE(mma[0].write);
  EXPECT_TRUE(accessesOf(k, p.find("ttg.local_alloc")).empty()); // no initial value
}
