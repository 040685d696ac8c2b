// Check id `tlx-mma-tile-min`: an MMA tile below the instruction minimum (the
// PTX ISA shape charts: M >= 64, N >= 8, K of 32 bytes). The finding sits on
// the MMA.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --implicit-check-not='[tlx-mma-tile-min]'

// Blackwell tcgen05.
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @tcgen05(%a: !ttg.memdesc<128x64xf16, #n, #smem>, %b: !ttg.memdesc<64x128xf16, #n, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                   %a32: !ttg.memdesc<32x64xf16, #n, #smem>, %d32: !ttg.memdesc<32x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                   %ak8: !ttg.memdesc<128x8xf16, #n, #smem>, %bk8: !ttg.memdesc<8x128xf16, #n, #smem>,
                   %atf: !ttg.memdesc<128x8xf32, #n, #smem>, %btf: !ttg.memdesc<8x128xf32, #n, #smem>) {
    %true = arith.constant true
    // Must not fire: 128x128x64 f16.
    ttng.tc_gen5_mma %a, %b, %d, %true, %true : !ttg.memdesc<128x64xf16, #n, #smem>, !ttg.memdesc<64x128xf16, #n, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    // M = 32 < 64.
    // CHECK: tlx-mma-tile-min.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-mma-tile-min]
    ttng.tc_gen5_mma %a32, %b, %d32, %true, %true : !ttg.memdesc<32x64xf16, #n, #smem>, !ttg.memdesc<64x128xf16, #n, #smem>, !ttg.memdesc<32x128xf32, #tmem, #ttng.tensor_memory, mutable>
    // K = 8 f16 is 16 bytes < 32.
    // CHECK: tlx-mma-tile-min.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-mma-tile-min]
    ttng.tc_gen5_mma %ak8, %bk8, %d, %true, %true : !ttg.memdesc<128x8xf16, #n, #smem>, !ttg.memdesc<8x128xf16, #n, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    // Must not fire: K = 8 of f32 (tf32) is 32 bytes.
    ttng.tc_gen5_mma %atf, %btf, %d, %true, %true : !ttg.memdesc<128x8xf32, #n, #smem>, !ttg.memdesc<8x128xf32, #n, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// Hopper wgmma: N = 4 is below the smallest n8 shape; 64x16x16 is fine.
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8, 16]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @wgmma(%a: !ttg.memdesc<64x16xf16, #n, #smem>, %b: !ttg.memdesc<16x16xf16, #n, #smem>, %b4: !ttg.memdesc<16x4xf16, #n, #smem>,
                 %acc: tensor<64x16xf32, #mma>, %acc4: tensor<64x4xf32, #mma>) {
    %true = arith.constant true
    %r = ttng.warp_group_dot %a, %b, %acc, %true {isAsync = true} : !ttg.memdesc<64x16xf16, #n, #smem> * !ttg.memdesc<16x16xf16, #n, #smem> -> tensor<64x16xf32, #mma>
    // CHECK: tlx-mma-tile-min.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-mma-tile-min]
    %r4 = ttng.warp_group_dot %a, %b4, %acc4, %true {isAsync = true} : !ttg.memdesc<64x16xf16, #n, #smem> * !ttg.memdesc<16x4xf16, #n, #smem> -> tensor<64x4xf32, #mma>
    tt.return
  }
}

// CHECK: exit=1
