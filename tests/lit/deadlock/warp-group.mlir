// nvws.warp_group (between tritongpu-partition-loops and nvws-lower-warp-group
// in an autoWS pass log): each region is a group of warps run as its own
// process, as the warp_specialize nvws-lower-warp-group makes of it; the
// first region's nvws.warp_group.yield gives the op's results at the join
// (docs/Deadlock.md, "warp_specialize shapes").
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// partition1 waits for partition0's arrive; the code after the op waits on a
// phase partition0 hands out through the yield.
// CHECK-LABEL: == kernel handoff: no-deadlock (every interleaving finishes, at every trip count (proof below))
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @handoff() {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %next = nvws.warp_group
    partition0 num_warps(4) {
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      nvws.warp_group.yield %c1 : i32
    }
    partition1 num_warps(4) {
      ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      nvws.warp_group.return
    }
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %p = arith.subi %next, %c0 : i32
    ttng.wait_barrier %bar, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// The same with the arrive in partition0 dropped: partition1 waits forever.
// CHECK-LABEL: == kernel no_arrive: deadlock
// CHECK: partition1{{ +}}waits on bar for parity 0
// CHECK: outside{{ +}}starts 2 partitions
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @no_arrive() {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    nvws.warp_group
    partition0 num_warps(4) {
      nvws.warp_group.return
    }
    partition1 num_warps(4) {
      ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      nvws.warp_group.return
    }
    tt.return
  }
}
