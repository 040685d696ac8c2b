// tlx-expect-bytes-mismatch on hand-written TTGIR of our own: the bytes a
// barrier_expect announces must equal the destination bytes of the TMA loads
// that complete on that barrier in the same phase.
// RUN: %python %inputs/exit-code.py %tscope lint %s | %FileCheck %s --implicit-check-not=tlx-

#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @loads(%ad: !tt.tensordesc<tensor<128x64xf16, #n>>, %bd: !tt.tensordesc<tensor<64x64xf16, #n>>, %k: i32, %p: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %true = arith.constant true
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #n, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #n, #smem, mutable>
    %ready = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #s, #smem, mutable>
    scf.for %i = %c0 to %k step %c1 : i32 {
      %slot = arith.remsi %i, %c3 : i32
      %bar = ttg.memdesc_index %ready[%slot] : !ttg.memdesc<3x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      %as = ttg.memdesc_index %a[%slot] : !ttg.memdesc<3x128x64xf16, #n, #smem, mutable> -> !ttg.memdesc<128x64xf16, #n, #smem, mutable>
      %bs = ttg.memdesc_index %b[%slot] : !ttg.memdesc<3x64x64xf16, #n, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
      // 16384 + 8192 = 24576 bytes: matches.
      ttng.barrier_expect %bar, 24576, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.async_tma_copy_global_to_local %ad[%c0, %i] %as, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<128x64xf16, #n, #smem, mutable>
      ttng.async_tma_copy_global_to_local %bd[%i, %c0] %bs, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
      ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
// CHECK: expect-bytes.mlir:[[@LINE+1]]:7: error: barrier_expect announces 32768 bytes on ready[slot(i,3)] but the TMA loads on it in this phase deliver 24576 (a 128x64xf16 = 16384 B, b 64x64xf16 = 8192 B): the transaction count never drains and every wait on the phase hangs; expect 24576 bytes [tlx-expect-bytes-mismatch]
      ttng.barrier_expect %bar, 32768, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.async_tma_copy_global_to_local %ad[%c0, %i] %as, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<128x64xf16, #n, #smem, mutable>
      ttng.async_tma_copy_global_to_local %bd[%i, %c0] %bs, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
      ttng.wait_barrier %bar, %c1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
// CHECK: expect-bytes.mlir:[[@LINE+1]]:7: error: barrier_expect announces 16384 bytes on ready[slot(i,3)] but the TMA loads on it in this phase deliver 24576 {{.*}}: the phase can complete before the last load lands, and the consumer reads a partly written buffer; the bytes left over count against the next phase, whose wait then never passes; expect 24576 bytes [tlx-expect-bytes-mismatch]
      ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.async_tma_copy_global_to_local %ad[%c0, %i] %as, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<128x64xf16, #n, #smem, mutable>
      ttng.async_tma_copy_global_to_local %bd[%i, %c0] %bs, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
      ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      // Not judged: the second load is conditional, so the phase's bytes
      // depend on %p.
      ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.async_tma_copy_global_to_local %ad[%c0, %i] %as, %bar, %true : !tt.tensordesc<tensor<128x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<128x64xf16, #n, #smem, mutable>
      scf.if %p {
        ttng.async_tma_copy_global_to_local %bd[%i, %c0] %bs, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
      }
      ttng.wait_barrier %bar, %c1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    }
    tt.return
  }
}

// CHECK: expect-bytes.mlir: 2 errors, 0 warnings, 0 notes
// CHECK: exit=1
