// tlx-commit-on-mma-barrier on hand-written TTGIR of our own: tcgen05_commit
// needs a barrier of its own, not one an async MMA already arrives on.
// RUN: %python %inputs/exit-code.py %tscope lint %s | %FileCheck %s --implicit-check-not=tlx-

#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @commit(%a: !ttg.memdesc<128x64xf16, #n, #smem>, %b: !ttg.memdesc<64x128xf16, #n, #smem>, %d: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %mma_bar = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %mma_bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %acc_bar = ttg.memdesc_index %bars[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %acc_bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.tc_gen5_mma %a, %b, %d, %true, %true, %mma_bar[%true] {is_async} : !ttg.memdesc<128x64xf16, #n, #smem>, !ttg.memdesc<64x128xf16, #n, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>
    // A dedicated barrier (another slot of the same array): fine.
    ttng.tc_gen5_commit %acc_bar : !ttg.memdesc<1xi64, #s, #smem, mutable>
    // The MMA's own barrier, viewed again through the same slot.
    %again = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
// CHECK: commit-on-mma-barrier.mlir:[[@LINE+2]]:5: error: tcgen05_commit on bars[0], which the MMA at IR line [[@LINE-5]] already arrives on (mBarriers): each phase gets an extra arrival and runs ahead of the data; give tcgen05_commit a barrier of its own [tlx-commit-on-mma-barrier]
// CHECK: commit-on-mma-barrier.mlir:[[@LINE-6]]:{{[0-9]+}}: note: the MMA that arrives on bars[0] when it completes (IR [[@LINE-6]])
    ttng.tc_gen5_commit %again : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.wait_barrier %mma_bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.wait_barrier %acc_bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// CHECK: commit-on-mma-barrier.mlir: 1 error, 0 warnings, 0 notes
// CHECK: exit=1
