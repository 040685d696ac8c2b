// tlx-tma-box-mismatch on hand-written TTGIR of our own: a tiled TMA load
// writes its descriptor's whole block (the box), whatever the destination
// buffer's size, and completes the box's bytes on its barrier. The shape of
// Triton 3.6's Hopper automatic warp specialization with a host-side
// descriptor: the 128-row tile is loaded as two 64-row halves through the
// unchanged 128-row descriptor (tests/fixtures/tl_attn_ws_h hangs on the H200).
// An expect that counts the buffers is not reported again as an
// expect-bytes mismatch: the box is the one cause.
// RUN: %python %inputs/exit-code.py %tscope lint %s | %FileCheck %s --implicit-check-not=tlx-
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s --check-prefix=DL

#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @halves(%qd: !tt.tensordesc<tensor<128x64xf16, #n>>, %p: !tt.ptr<i8>) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %true = arith.constant true
    %lo = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %hi = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %bar1 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
// CHECK: tma-box.mlir:[[@LINE+1]]:5: error: TMA load writes its descriptor's 128x64xf16 box (16384 bytes) into lo 64x64xf16 (8192 bytes): it writes 8192 bytes past the buffer, {{.*}} its wait hangs, or passes before the copy has landed; the descriptor is a kernel argument, its block fixed when the host made it, and the compiler tiled this load as [64, 64] without resizing it {{.*}}build the descriptor in the kernel (tl.make_tensor_descriptor){{.*}} [tlx-tma-box-mismatch]
    ttng.async_tma_copy_global_to_local %qd[%c0, %c0] %lo, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.barrier_expect %bar1, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
// CHECK: tma-box.mlir:[[@LINE+1]]:5: error: TMA load writes its descriptor's 128x64xf16 box (16384 bytes) into hi 64x64xf16 {{.*}} [tlx-tma-box-mismatch]
    ttng.async_tma_copy_global_to_local %qd[%c64, %c0] %hi, %bar1, %true : !tt.tensordesc<tensor<128x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
// DL: expected on the GPU: hang: no schedule finishes; and the TMA load at IR 29 writes 8192 bytes past its buffer, over the shared memory after it: a fault or corrupted data may come first
// DL: tma-box.mlir:[[@LINE+1]]:5: error: kernel halves hangs{{.*}} [deadlock]
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.wait_barrier %bar1, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %x = ttg.local_load %lo : !ttg.memdesc<64x64xf16, #n, #smem, mutable> -> tensor<64x64xf16, #b>
    // A descriptor the kernel builds: the advice is its block shape.
    %dd = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<tensor<32x64xf16, #n>>
    %bar2 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar2, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.barrier_expect %bar2, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
// CHECK: tma-box.mlir:[[@LINE+1]]:5: error: TMA load writes its descriptor's 32x64xf16 box (4096 bytes) into lo 64x64xf16 (8192 bytes): it fills 4096 of the buffer's bytes, and a phase that expects the buffer's size never completes (a hang); make the descriptor's block shape [64, 64] [tlx-tma-box-mismatch]
    ttng.async_tma_copy_global_to_local %dd[%c0, %c0] %lo, %bar2, %true : !tt.tensordesc<tensor<32x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.wait_barrier %bar2, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// CHECK: tma-box.mlir: 3 errors, 0 warnings, 0 notes
// CHECK: exit=1

// The model delivers the box too: 16384 bytes complete on an expect of 8192,
// so the phase the first wait needs never completes.
// DL: cause: transaction bytes over-delivered: bar received 8192 bytes more than its expect-tx announced
// DL: issues TMA load of 16384 bytes on bar (its descriptor's box; the buffer holds 8192)
// DL: exit=1
