// Check id `deadlock`: a barrier wait that no interleaving of the partitions
// can complete. The finding sits on the op its proven fix changes (docs/Fix.md),
// the wait of the first stuck partition being the symptom.
// RUN: %python %inputs/exit-code.py %tscope check %s --arg n=4 | %FileCheck %s --implicit-check-not='[deadlock]'

// `empty` expects two arrivals per phase but the consumer gives one: the
// producer passes its first wait on the fresh barrier and hangs on the second
// round, and so does the consumer on `full`.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @count_too_high(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 2 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %n)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        // At the init of `empty`, whose count the fix lowers to 1.
        // CHECK: deadlock.mlir:[[@LINE-6]]:{{[0-9]+}}: error: {{.*}}[deadlock]
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

// The same pipeline with matching counts and parities: no hang.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @pipeline_ok(%n: i32) {
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

// Named barrier 1 joins 4 + 4 warps = 256 threads: `named_short` asks for 384
// and nobody else comes; `named_ok` asks for 256.
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
      // CHECK: deadlock.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[deadlock]
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

// -----

// A wait on a barrier nobody arrives on, outside any partition: the kernel
// cannot leave it.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @no_arrival() {
    %c0 = arith.constant 0 : i32
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    // CHECK: deadlock.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[deadlock]
    ttng.wait_barrier %b, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// CHECK: exit=1
