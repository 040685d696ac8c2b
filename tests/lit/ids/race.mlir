// Check id `race`: two accesses to one SMEM/TMEM slot (one a write) from
// different partitions or async agents with no happens-before between them.
// The finding sits on the later access of the pair.
// RUN: %python %inputs/exit-code.py %tscope check %s --arg n=4 | %FileCheck %s --implicit-check-not='[race]'

// A one-slot hand-off, done right: the producer waits for `empty` before
// each store, the consumer waits for `full` before each load and releases.
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
        // The race is reported at the wait whose parity the proven fix flips.
        // CHECK: race.mlir:[[@LINE-2]]:{{[0-9]+}}: error: {{.*}}[race]
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
        // CHECK: race.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[race]
        %x = ttg.local_load %d : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<32xf32, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// Its fixed twin: `empty` counts two arrivals and both readers release.
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
