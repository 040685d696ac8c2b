// scf.while conditions the interpreter used to leave unknown.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s

// A loop flag carried from `arith.constant true` (which prints no type) is an
// i1: the loop runs once (the body yields false) and its arrive serves the
// wait after it.
// CHECK-LABEL: == kernel flag_once: no-deadlock
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @flag_once() {
    %true = arith.constant true
    %false = arith.constant false
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %r = scf.while (%valid = %true, %j = %c0) : (i1, i32) -> i32 {
      scf.condition(%valid) %j : i32
    } do {
    ^bb0(%k: i32):
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %n = arith.addi %k, %c1 : i32
      scf.yield %false, %n : i1, i32
    }
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// The same loop, with the wait for the phase a second trip would complete:
// the loop runs once, so the wait on parity 1 hangs.
// CHECK-LABEL: == kernel flag_once_waits_twice: deadlock
// CHECK: outside   waits on bar for parity 1; its phase 1 (parity 1) is still open with 1 of 1 arrivals pending
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem1 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @flag_once_waits_twice() {
    %true = arith.constant true
    %false = arith.constant false
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    %r = scf.while (%valid = %true, %j = %c0) : (i1, i32) -> i32 {
      scf.condition(%valid) %j : i32
    } do {
    ^bb0(%k: i32):
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
      %n = arith.addi %k, %c1 : i32
      scf.yield %false, %n : i1, i32
    }
    ttng.wait_barrier %bar, %c1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    tt.return
  }
}

// -----

// A persistent loop over tiles handed out by an atomic counter: the condition
// depends on data, so every trip may be the last. Each trip forks a producer
// that arrives and a consumer that waits, on a barrier initialised per trip:
// no number of trips hangs.
// CHECK-LABEL: == kernel atomic_tiles: no-deadlock (every interleaving of every run below finishes)
// CHECK:       every trip count: not proved ({{.*}}); the verdict holds for the runs above
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @atomic_tiles(%counter: !tt.ptr<i32>, %ntiles: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %pid = tt.get_program_id x : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %last = scf.while (%tile = %pid) : (i32) -> i32 {
      %more = arith.cmpi slt, %tile, %ntiles : i32
      scf.condition(%more) %tile : i32
    } do {
    ^bb0(%t: i32):
      ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      ttg.warp_specialize(%bar)
      default {
        ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttg.warp_yield
      }
      partition0(%b: !ttg.memdesc<1xi64, #s2, #smem2, mutable>) num_warps(1) {
        ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttg.warp_return
      } : (!ttg.memdesc<1xi64, #s2, #smem2, mutable>) -> ()
      ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      %next = tt.atomic_rmw add, acq_rel, gpu, %counter, %c1, %true : (!tt.ptr<i32>, i32, i1) -> i32
      scf.yield %next : i32
    }
    tt.return
  }
}

// -----

// The barrier is initialised once, before the loop, and every trip arrives
// and waits on parity 0: the first trip's wait passes (phase 0 completed), the
// second trip's is never served (phase 2 is open). Whether a second trip
// happens depends on the atomic counter, which the model does not compute,
// so the run is unknown rather than a deadlock it cannot show to be real.
// CHECK-LABEL: == kernel atomic_tiles_stale_parity: unknown
// CHECK-SAME: the kernel hangs on a path that takes a side of a branch on data the model does not compute
#s3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem3 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @atomic_tiles_stale_parity(%counter: !tt.ptr<i32>, %ntiles: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %pid = tt.get_program_id x : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    %last = scf.while (%tile = %pid) : (i32) -> i32 {
      %more = arith.cmpi slt, %tile, %ntiles : i32
      scf.condition(%more) %tile : i32
    } do {
    ^bb0(%t: i32):
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      %next = tt.atomic_rmw add, acq_rel, gpu, %counter, %c1, %true : (!tt.ptr<i32>, i32, i1) -> i32
      scf.yield %next : i32
    }
    tt.return
  }
}

// -----

// A hang before any data branch is still a deadlock: the wait before the
// loop is never served, whatever the counter says.
// CHECK-LABEL: == kernel hang_before_data_loop: deadlock
#s4 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem4 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @hang_before_data_loop(%counter: !tt.ptr<i32>, %ntiles: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
    %first = tt.atomic_rmw add, acq_rel, gpu, %counter, %c1, %true : (!tt.ptr<i32>, i32, i1) -> i32
    %last = scf.while (%tile = %first) : (i32) -> i32 {
      %more = arith.cmpi slt, %tile, %ntiles : i32
      scf.condition(%more) %tile : i32
    } do {
    ^bb0(%t: i32):
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s4, #smem4, mutable>
      %next = tt.atomic_rmw add, acq_rel, gpu, %counter, %c1, %true : (!tt.ptr<i32>, i32, i1) -> i32
      scf.yield %next : i32
    }
    tt.return
  }
}
