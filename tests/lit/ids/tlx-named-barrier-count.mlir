// Check id `tlx-named-barrier-count`: a named barrier thread count that is not
// a positive multiple of the warp size 32. The finding sits on the op.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --implicit-check-not='[tlx-named-barrier-count]'

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @counts(%t: i32) {
    %c3 = arith.constant 3 : i32
    %c8 = arith.constant 8 : i32
    %c9 = arith.constant 9 : i32
    %c10 = arith.constant 10 : i32
    %c0 = arith.constant 0 : i32
    %c100 = arith.constant 100 : i32
    %c128 = arith.constant 128 : i32
    // CHECK: tlx-named-barrier-count.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-named-barrier-count]
    ttng.wait_barrier_named %c3, %c100 : i32, i32
    // CHECK: tlx-named-barrier-count.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-named-barrier-count]
    ttng.arrive_barrier_named %c8, %c0 : i32, i32
    // Must not fire: whole warps, and a count known only at run time.
    ttng.wait_barrier_named %c9, %c128 : i32, i32
    ttng.wait_barrier_named %c10, %t : i32, i32
    tt.return
  }
}

// CHECK: exit=1
