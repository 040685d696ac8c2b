// tlx-barrier-init-without-inval on hand-written TTGIR of our own: a barrier
// whose memory is released (local_dealloc) without mbarrier.inval gets a note.
// RUN: %python %inputs/exit-code.py %tscope lint %s | %FileCheck %s --implicit-check-not=tlx-

#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @reuse() {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
// CHECK: init-without-inval.mlir:[[@LINE+2]]:5: note: barrier bar is initialised but never invalidated, and its memory is reused (local_dealloc releases its memory): mbarrier.inval must come before the memory is repurposed; add ttng.inval_barrier after its last use [tlx-barrier-init-without-inval]
// CHECK: init-without-inval.mlir:[[@LINE+4]]:{{[0-9]+}}: note: local_dealloc releases its memory (IR [[@LINE+4]])
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.local_dealloc %bar : !ttg.memdesc<1xi64, #s, #smem, mutable>
    // Invalidated before the dealloc: fine.
    %bar2 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar2, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.arrive_barrier %bar2, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.wait_barrier %bar2, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.inval_barrier %bar2 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.local_dealloc %bar2 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// A note is not an error: exit 0.
// CHECK: init-without-inval.mlir: 0 errors, 0 warnings, 1 note
// CHECK: exit=0
