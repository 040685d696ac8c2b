// A named barrier id out of range, with a Python location (hand-written).
#loc1 = loc("/src/kernel.py":42:8)
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @k() {
    %c20 = arith.constant 20 : i32
    %c128 = arith.constant 128 : i32
    ttng.arrive_barrier_named %c20, %c128 : i32, i32 loc(#loc1)
    tt.return
  }
}
