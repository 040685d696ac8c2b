// Check id `tlx-named-barrier-count-mismatch`: arrive and wait on one named
// barrier id with different thread counts. The finding sits on the arrive.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --implicit-check-not='[tlx-named-barrier-count-mismatch]'

// Arrive with 128 but wait with 256 on id 4.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @mismatch() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      %c4 = arith.constant 4 : i32
      %c256 = arith.constant 256 : i32
      ttng.wait_barrier_named %c4, %c256 : i32, i32
      ttg.warp_return
    }
    partition1() num_warps(4) {
      %c4 = arith.constant 4 : i32
      %c128 = arith.constant 128 : i32
      // CHECK: tlx-named-barrier-count-mismatch.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-named-barrier-count-mismatch]
      ttng.arrive_barrier_named %c4, %c128 : i32, i32
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// Must not fire: ping-pong on ids 1 and 2 with 256 threads on both sides.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @pingpong_ok() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c256 = arith.constant 256 : i32
      ttng.wait_barrier_named %c1, %c256 : i32, i32
      ttng.arrive_barrier_named %c2, %c256 : i32, i32
      ttg.warp_return
    }
    partition1() num_warps(4) {
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %c256 = arith.constant 256 : i32
      ttng.arrive_barrier_named %c1, %c256 : i32, i32
      ttng.wait_barrier_named %c2, %c256 : i32, i32
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// CHECK: exit=1
