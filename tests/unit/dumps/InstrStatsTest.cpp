// InstrStats: PTX and SASS opcode families, kernels, register directives.
#include <gtest/gtest.h>

#include "dumps/InstrStats.h"

using namespace tscope::dumps;

TEST(InstrStats, PtxFamiliesAndDirectives) {
  InstrStats st = instrStats(R"(.visible .entry k(
	.param .u64 k_param_0
)
.reqntid 384
.maxnreg 168
{
	.reg .b32 	%r<4>;
$L__BB0_1:
	setmaxnreg.inc.sync.aligned.u32 	232;
	@%p1 mbarrier.try_wait.parity.shared::cta.b64 	%p2, [%r1], %r2;
	// begin inline asm
	@%p3 cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1, {%r2, %r3}], [%r1];
	// end inline asm
	fence.proxy.async.shared::cta;
	wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%f1}, %rd1, %rd2, 1, 1, 1, 0, 0;
	bar.sync 	0, 128;
	st.local.u32 	[%rd3], %r1;
	ret;
}
)",
                            false);
  ASSERT_EQ(st.kernels.size(), 1u);
  const KernelInstrStats &k = st.kernels[0];
  EXPECT_EQ(k.name, "k");
  EXPECT_EQ(k.reqntid, 384);
  EXPECT_EQ(k.maxnreg, 168);
  EXPECT_EQ(k.instructions, 8u);
  EXPECT_EQ(k.families.at("mbarrier"), 1u);
  EXPECT_EQ(k.families.at("tma"), 1u);
  EXPECT_EQ(k.families.at("fence.proxy"), 1u);
  EXPECT_EQ(k.families.at("wgmma"), 1u);
  EXPECT_EQ(k.families.at("bar.sync/arrive"), 1u);
  EXPECT_EQ(k.families.at("local (spill)"), 1u);
  EXPECT_EQ(k.setmaxnregInc.at(232), 1u);
}

TEST(InstrStats, SassBothListingStyles) {
  InstrStats cuobjdump = instrStats("\t\tFunction : k\n"
                                    "        /*0000*/                   LDC R1, c[0x0][0x28] ;\n"
                                    "        /*0010*/              @!P0 SYNCS.PHASECHK.TRANS64.TRYWAIT P0, [R2], R3 ;\n"
                                    "        /*0020*/                   HGMMA.64x64x16.F32 R24, gdesc[UR4], R24 ;\n"
                                    "        /*0030*/                   STL [R1], R2 ;\n",
                                    true);
  ASSERT_EQ(cuobjdump.kernels.size(), 1u);
  EXPECT_EQ(cuobjdump.kernels[0].instructions, 4u);
  EXPECT_EQ(cuobjdump.kernels[0].families.at("mbarrier"), 1u);
  EXPECT_EQ(cuobjdump.kernels[0].families.at("wgmma"), 1u);
  EXPECT_EQ(cuobjdump.kernels[0].families.at("local (spill)"), 1u);
  InstrStats triton = instrStats("Function:k\n--:-:1:-:2\tUSETMAXREG.TRY_ALLOC.CTAPOOL UP0, 0x100;\n"
                                 "LBB1:\n--:-:-:-:6\tBAR.SYNC.DEFER_BLOCKING 0x1;\n"
                                 "--:-:-:-:1\tUTMALDG.2D [UR8], [UR4];\n",
                                 true);
  ASSERT_EQ(triton.kernels.size(), 1u);
  EXPECT_EQ(triton.kernels[0].instructions, 3u);
  EXPECT_EQ(triton.kernels[0].setmaxnregInc.at(256), 1u);
  EXPECT_EQ(triton.kernels[0].families.at("tma"), 1u);
  EXPECT_EQ(sassFamily("UTCHMMA"), "tcgen05");
  EXPECT_EQ(ptxFamily("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64"), "tcgen05");
}
