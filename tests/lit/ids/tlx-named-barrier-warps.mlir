// Check id `tlx-named-barrier-warps`: a named barrier thread count that does
// not match the warps of the partitions using the id (too many: it never
// completes, an error; too few: a warning). The finding sits on the op.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --implicit-check-not='[tlx-named-barrier-warps]'

// 384 threads on id 5 but only 8 warps (256 threads) use it.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @too_many_threads() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      %c5 = arith.constant 5 : i32
      %c384 = arith.constant 384 : i32
      // CHECK: tlx-named-barrier-warps.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-named-barrier-warps]
      ttng.wait_barrier_named %c5, %c384 : i32, i32
      ttg.warp_return
    }
    partition1() num_warps(4) {
      %c5 = arith.constant 5 : i32
      %c384 = arith.constant 384 : i32
      // One finding per id: the arrive on id 5 is not reported again.
      ttng.arrive_barrier_named %c5, %c384 : i32, i32
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// 128 threads on id 7 shared by two 4-warp partitions: fewer than the warps
// that use it.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @too_few_threads() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      %c7 = arith.constant 7 : i32
      %c128 = arith.constant 128 : i32
      // CHECK: tlx-named-barrier-warps.mlir:[[@LINE+1]]:{{[0-9]+}}: warning: {{.*}}[tlx-named-barrier-warps]
      ttng.wait_barrier_named %c7, %c128 : i32, i32
      ttg.warp_return
    }
    partition1() num_warps(4) {
      %c7 = arith.constant 7 : i32
      %c128 = arith.constant 128 : i32
      ttng.arrive_barrier_named %c7, %c128 : i32, i32
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// Must not fire: a 4-warp partition synchronising its own warps on id 6 with
// 128 threads, and ping-pong on id 1 with 256 threads.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @counts_match() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      %c1 = arith.constant 1 : i32
      %c6 = arith.constant 6 : i32
      %c128 = arith.constant 128 : i32
      %c256 = arith.constant 256 : i32
      ttng.wait_barrier_named %c6, %c128 : i32, i32
      ttng.wait_barrier_named %c1, %c256 : i32, i32
      ttg.warp_return
    }
    partition1() num_warps(4) {
      %c1 = arith.constant 1 : i32
      %c256 = arith.constant 256 : i32
      ttng.arrive_barrier_named %c1, %c256 : i32, i32
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// CHECK: exit=1
