// Several warp_specialize ops in one function, one after the other, each with
// its own partitions: every fork is joined before the next starts, and the
// names in findings say which warp_specialize a partition belongs to (by its
// IR line). A warp_specialize inside a partition is not modelled (Triton's
// verifier rejects nesting) and says so.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s --arg n=2 | %FileCheck %s
// RUN: %python %inputs/exit-code.py %tscope deadlock %s --arg n=3 | %FileCheck %s
// RUN: %tscope barriers %s | %FileCheck %s --check-prefix=BARS
// RUN: %python %inputs/exit-code.py %tscope check %s --arg n=2 | %FileCheck %s --check-prefix=CHK

// The barrier report keeps the partitions of the two ops apart and pairs an
// arrive with a wait only inside one op (they never run at the same time);
// `check` does not count them together either.
// BARS-LABEL: == kernel two_ok
// BARS: 2. Barrier dependency graph
// BARS-NEXT: from
// BARS-NEXT: [[WA:ws[0-9]+]].partition0  ->  [[WA]].default     full     forward
// BARS-NEXT: [[WB:ws[0-9]+]].default     ->  [[WB]].partition0  full     forward
// BARS-NEXT: [[WA]].default     ->  [[WA]].partition0  empty    backward
// BARS-NEXT: [[WB]].partition0  ->  [[WB]].default     empty    backward
// BARS-EMPTY:
// BARS: [[WA]].default     wait    -     p      -     -            IR {{[0-9]+}}  [[WA]].partition0 arrive @{{[0-9]+$}}
// BARS: [[WB]].partition0  wait    -     p      -     -            IR {{[0-9]+}}  [[WB]].default arrive @{{[0-9]+$}}
// CHK-NOT: partitions ({{.*}}) arrive on it each phase
// CHK: error: barrier stop is initialised with arrive count 1 but no arrive reaches it
// CHK: note: symptom: kernel second_hangs hangs: [[W2:ws[0-9]+]].partition0 waits on stop
// CHK: exit=1

// Two hand-offs in sequence; the second has its roles swapped and a 2-warp
// partition: both are clean.
// CHECK-LABEL: == kernel two_ok: no-deadlock
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @two_ok(%n: i32) {
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
    // The second warp_specialize continues the phases of the first: the
    // default region now produces, partition0 consumes; both start from the
    // parity the first one handed out (%r: n completed phases so far).
    ttg.warp_specialize(%full, %empty, %n, %r)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %p = arith.andi %i, %c1 : i32
        %a = arith.xori %p, %r : i32
        %w = arith.xori %a, %c1 : i32
        ttng.wait_barrier %empty, %w : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %m: i32, %start: i32) num_warps(2) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %x = scf.for %j = %z to %m step %o iter_args(%p = %start) -> (i32) : i32 {
        ttng.wait_barrier %f, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %q = arith.xori %p, %o : i32
        scf.yield %q : i32
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, i32, i32) -> ()
    tt.return
  }
}

// -----

// The second warp_specialize's partition0 waits on a barrier nothing arrives
// on: the hang names it by its warp_specialize.
// CHECK-LABEL: == kernel second_hangs: deadlock
// CHECK: ws[[#WS2:]].partition0  waits on stop for parity 0
// CHECK: outside  waits for its partitions to return
// The error is at the wait the fix search changes (nothing arrives on stop:
// only a wait that passes at once on the fresh barrier finishes).
// CHECK: error: kernel second_hangs hangs; root cause here: wait on stop for parity 1 instead of 0
// CHECK: note: symptom: kernel second_hangs hangs: ws[[#WS2]].partition0 waits on stop
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @second_hangs(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %go = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %stop = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %go, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %stop, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttg.warp_specialize(%go)
    default {
      ttng.wait_barrier %go, %c0 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      ttg.warp_yield
    }
    partition0(%g: !ttg.memdesc<1xi64, #s2, #smem2, mutable>) num_warps(1) {
      ttng.arrive_barrier %g, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s2, #smem2, mutable>) -> ()
    ttg.warp_specialize(%stop)
    default {
      ttng.wait_barrier %go, %c0 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      ttg.warp_yield
    }
    partition0(%t: !ttg.memdesc<1xi64, #s2, #smem2, mutable>) num_warps(1) {
      %z = arith.constant 0 : i32
      ttng.wait_barrier %t, %z : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s2, #smem2, mutable>) -> ()
    tt.return
  }
}

// -----

// A warp_specialize nested in a partition: Triton's verifier rejects it
// (WarpSpecializeOp::verify); the model says it does not decide it.
// CHECK-LABEL: == kernel nested: unknown
// CHECK: partition0: a warp_specialize inside a warp_specialize partition (IR line {{[0-9]+}}) is not modelled; Triton's verifier rejects nesting
#s3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem3 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @nested(%n: i32) {
    %c0 = arith.constant 0 : i32
    %go = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    ttng.init_barrier %go, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    ttg.warp_specialize(%go)
    default {
      ttng.wait_barrier %go, %c0 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      ttg.warp_yield
    }
    partition0(%g: !ttg.memdesc<1xi64, #s3, #smem3, mutable>) num_warps(4) {
      ttg.warp_specialize(%g)
      default {
        ttg.warp_yield
      }
      partition0(%h: !ttg.memdesc<1xi64, #s3, #smem3, mutable>) num_warps(1) {
        ttng.arrive_barrier %h, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
        ttg.warp_return
      } : (!ttg.memdesc<1xi64, #s3, #smem3, mutable>) -> ()
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s3, #smem3, mutable>) -> ()
    tt.return
  }
}

// CHECK: exit=1
