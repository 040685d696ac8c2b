// Results of a warp_specialize: the values the default region yields with
// ttg.warp_yield become the op's results at the join, so code after the
// warp_specialize that waits with such a phase is decided.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s --arg n=3 | %FileCheck %s

// The default region hands out the parity of the phase it would wait for
// next; the code after the join waits for the last completed one (the other
// parity): it passes.
// CHECK-LABEL: == kernel results_ok: no-deadlock
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @results_ok(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %r = ttg.warp_specialize(%full, %empty, %n)
    default {
      %ph = scf.for %i = %c0 to %n step %c1 iter_args(%p = %c0) -> (i32) : i32 {
        ttng.wait_barrier %full, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %q = arith.xori %p, %c1 : i32
        scf.yield %q : i32
      }
      ttg.warp_yield %ph : i32
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        ttng.wait_barrier %e, %q : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %f, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, i32) -> i32
    %last = arith.xori %r, %c1 : i32
    ttng.wait_barrier %full, %last : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// The same kernel waits after the join with the handed-out parity itself:
// the phase it names never completes (nothing arrives on `full` any more).
// CHECK-LABEL: == kernel results_wrong: deadlock
// CHECK: outside  waits on full for parity 1; its phase 3 (parity 1) is still open
// CHECK: error: kernel results_wrong hangs
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @results_wrong(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %r = ttg.warp_specialize(%full, %empty, %n)
    default {
      %ph = scf.for %i = %c0 to %n step %c1 iter_args(%p = %c0) -> (i32) : i32 {
        ttng.wait_barrier %full, %p : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        %q = arith.xori %p, %c1 : i32
        scf.yield %q : i32
      }
      ttg.warp_yield %ph : i32
    }
    partition0(%f: !ttg.memdesc<1xi64, #s2, #smem2, mutable>, %e: !ttg.memdesc<1xi64, #s2, #smem2, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        ttng.wait_barrier %e, %q : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.arrive_barrier %f, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s2, #smem2, mutable>, !ttg.memdesc<1xi64, #s2, #smem2, mutable>, i32) -> i32
    ttng.wait_barrier %full, %r : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    tt.return
  }
}

// CHECK: exit=1
