// Check id `tlx-tma-box-mismatch`: a tiled TMA load writes its descriptor's
// block (the box) whatever its destination buffer's size, and completes the
// box's bytes on its barrier. The finding sits on the copy.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --implicit-check-not='[tlx-tma-box-mismatch]'

#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @boxes(%qd: !tt.tensordesc<tensor<128x64xf16, #n>>, %kd: !tt.tensordesc<tensor<64x64xf16, #n>>, %p: !tt.ptr<i8>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %lo = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %bar1 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %bar2 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar2, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    // Must not fire: a 64x64 box into a 64x64 buffer.
    ttng.barrier_expect %bar1, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.async_tma_copy_global_to_local %kd[%c0, %c0] %lo, %bar1, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.wait_barrier %bar1, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    // A box smaller than the buffer, from a descriptor the kernel built.
    %dd = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<tensor<32x64xf16, #n>>
    ttng.barrier_expect %bar2, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
    // CHECK: tlx-tma-box-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-tma-box-mismatch]
    ttng.async_tma_copy_global_to_local %dd[%c0, %c0] %lo, %bar2, %true : !tt.tensordesc<tensor<32x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    // A 128-row host descriptor written into a 64-row buffer.
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
    // CHECK: tlx-tma-box-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-tma-box-mismatch]
    ttng.async_tma_copy_global_to_local %qd[%c0, %c0] %lo, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// CHECK: exit=1
