// A loop with no barrier operation that comes back to exactly the same state
// (program point, loop counters, every live value) never ends: the process
// computes the same steps again and again whatever the other partitions do,
// so the kernel hangs. tscope finds the repeat by running the loop one op at
// a time (Brent's cycle search, up to 400,000 ops) when a process runs long
// without an event (docs/Deadlock.md, "Loops that never end").
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// The exit test reads an input the loop never changes: a launch with
// %stop false spins forever, the arrive after the loop never comes, and the
// wait in partition0 never passes.
// CHECK-LABEL: == kernel spin_on_input: deadlock
// CHECK: default{{ +}}loops forever: it comes back to the same state at scf.condition (IR line [[@LINE+14]]) with no barrier operation in between
// CHECK: cause: default loops forever (every value it computes comes back the same with no barrier operation in between), so the kernel never finishes
// CHECK: default{{ +}}takes the true side of scf.condition on unbound %go
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @spin_on_input(%stop: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%bar)
    default {
      %w = scf.while (%i = %c0) : (i32) -> i32 {
        %go = arith.xori %stop, %true : i1
        scf.condition(%go) %i : i32
      } do {
      ^bb0(%j: i32):
        %k = arith.andi %j, %c1 : i32
        scf.yield %k : i32
      }
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<1xi64, #s, #smem, mutable>) num_warps(1) {
      ttng.wait_barrier %b, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>) -> ()
    tt.return
  }
}

// -----

// A counter that moves every trip never repeats within the budget: the run
// stays unknown with the budget's reason (no guess either way).
// CHECK-LABEL: == kernel counter_forever: unknown
// CHECK-SAME: runs 2000000 ops without reaching a barrier (an unbounded loop?)
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @counter_forever() {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %w = scf.while (%i = %c0) : (i32) -> i32 {
      scf.condition(%true) %i : i32
    } do {
    ^bb0(%j: i32):
      %k = arith.addi %j, %c1 : i32
      scf.yield %k : i32
    }
    tt.return
  }
}

// -----

// A zero step never ends the loop (its lowering keeps `iv + 0 < ub`); with a
// barrier operation inside, the search sees every state and none where the
// kernel ends: not clean, not a reported hang either (no livelock trace yet).
// CHECK-LABEL: == kernel livelock: unknown
// CHECK-SAME: no interleaving finishes: every run goes round a cycle of states
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @livelock() {
    %c0 = arith.constant 0 : i32
    %c10 = arith.constant 10 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    scf.for %i = %c0 to %c10 step %c0 : i32 {
      ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    }
    tt.return
  }
}
