// MMA shape rules (tlx-mma-tile-min, tlx-two-cta-mma-m) on hand-written TTGIR
// of our own. Minimums are the PTX ISA shape charts: M >= 64, N >= 8, K of 32
// bytes (16 for f16, 8 for tf32); 2-CTA tcgen05 takes 128 rows per CTA.
// RUN: %python %inputs/exit-code.py %tscope lint %s | %FileCheck %s --implicit-check-not=tlx-

#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @tcgen05(%a: !ttg.memdesc<128x64xf16, #n, #smem>, %b: !ttg.memdesc<64x128xf16, #n, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                   %a32: !ttg.memdesc<32x64xf16, #n, #smem>, %d32: !ttg.memdesc<32x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                   %ak8: !ttg.memdesc<128x8xf16, #n, #smem>, %bk8: !ttg.memdesc<8x128xf16, #n, #smem>,
                   %atf: !ttg.memdesc<128x8xf32, #n, #smem>, %btf: !ttg.memdesc<8x128xf32, #n, #smem>) {
    %true = arith.constant true
    // 128x128x64 f16: fine.
    ttng.tc_gen5_mma %a, %b, %d, %true, %true : !ttg.memdesc<128x64xf16, #n, #smem>, !ttg.memdesc<64x128xf16, #n, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK: mma-shapes.mlir:[[@LINE+1]]:5: error: MMA tile 32x128x64 (MxNxK) is below what tcgen05.mma can compute (M = 32 < 64); grow the block to at least M = 64, N = 8 and K = 32 bytes of the element type [tlx-mma-tile-min]
    ttng.tc_gen5_mma %a32, %b, %d32, %true, %true : !ttg.memdesc<32x64xf16, #n, #smem>, !ttg.memdesc<64x128xf16, #n, #smem>, !ttg.memdesc<32x128xf32, #tmem, #ttng.tensor_memory, mutable>
// CHECK: mma-shapes.mlir:[[@LINE+1]]:5: error: MMA tile 128x128x8 (MxNxK) is below what tcgen05.mma can compute (K = 8 < 16 for f16); {{.*}} [tlx-mma-tile-min]
    ttng.tc_gen5_mma %ak8, %bk8, %d, %true, %true : !ttg.memdesc<128x8xf16, #n, #smem>, !ttg.memdesc<8x128xf16, #n, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    // K = 8 of f32 (tf32) is 32 bytes: fine.
    ttng.tc_gen5_mma %atf, %btf, %d, %true, %true : !ttg.memdesc<128x8xf32, #n, #smem>, !ttg.memdesc<8x128xf32, #n, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// Hopper wgmma: N = 4 is below the smallest n8 shape; 64x16x16 is fine.
#n2 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#smem2 = #ttg.shared_memory
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @wgmma(%a: !ttg.memdesc<64x16xf16, #n2, #smem2>, %b: !ttg.memdesc<16x16xf16, #n2, #smem2>, %b4: !ttg.memdesc<16x4xf16, #n2, #smem2>,
                 %acc: tensor<64x16xf32, #mma>, %acc4: tensor<64x4xf32, #mma>) {
    %true = arith.constant true
    %r = ttng.warp_group_dot %a, %b, %acc, %true {isAsync = true} : !ttg.memdesc<64x16xf16, #n2, #smem2> * !ttg.memdesc<16x16xf16, #n2, #smem2> -> tensor<64x16xf32, #mma>
// CHECK: mma-shapes.mlir:[[@LINE+1]]:5: error: MMA tile 64x4x16 (MxNxK) is below what wgmma.mma_async can compute (N = 4 < 8); {{.*}} [tlx-mma-tile-min]
    %r4 = ttng.warp_group_dot %a, %b4, %acc4, %true {isAsync = true} : !ttg.memdesc<64x16xf16, #n2, #smem2> * !ttg.memdesc<16x4xf16, #n2, #smem2> -> tensor<64x4xf32, #mma>
    tt.return
  }
}

// -----

// 2-CTA tcgen05 in a cluster of two: 128 rows per CTA is the shape; 256 is
// not; 64 needs a Triton that lowers cta_group::2 with M = 128.
#n3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem3 = #ttg.shared_memory
#tmem3 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.cluster-dim-x" = 2 : i32, "ttg.cluster-dim-y" = 1 : i32, "ttg.cluster-dim-z" = 1 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttng.two-ctas" = true} {
  tt.func @two_cta(%a: !ttg.memdesc<128x64xf16, #n3, #smem3>, %b: !ttg.memdesc<64x64xf16, #n3, #smem3>, %d: !ttg.memdesc<128x128xf32, #tmem3, #ttng.tensor_memory, mutable>,
                   %a256: !ttg.memdesc<256x64xf16, #n3, #smem3>, %d256: !ttg.memdesc<256x128xf32, #tmem3, #ttng.tensor_memory, mutable>,
                   %a64: !ttg.memdesc<64x64xf16, #n3, #smem3>, %d64: !ttg.memdesc<64x128xf32, #tmem3, #ttng.tensor_memory, mutable>) {
    %true = arith.constant true
    ttng.tc_gen5_mma %a, %b, %d, %true, %true {two_ctas} : !ttg.memdesc<128x64xf16, #n3, #smem3>, !ttg.memdesc<64x64xf16, #n3, #smem3>, !ttg.memdesc<128x128xf32, #tmem3, #ttng.tensor_memory, mutable>
// CHECK: mma-shapes.mlir:[[@LINE+1]]:5: error: 2-CTA MMA (two_ctas) with M = 256 per CTA: tcgen05.mma.cta_group::2 takes M = 128 per CTA (256 across the pair); give each CTA a 128-row tile of A [tlx-two-cta-mma-m]
    ttng.tc_gen5_mma %a256, %b, %d256, %true, %true {two_ctas} : !ttg.memdesc<256x64xf16, #n3, #smem3>, !ttg.memdesc<64x64xf16, #n3, #smem3>, !ttg.memdesc<256x128xf32, #tmem3, #ttng.tensor_memory, mutable>
// CHECK: mma-shapes.mlir:[[@LINE+1]]:5: warning: 2-CTA MMA (two_ctas) with M = 64 per CTA uses tcgen05.mma.cta_group::2 with M = 128, which Triton lowers only since triton-lang/triton#8922; with an older Triton use M = 128 per CTA [tlx-two-cta-mma-m]
    ttng.tc_gen5_mma %a64, %b, %d64, %true, %true {two_ctas} : !ttg.memdesc<64x64xf16, #n3, #smem3>, !ttg.memdesc<64x64xf16, #n3, #smem3>, !ttg.memdesc<64x128xf32, #tmem3, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// Upstream Triton's 2-CTA form types operands with the pair's shape and
// splits M through the CGALayout (one basis vector along dim 0): 256 rows for
// the pair is 128 per CTA, so nothing fires.
#n4 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#n5 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem4 = #ttg.shared_memory
#tmem4 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CGALayout = [[1, 0]], twoCTAs = true>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:100", "ttng.two-ctas" = true} {
  tt.func @pair_shape(%a: !ttg.memdesc<256x64xf16, #n4, #smem4>, %b: !ttg.memdesc<64x128xf16, #n5, #smem4>, %d: !ttg.memdesc<256x128xf32, #tmem4, #ttng.tensor_memory, mutable>) {
    %true = arith.constant true
    ttng.tc_gen5_mma %a, %b, %d, %true, %true {two_ctas} : !ttg.memdesc<256x64xf16, #n4, #smem4>, !ttg.memdesc<64x128xf16, #n5, #smem4>, !ttg.memdesc<256x128xf32, #tmem4, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// CHECK: mma-shapes.mlir: 4 errors, 1 warning, 0 notes
// CHECK: exit=1
