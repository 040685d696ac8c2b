// `tscope interp` on MLIR's generic form: the function is named by sym_name,
// the partitions sit in a ttg.warp_specialize.partitions op, and their
// arguments are bound to the warp_specialize's operands.
// RUN: %tscope interp %s --arg %%arg0=3 --pid 2 --trace --event 'test.*' | %FileCheck %s
// CHECK:      @g: line {{[0-9]+}}: ttg.warp_specialize %1=6, %arg0=3
// CHECK-NEXT: @g: line {{[0-9]+}}: test.after %1=6
// CHECK-NEXT: @g: done, 2 events
// CHECK-NEXT: @g/default: line {{[0-9]+}}: test.default %1=6
// CHECK-NEXT: @g/default: done, 1 events
// CHECK-NEXT: @g/partition0: line {{[0-9]+}}: test.p0 %arg3=0, %arg2=3 [%arg3=0]
// CHECK:      @g/partition0: line {{[0-9]+}}: test.p0 %arg3=5, %arg2=3 [%arg3=5]
// CHECK-NEXT: @g/partition0: done, 6 events
// CHECK-NEXT: @g/partition1: line {{[0-9]+}}: test.p1 %arg4=6, %3=2
// CHECK-NEXT: @g/partition1: done, 1 events
"builtin.module"() ({
  "tt.func"() <{function_type = (i32) -> (), sym_name = "g"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 2 : i32}> : () -> i32
    %1 = "arith.muli"(%arg0, %0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "ttg.warp_specialize"(%1, %arg0) ({
      "test.default"(%1) : (i32) -> ()
      "ttg.warp_yield"() : () -> ()
    }, {
      "ttg.warp_specialize.partitions"() ({
      ^bb0(%arg1: i32, %arg2: i32):
        %c0 = "arith.constant"() <{value = 0 : i32}> : () -> i32
        %c1 = "arith.constant"() <{value = 1 : i32}> : () -> i32
        "scf.for"(%c0, %arg1, %c1) ({
        ^bb0(%arg3: i32):
          "test.p0"(%arg3, %arg2) : (i32, i32) -> ()
          "scf.yield"() : () -> ()
        }) : (i32, i32, i32) -> ()
        "ttg.warp_return"() : () -> ()
      }, {
      ^bb0(%arg4: i32, %arg5: i32):
        %3 = "tt.get_program_id"() <{axis = 0 : i32}> : () -> i32
        "test.p1"(%arg4, %3) : (i32, i32) -> ()
        "ttg.warp_return"() : () -> ()
      }) : () -> ()
    }) {partitionNumWarps = array<i32: 1, 1>} : (i32, i32) -> ()
    "test.after"(%1) : (i32) -> ()
    "tt.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
