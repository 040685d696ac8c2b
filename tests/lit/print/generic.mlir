// RUN: %tscope print --generic %s | %FileCheck %s
// RUN: %tscope print --generic --opaque --no-asm %s | %mlir-opt --allow-unregistered-dialect --split-input-file -o /dev/null -

// Aliases come first, then the module in generic form with values renumbered.
// CHECK: #smem = #ttg.shared_memory
// CHECK: "builtin.module"() ({
// CHECK: "tt.func"() ({
// CHECK-NEXT: ^bb0(%0: !ttg.memdesc<2xi64, #shared, #smem, mutable>):
// CHECK: %1 = "arith.constant"() {tscope.asm = "0 : i32"} : () -> (i32)
// CHECK: %2 = "ttg.memdesc_index"(%0, %1) {tscope.asm = "%bars[%c0] : {{.*}}"} : (!ttg.memdesc<2xi64, #shared, #smem, mutable>, i32) -> (!ttg.memdesc<1xi64, #shared, #smem, mutable>)
// CHECK: "ttg.warp_specialize"(%2) ({
// CHECK: "ttg.warp_yield"() : () -> ()
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%3: !ttg.memdesc<1xi64, #shared, #smem, mutable>):
// CHECK-NEXT: %4 = "arith.constant"()
// CHECK-NEXT: "ttng.wait_barrier"(%3, %4)
// CHECK: }) {tscope.asm = "{{.*}}"} : (!ttg.memdesc<1xi64, #shared, #smem, mutable>) -> () loc(#loc2)
// CHECK: "cf.br"(%1)[^bb1]
// CHECK: ^bb1(%5: i32):
// CHECK: }) {noinline = false, tscope.asm

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
  tt.func @k(%bars: !ttg.memdesc<2xi64, #shared, #smem, mutable>) attributes {noinline = false} {
    %c0 = arith.constant 0 : i32
    %b = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2xi64, #shared, #smem, mutable> -> !ttg.memdesc<1xi64, #shared, #smem, mutable>
    ttg.warp_specialize(%b)
    default {
      ttg.warp_yield
    }
    partition0(%arg: !ttg.memdesc<1xi64, #shared, #smem, mutable>) num_warps(1) {
      %c0_0 = arith.constant 0 : i32
      ttng.wait_barrier %arg, %c0_0 : !ttg.memdesc<1xi64, #shared, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #shared, #smem, mutable>) -> () loc(#loc2)
    cf.br ^bb1(%c0 : i32)
  ^bb1(%x: i32):
    tt.return
  }
}
#loc2 = loc("k.py":7:3)
