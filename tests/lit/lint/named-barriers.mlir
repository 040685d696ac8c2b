// Named-barrier rules (tlx-named-barrier-*) on hand-written TTGIR of our own:
// the id range, the thread count's warp granularity, arrive/wait agreement,
// and the count against the warps of the partitions that use the id.
// RUN: %python %inputs/exit-code.py %tscope lint %s | %FileCheck %s --implicit-check-not=tlx-

// Ping-pong between two 4-warp partitions on ids 1 and 2, 256 threads each:
// nothing fires.
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

// -----

// Id 16 does not exist (16 barriers, 0..15); 100 threads is not whole warps.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @bad_id_and_count() {
    %c16 = arith.constant 16 : i32
    %c3 = arith.constant 3 : i32
    %c100 = arith.constant 100 : i32
    %c128 = arith.constant 128 : i32
// CHECK: named-barriers.mlir:[[@LINE+1]]:5: error: named barrier id 16 is outside 0..15: a CTA has 16 named barriers; use an id in 0..15 [tlx-named-barrier-id]
    ttng.arrive_barrier_named %c16, %c128 : i32, i32
// CHECK: named-barriers.mlir:[[@LINE+1]]:5: error: named barrier 3 is waited on with 100 threads, not a positive multiple of the warp size 32{{.*}} [tlx-named-barrier-count]
    ttng.wait_barrier_named %c3, %c100 : i32, i32
    tt.return
  }
}

// -----

// Arrive with 128 but wait with 256 on id 4: the counts disagree (and 128 is
// fewer threads than the two 4-warp partitions that use id 4).
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
// CHECK: named-barriers.mlir:[[@LINE+3]]:7: error: named barrier 4 is arrived on with 128 threads here but waited on with 256 threads at IR line [[@LINE-6]]: arrive and wait of one phase must pass the same total (waiting + arriving threads) [tlx-named-barrier-count-mismatch]
// CHECK-NEXT: ttng.arrive_barrier_named
// CHECK: named-barriers.mlir:[[@LINE+1]]:7: warning: named barrier 4 is arrived on with 128 threads but the partitions that use it (partition0 4 warps, partition1 4 warps) have 256 threads: {{.*}} [tlx-named-barrier-warps]
      ttng.arrive_barrier_named %c4, %c128 : i32, i32
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// 384 threads on id 5 but only 8 warps (256 threads) use it: it never completes.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @too_many_threads() {
    ttg.warp_specialize()
    default {
      ttg.warp_yield
    }
    partition0() num_warps(4) {
      %c5 = arith.constant 5 : i32
      %c384 = arith.constant 384 : i32
// CHECK: named-barriers.mlir:[[@LINE+1]]:7: error: named barrier 5 is waited on with 384 threads but the partitions that use it (partition0 4 warps, partition1 4 warps) have 256 threads: the barrier can never complete; pass 256 {{.*}}[tlx-named-barrier-warps]
      ttng.wait_barrier_named %c5, %c384 : i32, i32
      ttg.warp_return
    }
    partition1() num_warps(4) {
      %c5 = arith.constant 5 : i32
      %c384 = arith.constant 384 : i32
      ttng.arrive_barrier_named %c5, %c384 : i32, i32
      ttg.warp_return
    } : () -> ()
    tt.return
  }
}

// -----

// A 4-warp partition synchronising its own warps on id 6 with 128 threads is
// fine; ids computed at run time are not judged.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @partition_local(%id: i32) {
    ttg.warp_specialize(%id)
    default {
      ttg.warp_yield
    }
    partition0(%i: i32) num_warps(4) {
      %c6 = arith.constant 6 : i32
      %c128 = arith.constant 128 : i32
      ttng.wait_barrier_named %c6, %c128 : i32, i32
      ttng.arrive_barrier_named %i, %c128 : i32, i32
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}

// CHECK: named-barriers.mlir: 4 errors, 1 warning, 0 notes
// CHECK: exit=1
