// Check id `tlx-barrier-init-without-inval` (note): an mbarrier initialised,
// never invalidated, and its memory reused (local_dealloc). The note sits on
// the init.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --implicit-check-not='[tlx-barrier-init-without-inval]'

#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @reuse() {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    // CHECK: tlx-barrier-init-without-inval.mlir:[[@LINE+1]]:{{[0-9]+}}: note: {{.*}}[tlx-barrier-init-without-inval]
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.local_dealloc %bar : !ttg.memdesc<1xi64, #s, #smem, mutable>
    // Must not fire: invalidated before the dealloc.
    %bar2 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar2, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.arrive_barrier %bar2, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.wait_barrier %bar2, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.inval_barrier %bar2 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.local_dealloc %bar2 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    // Must not fire: never invalidated, but its memory is never reused.
    %bar3 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar3, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.arrive_barrier %bar3, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.wait_barrier %bar3, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// A note is not an error.
// CHECK: exit=0
