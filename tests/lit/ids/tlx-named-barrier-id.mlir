// Check id `tlx-named-barrier-id`: a named barrier id outside 0..15 (a CTA has
// 16 hardware barriers). The finding sits on the bar.sync / bar.arrive.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --implicit-check-not='[tlx-named-barrier-id]'

module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @id_16(%id: i32) {
    %c0 = arith.constant 0 : i32
    %c15 = arith.constant 15 : i32
    %c16 = arith.constant 16 : i32
    %c128 = arith.constant 128 : i32
    // CHECK: tlx-named-barrier-id.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-named-barrier-id]
    ttng.arrive_barrier_named %c16, %c128 : i32, i32
    // CHECK: tlx-named-barrier-id.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-named-barrier-id]
    ttng.wait_barrier_named %c16, %c128 : i32, i32
    // Must not fire: the ends of the range, and an id known only at run time.
    ttng.wait_barrier_named %c0, %c128 : i32, i32
    ttng.wait_barrier_named %c15, %c128 : i32, i32
    ttng.wait_barrier_named %id, %c128 : i32, i32
    tt.return
  }
}

// CHECK: exit=1
