// RUN: %tscope parse %s | %FileCheck %s
// RUN: %tscope parse --format json %s | %FileCheck %s --check-prefix=JSON
// CHECK: summary.mlir: 2 chunks, 2 modules, 2 functions, 9 ops, max depth 3, 0 errors, {{[0-9.]+}} ms
// JSON: "chunks": 2,
// JSON: "functions": 2,
// JSON: "max_depth": 3,
// JSON: "ops": 9,
// JSON: "unresolved_uses": 0,

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @k(%n: i32) {
    %c0 = arith.constant 0 : i32 loc(#loc1)
    scf.for %i = %c0 to %n step %c0 : i32 {
      scf.yield
    }
    tt.return
  } loc(#loc)
} loc(#loc)
#loc = loc("k.py":1:0)
#loc1 = loc("c0"(#loc))

// -----
"builtin.module"() ({
  "tt.func"() ({
    "tt.return"() : () -> ()
  }) {sym_name = "g"} : () -> ()
}) : () -> ()
