// A kernel in which nothing can block is proved hang-free by its structure,
// with no search: no mbarrier (a function argument counts), no named barrier,
// no NVWS op, and every loop an scf.for (docs/Deadlock.md, "By structure").
// An scf.while, or one barrier, sends it back to the search.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s

// A persistent tile loop with no barrier, its trip count from the inputs
// and the launch (the shape of autoWS IR before code partitioning).
// CHECK-LABEL: == kernel no_barrier_tiles: no-deadlock (every interleaving finishes, at every trip count (proof below))
// CHECK-NEXT:    every trip count: proved for every value of %n, num_programs
// CHECK-NEXT:      by the kernel's structure: no op can block or over-arrive: the kernel has no mbarrier, named barrier or aref, and every loop is an scf.for
#smem = #ttg.shared_memory
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @no_barrier_tiles(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %np = tt.get_num_programs x : i32
    %pid = tt.get_program_id x : i32
    %per = arith.divsi %n, %np : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128xf32, #s, #smem, mutable>
    scf.for %i = %c0 to %per step %c1 : i32 {
      %x = ttg.local_load %buf : !ttg.memdesc<128xf32, #s, #smem, mutable> -> tensor<128xf32, #bl>
      ttg.local_store %x, %buf : tensor<128xf32, #bl> -> !ttg.memdesc<128xf32, #s, #smem, mutable>
    }
    tt.return
  }
}

// -----

// The same loop as an scf.while: it may not end, so the bounded runs decide.
// CHECK-LABEL: == kernel no_barrier_while: no-deadlock (every interleaving of every run below finishes)
// CHECK-NOT:     by the kernel's structure
// CHECK:         every trip count: not proved
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @no_barrier_while(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.while (%i = %c0) : (i32) -> i32 {
      %go = arith.cmpi slt, %i, %n : i32
      scf.condition(%go) %i : i32
    } do {
    ^bb0(%j: i32):
      %k = arith.addi %j, %c1 : i32
      scf.yield %k : i32
    }
    tt.return
  }
}

// -----

// One mbarrier, waited on in the loop: the shifted-state proof, not the structure.
// CHECK-LABEL: == kernel one_barrier: no-deadlock (every interleaving finishes, at every trip count (proof below))
// CHECK-NOT:     by the kernel's structure
// CHECK:         symbolic trip count: loop at IR
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @one_barrier(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s1, #smem, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %ph = arith.andi %i, %c1 : i32
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s1, #smem, mutable>
      ttng.wait_barrier %bar, %ph : !ttg.memdesc<1xi64, #s1, #smem, mutable>
    }
    tt.return
  }
}

// -----

// A constant step of 0 never ends the loop (scf.for's verifier rejects it;
// lit files of other passes carry it): not proved by structure; the run
// sees the loop come back to the same state and reports the hang.
// CHECK-LABEL: == kernel step_zero: deadlock
// CHECK-NOT:     by the kernel's structure
// CHECK:         outside{{ +}}loops forever
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @step_zero() {
    %c0 = arith.constant 0 : i32
    %c10 = arith.constant 10 : i32
    scf.for %i = %c0 to %c10 step %c0 : i32 {
    }
    tt.return
  }
}

// -----

// Lower bound not below the upper: no iteration runs, whatever the step, so
// the bounded run decides (the structure test still refuses the step).
// CHECK-LABEL: == kernel step_zero_no_trip: no-deadlock
// CHECK-NEXT:    every trip count: proved
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @step_zero_no_trip() {
    %c0 = arith.constant 0 : i32
    scf.for %i = %c0 to %c0 step %c0 : i32 {
    }
    tt.return
  }
}
