// AMD's LDS mbarriers (amdg.init_barrier, arrive_barrier, wait_barrier,
// async_copy_mbarrier_arrive; TritonAMDGPUOps.td) follow the mbarrier rules:
// a pipeline whose waits are served is clean, one whose arrivals do not reach
// the init count hangs; an arrival past the count is left unknown.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s --arg n=4 | %FileCheck %s

// A producer/consumer ring over one AMD barrier pair: the consumer waits on
// `full` for the trip's parity and frees the slot on `empty`.
// CHECK-LABEL: == kernel amd_ring: no-deadlock
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250"} {
  tt.func @amd_ring(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    amdg.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    amdg.init_barrier %empty, 2 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %n)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        amdg.wait_barrier %full, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %r = amdg.arrive_barrier %empty, 2 : !ttg.memdesc<1xi64, #s, #smem, mutable> -> i32
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        amdg.wait_barrier %e, %q : !ttg.memdesc<1xi64, #s, #smem, mutable>
        amdg.async_copy_mbarrier_arrive %f : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// The same ring with `empty` expecting two arrivals and the consumer giving
// one (count 1): the producer's second wait on `empty` is never served.
// CHECK-LABEL: == kernel amd_ring_short: deadlock
// CHECK: partition0  waits on empty for parity 0; its phase 0 (parity 0) is still open with 1 of 2 arrivals pending
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem1 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250"} {
  tt.func @amd_ring_short(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    amdg.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    amdg.init_barrier %empty, 2 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    ttg.warp_specialize(%full, %empty, %n)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        amdg.wait_barrier %full, %ph : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
        %r = amdg.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable> -> i32
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s1, #smem1, mutable>, %e: !ttg.memdesc<1xi64, #s1, #smem1, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        amdg.wait_barrier %e, %q : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
        amdg.async_copy_mbarrier_arrive %f : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s1, #smem1, mutable>, !ttg.memdesc<1xi64, #s1, #smem1, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// One program: an arrive completes phase 0, so a wait on parity 0 passes; a
// second wait for parity 1 has no arrival to complete phase 1 and hangs.
// CHECK-LABEL: == kernel amd_wait_unserved: deadlock
// CHECK: outside   waits on bar for parity 1; its phase 1 (parity 1) is still open with 1 of 1 arrivals pending
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250"} {
  tt.func @amd_wait_unserved() {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    amdg.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %p = amdg.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable> -> i32
    amdg.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    amdg.wait_barrier %bar, %c1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    tt.return
  }
}

// -----

// The lowering compares the barrier's 1-bit phase with the whole i32 operand:
// a wait for phase 2 never spins, though parity 0 would (phase 0 is open).
// CHECK-LABEL: == kernel amd_wait_phase_two: no-deadlock
#s3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem3 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250"} {
  tt.func @amd_wait_phase_two() {
    %c2 = arith.constant 2 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    amdg.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    amdg.wait_barrier %bar, %c2 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    tt.return
  }
}

// -----

// Two arrivals of count 1 on a barrier initialised with count 1, with no wait
// between them, complete phase 0 and phase 1. An arrive of count 2 then takes
// the pending count below zero, which the AMD op definition leaves undefined
// (and no fault is measured on AMD hardware): unknown, not a trap.
// CHECK-LABEL: == kernel amd_overarrive: unknown
// CHECK-SAME: an arrive on an AMD barrier (amdg.arrive_barrier at IR line [[@LINE+9]]) takes its pending count below zero, which TritonAMDGPUOps.td does not define
#s4 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem4 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250"} {
  tt.func @amd_overarrive() {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    amdg.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    %a = amdg.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s4, #smem4, mutable> -> i32
    %b = amdg.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s4, #smem4, mutable> -> i32
    %c = amdg.arrive_barrier %bar, 2 : !ttg.memdesc<1xi64, #s4, #smem4, mutable> -> i32
    tt.return
  }
}

// -----

// The phase an arrive returns is not interpreted: a wait on it is unknown,
// not guessed.
// CHECK-LABEL: == kernel amd_wait_on_returned_phase: unknown
// CHECK-SAME: the parity of wait_barrier at IR line {{[0-9]+}} is unknown
#s5 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem5 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250"} {
  tt.func @amd_wait_on_returned_phase() {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s5, #smem5, mutable>
    amdg.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s5, #smem5, mutable>
    %p = amdg.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s5, #smem5, mutable> -> i32
    amdg.wait_barrier %bar, %p : !ttg.memdesc<1xi64, #s5, #smem5, mutable>
    tt.return
  }
}

// -----

// An op on an AMD barrier that tscope has no rule for (reading its phase)
// still stops the run.
// CHECK-LABEL: == kernel amd_read_phase: unknown
// CHECK-SAME: amdg.read_barrier_phase (IR line {{[0-9]+}}) uses an mbarrier and is not modelled
#s6 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem6 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250"} {
  tt.func @amd_read_phase() {
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s6, #smem6, mutable>
    amdg.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s6, #smem6, mutable>
    %p = "amdg.read_barrier_phase"(%bar) : (!ttg.memdesc<1xi64, #s6, #smem6, mutable>) -> i32
    amdg.wait_barrier %bar, %p : !ttg.memdesc<1xi64, #s6, #smem6, mutable>
    tt.return
  }
}

// -----

// A TDM copy that signals a barrier on completion (`barrier = %bar`) has no
// rule: the wait after it is not decided, although the op's printed type is
// its buffer's memdesc (it is no view).
// CHECK-LABEL: == kernel amd_tdm_barrier: unknown
// CHECK-SAME: amdg.async_tdm_copy_global_to_local (IR line [[@LINE+9]]) uses an mbarrier and is not modelled
#s7 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem7 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250"} {
  tt.func @amd_tdm_barrier(%a: !tt.tensordesc<32x32xf32>) {
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #s7, #smem7, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s7, #smem7, mutable>
    amdg.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s7, #smem7, mutable>
    %t = amdg.async_tdm_copy_global_to_local %a into %buf, barrier = %bar : !tt.tensordesc<32x32xf32>, !ttg.memdesc<1xi64, #s7, #smem7, mutable> -> !ttg.memdesc<32x32xf32, #s7, #smem7, mutable>
    amdg.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s7, #smem7, mutable>
    tt.return
  }
}
