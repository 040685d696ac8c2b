// Check id `tlx-two-cta-mma-m`: a 2-CTA tcgen05 MMA (two_ctas) whose M per
// CTA is not 128 (256 is an error; 64 a warning, it needs a recent Triton).
// The finding sits on the MMA.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --implicit-check-not='[tlx-two-cta-mma-m]'

#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.cluster-dim-x" = 2 : i32, "ttg.cluster-dim-y" = 1 : i32, "ttg.cluster-dim-z" = 1 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttng.two-ctas" = true} {
  tt.func @two_cta(%a: !ttg.memdesc<128x64xf16, #n, #smem>, %b: !ttg.memdesc<64x64xf16, #n, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                   %a256: !ttg.memdesc<256x64xf16, #n, #smem>, %d256: !ttg.memdesc<256x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                   %a64: !ttg.memdesc<64x64xf16, #n, #smem>, %d64: !ttg.memdesc<64x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    %true = arith.constant true
    // Must not fire: 128 rows per CTA.
    ttng.tc_gen5_mma %a, %b, %d, %true, %true {two_ctas} : !ttg.memdesc<128x64xf16, #n, #smem>, !ttg.memdesc<64x64xf16, #n, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    // CHECK: tlx-two-cta-mma-m.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-two-cta-mma-m]
    ttng.tc_gen5_mma %a256, %b, %d256, %true, %true {two_ctas} : !ttg.memdesc<256x64xf16, #n, #smem>, !ttg.memdesc<64x64xf16, #n, #smem>, !ttg.memdesc<256x128xf32, #tmem, #ttng.tensor_memory, mutable>
    // CHECK: tlx-two-cta-mma-m.mlir:[[@LINE+1]]:{{[0-9]+}}: warning: {{.*}}[tlx-two-cta-mma-m]
    ttng.tc_gen5_mma %a64, %b, %d64, %true, %true {two_ctas} : !ttg.memdesc<64x64xf16, #n, #smem>, !ttg.memdesc<64x64xf16, #n, #smem>, !ttg.memdesc<64x128xf32, #tmem, #ttng.tensor_memory, mutable>
    // Must not fire: a 1-CTA MMA with 256 rows is not a 2-CTA MMA.
    ttng.tc_gen5_mma %a256, %b, %d256, %true, %true : !ttg.memdesc<256x64xf16, #n, #smem>, !ttg.memdesc<64x64xf16, #n, #smem>, !ttg.memdesc<256x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// Must not fire: upstream Triton's 2-CTA form types operands with the pair's
// shape and splits M through the CGALayout: 256 rows for the pair is 128 per
// CTA.
#n4 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[1, 0]]}>
#n5 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CGALayout = [[0, 1]]}>
#smem = #ttg.shared_memory
#tmem4 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1, CGALayout = [[1, 0]], twoCTAs = true>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:100", "ttng.two-ctas" = true} {
  tt.func @pair_shape(%a: !ttg.memdesc<256x64xf16, #n4, #smem>, %b: !ttg.memdesc<64x128xf16, #n5, #smem>, %d: !ttg.memdesc<256x128xf32, #tmem4, #ttng.tensor_memory, mutable>) {
    %true = arith.constant true
    ttng.tc_gen5_mma %a, %b, %d, %true, %true {two_ctas} : !ttg.memdesc<256x64xf16, #n4, #smem>, !ttg.memdesc<64x128xf16, #n5, #smem>, !ttg.memdesc<256x128xf32, #tmem4, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// CHECK: exit=1
