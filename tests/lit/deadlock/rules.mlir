// The phase model on small kernels of our own: a benign redundant wait is not
// a hang, a steady-state (cross-iteration) deadlock is found, named barriers
// count threads.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s --arg n=4 | %FileCheck %s

#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory

// A consumer waits twice for the same phase; the second wait is served by the
// phase that already completed (waits consume nothing).
// CHECK-LABEL: == kernel redundant_wait: no-deadlock
// CHECK: rules.mlir:{{[0-9]+}}:{{[0-9]+}}: note: redundant wait: served by a phase this partition already waited for; harmless [redundant-wait]
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @redundant_wait(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %n)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        ttng.wait_barrier %full, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %full, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
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
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// `empty` expects two arrivals per phase but the consumer gives one: the
// first trip passes on the fresh barrier, the producer is stuck on its second
// wait — a steady-state hang no first-iteration audit sees.
// CHECK-LABEL: == kernel steady_state: deadlock
// CHECK: partition0  waits on empty for parity 0; its phase 0 (parity 0) is still open with 1 of 2 arrivals pending
// CHECK: error: kernel steady_state hangs
// CHECK: note: cause: {{.*}}arrival count never reached: empty is initialised with count 2 but its arrive ops give only 1 arrival(s) per phase
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @steady_state(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %empty, 2 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttg.warp_specialize(%full, %empty, %n)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        ttng.wait_barrier %full, %ph : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      }
      ttg.warp_yield
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
    } : (!ttg.memdesc<1xi64, #s2, #smem2, mutable>, !ttg.memdesc<1xi64, #s2, #smem2, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// Named barrier 1 joins 4 + 4 warps = 256 threads; the second kernel asks for
// 384 and nobody else comes.
// CHECK-LABEL: == kernel named_ok: no-deadlock
// CHECK-LABEL: == kernel named_short: deadlock
// CHECK: waits on named barrier 1
// CHECK: note: cause: named barrier 1 thread count never reached: 256 threads arrived and no other partition comes
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @named_ok() {
    ttg.warp_specialize()
    default {
      %id = arith.constant 1 : i32
      %t = arith.constant 256 : i32
      ttng.wait_barrier_named %id, %t : i32, i32
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      %id = arith.constant 1 : i32
      %t = arith.constant 256 : i32
      ttng.wait_barrier_named %id, %t : i32, i32
      ttg.warp_return
    } : () -> ()
    tt.return
  }
  tt.func @named_short() {
    ttg.warp_specialize()
    default {
      %id = arith.constant 1 : i32
      %t = arith.constant 384 : i32
      ttng.wait_barrier_named %id, %t : i32, i32
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      %id = arith.constant 1 : i32
      %t = arith.constant 384 : i32
      ttng.wait_barrier_named %id, %t : i32, i32
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}
// CHECK: exit=1
