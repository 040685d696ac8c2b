// The ignoring problem of the partial-order reduction (docs/Deadlock.md,
// "Fewer interleavings"): the default region waits again and again on a
// phase that has completed (a zero-step loop), which touches only x, so the
// reduced set can be the default region alone at every state, round a cycle
// of one state. partition0, left out there every time, would never move,
// and its second arrive, which over-arrives on y, would never be built: the
// search would end with no interleaving finishing and no fault. The cycle
// condition finds partition0 left out all the way round that cycle, expands
// the state in full, and the over-arrival is found, as without the
// reduction.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s
// RUN: %python %inputs/exit-code.py %tscope deadlock --no-reduction %s | %FileCheck %s
// RUN: %tscope races %s | %FileCheck %s --check-prefix=RACES
// CHECK: == kernel ignored_partition: trap (no interleaving hangs, but one over-arrives on an mbarrier: the GPU faults)
// CHECK: error: kernel ignored_partition faults: partition0's arrive on y: phase 1 has 1 of 1 arrivals pending, so 2 more would take its pending count below zero [mbarrier-overarrive]
// CHECK: exit=1
// RACES: run (no integer arguments): no-race (7 states, an mbarrier over-arrival: see tscope deadlock)
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @ignored_partition() {
    %c0 = arith.constant 0 : i32
    %c10 = arith.constant 10 : i32
    %x = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %y = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %x, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %y, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.arrive_barrier %x, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%x, %y)
    default {
      scf.for %i = %c0 to %c10 step %c0 : i32 {
        ttng.wait_barrier %x, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%a: !ttg.memdesc<1xi64, #s, #smem, mutable>, %b: !ttg.memdesc<1xi64, #s, #smem, mutable>) num_warps(1) {
      ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %b, 2 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>) -> ()
    tt.return
  }
}
