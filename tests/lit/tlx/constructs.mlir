// Structured control flow and naming in the TLX translation, on hand-written
// TTGIR of our own: scf.while as `while True` with the condition's break,
// scf.if with and without results, a reducer region as a nested def, an op
// tscope does not know as a plain call (attributes as keywords, discardable
// `tt.*` hints dropped), a region op it does not know as a call on nested
// defs, Python keywords and reserved names renamed, barrier slots with
// different init counts kept as plain init calls, partition arguments
// printed as what they capture.
// RUN: %tscope tlx %s | %FileCheck %s
// RUN: %tscope tlx %s > %t.py
// RUN: %python -c "import ast,sys; ast.parse(open(sys.argv[1]).read())" %t.py

// CHECK:      def constructs(n, x, p):
// CHECK-NEXT:     lambda_ = n + 1
// CHECK-NEXT:     tl_1 = lambda_ * 2
// CHECK-NEXT:     a_b = tl_1 - 1
// CHECK-NEXT:     i, acc = 0, 1.0
// CHECK-NEXT:     while True:
// CHECK-NEXT:         lt = i < a_b
// CHECK-NEXT:         if not lt:
// CHECK-NEXT:             w_0, w_1 = i, acc
// CHECK-NEXT:             break
// CHECK-NEXT:         j, v = i, acc
// CHECK-NEXT:         j1 = j + 1
// CHECK-NEXT:         v1 = v * 1.0
// CHECK-NEXT:         i, acc = j1, v1
// CHECK-NEXT:     def sum_fn(l, r):
// CHECK-NEXT:         s = l + r
// CHECK-NEXT:         return s
// CHECK-NEXT:     sum = tl.reduce(x, 0, sum_fn)
// CHECK-NEXT:     odd = n & 1
// CHECK-NEXT:     isodd = odd != 0
// CHECK-NEXT:     if isodd:
// CHECK-NEXT:         t = sum + w_1
// CHECK-NEXT:         y = t
// CHECK-NEXT:     else:
// CHECK-NEXT:         y = sum
// CHECK-NEXT:     if isodd:
// CHECK-NEXT:         tl.store(p, y)
// CHECK-NEXT:     bars = tlx.local_alloc((1,), tl.int64, 2)
// CHECK-NEXT:     b0 = tlx.local_view(bars, 0)
// CHECK-NEXT:     ttng.init_barrier(b0, 1)
// CHECK-NEXT:     b1 = tlx.local_view(bars, 1)
// CHECK-NEXT:     ttng.init_barrier(b1, 2)
// CHECK-NEXT:     g = tt.frob(n, 2, mode="fast", depth=3)
// CHECK-NEXT:     def e_fn():
// CHECK-NEXT:         q = g + 1
// CHECK-NEXT:         return q
// CHECK-NEXT:     e = scf.execute_region(e_fn)
// CHECK-NEXT:     with tlx.async_tasks():
// CHECK-NEXT:         with tlx.async_task("default"):  # default
// CHECK-NEXT:             pass
// CHECK-NEXT:         with tlx.async_task(num_warps=2):  # partition0
// CHECK-NEXT:             tlx.named_barrier_arrive(9, 64)
// CHECK-NEXT:             z = e + 2
// CHECK-NEXT:             zf = z.to(tl.float32)
// CHECK-NEXT:             tl.store(p, zf)
// CHECK-NEXT:             tlx.named_barrier_wait(9, 64)
// CHECK-NEXT:     return y
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @constructs(%n: i32, %x: tensor<128xf32, #blocked>, %p: !tt.ptr<f32>) -> f32 {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %f1 = arith.constant 1.000000e+00 : f32
    %lambda = arith.addi %n, %c1 : i32
    %tl = arith.muli %lambda, %c2 : i32
    %a.b = arith.subi %tl, %c1 : i32
    %w:2 = scf.while (%i = %c0, %acc = %f1) : (i32, f32) -> (i32, f32) {
      %lt = arith.cmpi slt, %i, %a.b : i32
      scf.condition(%lt) %i, %acc : i32, f32
    } do {
    ^bb0(%j: i32, %v: f32):
      %j1 = arith.addi %j, %c1 : i32
      %v1 = arith.mulf %v, %f1 : f32
      scf.yield %j1, %v1 : i32, f32
    }
    %sum = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %s = arith.addf %l, %r : f32
      tt.reduce.return %s : f32
    }) : (tensor<128xf32, #blocked>) -> f32
    %odd = arith.andi %n, %c1 : i32
    %isodd = arith.cmpi ne, %odd, %c0 : i32
    %y = scf.if %isodd -> (f32) {
      %t = arith.addf %sum, %w#1 : f32
      scf.yield %t : f32
    } else {
      scf.yield %sum : f32
    }
    scf.if %isodd {
      tt.store %p, %y : !tt.ptr<f32>
    }
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %b0 = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %b0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %b1 = ttg.memdesc_index %bars[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %b1, 2 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %g = "tt.frob"(%n, %c2) {mode = "fast", depth = 3 : i32, tt.hint = 1 : i32} : (i32, i32) -> i32
    %e = scf.execute_region -> i32 {
      %q = arith.addi %g, %c1 : i32
      scf.yield %q : i32
    }
    ttg.warp_specialize(%e, %c2, %p)
    default {
      ttg.warp_yield
    }
    partition0(%ee: i32, %two: i32, %pp: !tt.ptr<f32>) num_warps(2) {
      %c9 = arith.constant 9 : i32
      %c64 = arith.constant 64 : i32
      ttng.arrive_barrier_named %c9, %c64 : i32, i32
      %z = arith.addi %ee, %two : i32
      %zf = arith.sitofp %z : i32 to f32
      tt.store %pp, %zf : !tt.ptr<f32>
      ttng.wait_barrier_named %c9, %c64 : i32, i32
      ttg.warp_return
    } : (i32, i32, !tt.ptr<f32>) -> ()
    tt.return %y : f32
  }
}

// -----

// The generic form, as mlir-opt --mlir-print-op-generic writes it: constants
// and predicates come from the properties.
// CHECK:      def generic(arg0):
// CHECK-NEXT:     return arg0 if (arg0 < 3) else 3
"builtin.module"() ({
  "tt.func"() <{function_type = (i32) -> i32, sym_name = "generic"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %1 = "arith.cmpi"(%arg0, %0) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %2 = "arith.select"(%1, %arg0, %0) : (i1, i32, i32) -> i32
    "tt.return"(%2) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
