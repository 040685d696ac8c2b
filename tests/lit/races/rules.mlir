// The race checker's rules on small kernels of our own: an ordered hand-off
// and the benign redundant acquire must not fire; counter drift and one
// release for two readers must.
// RUN: %python %inputs/exit-code.py %tscope races %s --arg n=4 | %FileCheck %s

// A one-slot hand-off, done right: the producer waits for `empty` before
// each store, the consumer waits for `full` before each load and releases.
// CHECK-LABEL: == kernel handoff_ok: no-race (every access is ordered in every interleaving, at every trip count (proof below))
// CHECK-NEXT: every trip count: proved for every value of %n
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @handoff_ok(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %buf, %n)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        %pe = arith.xori %ph, %c1 : i32
        ttng.wait_barrier %empty, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.local_store %v, %buf : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.arrive_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        ttng.wait_barrier %f, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %d : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<32xf32, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// The benign redundant acquire: the consumer waits twice on `full` for the
// same phase; the second wait is served by the phase already complete, and
// every access stays ordered (proved over every interleaving).
// CHECK-LABEL: == kernel redundant_acquire: no-race
// CHECK: rules.mlir:{{[0-9]+}}:{{[0-9]+}}: note: redundant wait: served by a phase this partition already waited for; harmless [redundant-wait]
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @redundant_acquire(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %buf, %n)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        %pe = arith.xori %ph, %c1 : i32
        ttng.wait_barrier %empty, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.local_store %v, %buf : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.arrive_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        ttng.wait_barrier %f, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %f, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %d : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<32xf32, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// Counter drift: the consumer's parity is one round ahead, so its first wait
// passes on the fresh `full` barrier and it reads the buffer no write filled.
// CHECK-LABEL: == kernel drift: race
// CHECK: race on buf:
// CHECK-NEXT: earlier: default                write (ttg.local_store)
// CHECK-NEXT: later:   partition0             read (ttg.local_load)
// The race is reported at the consumer's wait, the op the proven fix changes.
// CHECK-NEXT: rules.mlir:[[@LINE+34]]:9: error: kernel drift: race on buf; root cause here: flip the parity of the wait on full (drop the ^ 1: phase ^ 1 -> phase) [race]
// CHECK: rules.mlir:[[@LINE+34]]:9: note: symptom: kernel drift: race on buf: partition0's read (ttg.local_load) is not ordered after default's write (ttg.local_store)
// CHECK: rules.mlir:[[@LINE+21]]:9: note: the earlier access: default's write (ttg.local_store) (IR [[@LINE+21]])
// CHECK-NEXT: note: reason: partition0's last wait, on full (IR {{[0-9]+}}), passed on a fresh barrier (phase 0 still open: a wait on parity 1 passes at once){{.*}}: partition0 reads buf that no write it waited for has filled since default's write; a wait passed on the phase of an earlier round: its counter is not in step with the barrier
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @drift(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %buf, %n)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        %pe = arith.xori %ph, %c1 : i32
        ttng.wait_barrier %empty, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.local_store %v, %buf : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.arrive_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        ttng.wait_barrier %f, %q : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %d : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<32xf32, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// One release for two readers: both consumers read the buffer, only the
// first arrives on `empty`, so the producer overwrites it under the second.
// CHECK-LABEL: == kernel one_release_two_readers: race
// CHECK: race on buf:
// CHECK-NEXT: earlier: default                write (ttg.local_store)
// CHECK-NEXT: later:   partition1             read (ttg.local_load)
// CHECK: note: reason: {{.*}}default's last wait, on empty (IR {{[0-9]+}}), passed on the completion of its phase 0: partition1 reads buf that no write it waited for has filled since default's write; no arrival of partition1 completes empty, so its access is released to no one (one release for two users?)
// CHECK: 9. partition1  waits on full parity 0: passes (phase 1 is current)
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @one_release_two_readers(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %buf, %n)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        %pe = arith.xori %ph, %c1 : i32
        ttng.wait_barrier %empty, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.local_store %v, %buf : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.arrive_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        ttng.wait_barrier %f, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %d : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    }
    partition1(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        ttng.wait_barrier %f, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %d : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<32xf32, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// Its fixed twin: `empty` counts two arrivals and both readers release.
// CHECK-LABEL: == kernel two_releases_two_readers: no-race
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @two_releases_two_readers(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 2 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %buf, %n)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        %pe = arith.xori %ph, %c1 : i32
        ttng.wait_barrier %empty, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.local_store %v, %buf : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.arrive_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        ttng.wait_barrier %f, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %d : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    }
    partition1(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        ttng.wait_barrier %f, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %d : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<32xf32, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// CHECK: exit=1
