// tlx-barrier-init-count on hand-written TTGIR of our own: an mbarrier's init
// count must admit the arrivals of every partition that arrives each phase,
// and must be reachable by the arrivals that exist.
// RUN: %python %inputs/exit-code.py %tscope lint %s | %FileCheck %s --implicit-check-not=tlx-

// Two 1-warp partitions release `empty` every iteration but it is initialised
// with count 1: the second arrival spills into the next phase.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @two_consumers(%n: i32) {
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
// CHECK: barrier-init-count.mlir:[[@LINE+1]]:5: error: barrier empty is initialised with arrive count 1 but 2 partitions (partition0, partition1) arrive on it each phase, 2 arrivals in all: the phase completes before the last of them and the rest spill into the next phase; initialise it with arrive_count=2 [tlx-barrier-init-count]
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
// CHECK-NEXT: ttng.init_barrier
// CHECK-NEXT: ^
// CHECK-NEXT: barrier-init-count.mlir:[[@LINE+17]]:{{[0-9]+}}: note: partition0 arrives on empty (IR [[@LINE+17]])
// CHECK-NEXT: barrier-init-count.mlir:[[@LINE+24]]:{{[0-9]+}}: note: partition1 arrives on empty (IR [[@LINE+24]])
    ttg.warp_specialize(%empty, %n)
    default {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      scf.for %i = %c0 to %n step %c1 : i32 {
        %p = arith.andi %i, %c1 : i32
        %q = arith.xori %p, %c1 : i32
        ttng.wait_barrier %empty, %q : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      scf.for %j = %c0 to %m step %c1 : i32 {
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    }
    partition1(%e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      scf.for %j = %c0 to %m step %c1 : i32 {
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// The same with count 2, and a barrier array whose slot 0 is released by
// partition0 and slot 1 by partition1 (constant slots, count 1 each): clean.
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @counts_match(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %empty, 2 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %pair = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>
    %p0 = ttg.memdesc_index %pair[%c0] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %p0, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %p1 = ttg.memdesc_index %pair[%c1] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %p1, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttg.warp_specialize(%empty, %pair, %n)
    default {
      ttg.warp_yield
    }
    partition0(%e: !ttg.memdesc<1xi64, #s2, #smem2, mutable>, %pr: !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        %b = ttg.memdesc_index %pr[%z] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      }
      ttg.warp_return
    }
    partition1(%e: !ttg.memdesc<1xi64, #s2, #smem2, mutable>, %pr: !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        %b = ttg.memdesc_index %pr[%o] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s2, #smem2, mutable>, !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// `done` waits for two arrivals but only one arrive exists and none is in a
// loop: the wait hangs. `ok` gets its one arrival.
#s3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem3 = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @unreachable_count() {
    %c0 = arith.constant 0 : i32
    %done = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
// CHECK: barrier-init-count.mlir:[[@LINE+1]]:5: error: barrier done is initialised with arrive count 2 but at most 1 arrival reaches it (none is in a loop): its first phase never completes and every wait on it hangs; initialise it with arrive_count=1 or add the missing arrive [tlx-barrier-init-count]
    ttng.init_barrier %done, 2 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    %ok = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    ttng.init_barrier %ok, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    ttg.warp_specialize(%done, %ok)
    default {
      %z = arith.constant 0 : i32
      ttng.wait_barrier %done, %z : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      ttng.wait_barrier %ok, %z : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      ttg.warp_yield
    }
    partition0(%d: !ttg.memdesc<1xi64, #s3, #smem3, mutable>, %k: !ttg.memdesc<1xi64, #s3, #smem3, mutable>) num_warps(1) {
      ttng.arrive_barrier %d, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      ttng.arrive_barrier %k, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s3, #smem3, mutable>, !ttg.memdesc<1xi64, #s3, #smem3, mutable>) -> ()
    tt.return
  }
}

// -----

// Triton's automatic warp specialization prints the constants it tags with
// the attribute dictionary before the value (`arith.constant {async_task_id =
// ...} 0 : i32`). Slot 0 of the 3-slot `qbar` is the only one used (its
// expect arrives once); slots 1 and 2 are initialised and never waited on,
// which is harmless: no finding. Slot 1 of `kbar` is waited on through such a
// constant and nothing arrives on it: the error names slot 1 only.
#s4 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem4 = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @tagged_constants() {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %qbar = ttg.local_alloc : () -> !ttg.memdesc<3x1xi64, #s4, #smem4, mutable>
    %q0 = ttg.memdesc_index %qbar[%c0] : !ttg.memdesc<3x1xi64, #s4, #smem4, mutable> -> !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    ttng.init_barrier %q0, 1 : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    %q1 = ttg.memdesc_index %qbar[%c1] : !ttg.memdesc<3x1xi64, #s4, #smem4, mutable> -> !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    ttng.init_barrier %q1, 1 : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    %q2 = ttg.memdesc_index %qbar[%c2] : !ttg.memdesc<3x1xi64, #s4, #smem4, mutable> -> !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    ttng.init_barrier %q2, 1 : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    %kbar = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s4, #smem4, mutable>
    %k0 = ttg.memdesc_index %kbar[%c0] : !ttg.memdesc<2x1xi64, #s4, #smem4, mutable> -> !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    ttng.init_barrier %k0, 1 : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    %k1 = ttg.memdesc_index %kbar[%c1] : !ttg.memdesc<2x1xi64, #s4, #smem4, mutable> -> !ttg.memdesc<1xi64, #s4, #smem4, mutable>
// CHECK: barrier-init-count.mlir:[[@LINE+1]]:5: error: barrier kbar[1] is initialised with arrive count 1 but no arrive reaches it (none is in a loop): its first phase never completes and every wait on it hangs; add the arrive that releases it [tlx-barrier-init-count]
    ttng.init_barrier %k1, 1 : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    ttg.warp_specialize(%qbar, %kbar)
    default {
      %t0 = arith.constant {async_task_id = array<i32: 0>} 0 : i32
      %b = ttg.memdesc_index %qbar[%t0] {async_task_id = array<i32: 0>} : !ttg.memdesc<3x1xi64, #s4, #smem4, mutable> -> !ttg.memdesc<1xi64, #s4, #smem4, mutable>
      %true = arith.constant {async_task_id = array<i32: 0>} true
      ttng.barrier_expect %b, 0 {async_task_id = array<i32: 0>}, %true : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
      %kb = ttg.memdesc_index %kbar[%t0] {async_task_id = array<i32: 0>} : !ttg.memdesc<2x1xi64, #s4, #smem4, mutable> -> !ttg.memdesc<1xi64, #s4, #smem4, mutable>
      ttng.arrive_barrier %kb, 1 {async_task_id = array<i32: 0>} : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
      ttg.warp_yield
    }
    partition0(%qa: !ttg.memdesc<3x1xi64, #s4, #smem4, mutable>, %ka: !ttg.memdesc<2x1xi64, #s4, #smem4, mutable>) num_warps(1) {
      %t0 = arith.constant {async_task_id = array<i32: 1>} 0 : i32
      %t1 = arith.constant {async_task_id = array<i32: 1>} 1 : i32
      %w = ttg.memdesc_index %qa[%t0] {async_task_id = array<i32: 1>} : !ttg.memdesc<3x1xi64, #s4, #smem4, mutable> -> !ttg.memdesc<1xi64, #s4, #smem4, mutable>
      ttng.wait_barrier %w, %t0 {async_task_id = array<i32: 1>} : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
      %kw = ttg.memdesc_index %ka[%t1] {async_task_id = array<i32: 1>} : !ttg.memdesc<2x1xi64, #s4, #smem4, mutable> -> !ttg.memdesc<1xi64, #s4, #smem4, mutable>
      ttng.wait_barrier %kw, %t0 {async_task_id = array<i32: 1>} : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<3x1xi64, #s4, #smem4, mutable>, !ttg.memdesc<2x1xi64, #s4, #smem4, mutable>) -> ()
    tt.return
  }
}

// CHECK: barrier-init-count.mlir: 3 errors, 0 warnings, 0 notes
// CHECK: exit=1
