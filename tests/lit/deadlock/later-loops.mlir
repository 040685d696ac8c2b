// Loops that start again (docs/Deadlock.md, "Every trip count", checks (3)
// and (4)). A fold shifts the trip counters of the loops running in its
// target; a loop of the same count that starts later, or a decision on the
// count once it is fixed, would behave otherwise in the shifted state.
// Before these checks the proof claimed every n for later_loop (hangs for
// 10 <= n < 64) and after_loop (hangs at n = 9), and with --arg the claim
// replaced the run that hangs.
// RUN: %tscope deadlock %s | %FileCheck %s
// RUN: not %tscope deadlock --arg n=10 %s | %FileCheck %s --check-prefix=N10
// RUN: not %tscope deadlock --arg n=9 %s | %FileCheck %s --check-prefix=N9
// RUN: %tscope races %s | %FileCheck %s --check-prefix=RACES

// A second loop over n hangs for 10 <= n < 64 (one arrive at j = 9, the
// second at j = 63): not proved, and at n = 10 the run hangs.
// CHECK-LABEL: == kernel later_loop: no-deadlock (every interleaving of every run below finishes)
// CHECK:       every trip count: not proved ({{.*}}); the verdict holds for the runs above
// N10-LABEL:   == kernel later_loop: deadlock
// N10-NEXT:    expected on the GPU: hang
// N10-NEXT:    run n=10: deadlock
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @later_loop(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c9 = arith.constant 9 : i32
    %c63 = arith.constant 63 : i32
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %a = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %a, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %x = ttg.memdesc_index %bars[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %x, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %ph = arith.andi %i, %c1 : i32
      ttng.arrive_barrier %a, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %a, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
    }
    scf.for %j = %c0 to %n step %c1 : i32 {
      %at9 = arith.cmpi eq, %j, %c9 : i32
      %at63 = arith.cmpi eq, %j, %c63 : i32
      %either = arith.ori %at9, %at63 : i1
      ttng.arrive_barrier %x, 1, %either : !ttg.memdesc<1xi64, #s, #smem, mutable>
    }
    ttng.wait_barrier %x, %c1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// A decision on the count after its loop (`cnt == 9`): the count keeps
// moving once fixed, so the proof stops there.
// CHECK-LABEL: == kernel after_loop: no-deadlock (every interleaving of every run below finishes)
// CHECK:       every trip count: not proved (outside: scf.if at line [[#]]: a decision depends on a loop counter in a way no shift of the trip count carries); the verdict holds for the runs above
// N9-LABEL:    == kernel after_loop: deadlock
// N9:          run n=9: deadlock
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @after_loop(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c9 = arith.constant 9 : i32
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %a = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %a, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %x = ttg.memdesc_index %bars[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %x, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %cnt = scf.for %i = %c0 to %n step %c1 iter_args(%c = %c0) -> (i32) : i32 {
      %ph = arith.andi %i, %c1 : i32
      ttng.arrive_barrier %a, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %a, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %c2 = arith.addi %c, %c1 : i32
      scf.yield %c2 : i32
    }
    %at9 = arith.cmpi eq, %cnt, %c9 : i32
    scf.if %at9 {
      ttng.wait_barrier %x, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    }
    tt.return
  }
}

// -----

// Two rings over n in a row: the second loop starts a new trip count (its
// process left a loop of it, and nothing else runs one), so the fold in the
// first does not reach a start of the count it shifts: proved.
// CHECK-LABEL: == kernel two_rings: no-deadlock (every interleaving finishes, at every trip count (proof below))
// CHECK-NEXT:  every trip count: proved for every value of %n
// N10-LABEL:   == kernel two_rings: no-deadlock
// RACES-LABEL: == kernel two_rings: no-race (every access is ordered in every interleaving, at every trip count{{.*}}
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @two_rings(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c9 = arith.constant 9 : i32
    %c63 = arith.constant 63 : i32
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %a = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %a, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %x = ttg.memdesc_index %bars[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %x, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %ph = arith.andi %i, %c1 : i32
      ttng.arrive_barrier %a, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %a, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
    }
    scf.for %j = %c0 to %n step %c1 : i32 {
      %q = arith.andi %j, %c1 : i32
      ttng.arrive_barrier %x, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %x, %q : !ttg.memdesc<1xi64, #s, #smem, mutable>
    }
    tt.return
  }
}
