// ttng.tmem_copy (tcgen05.cp): an async SMEM -> TMEM copy with no barrier
// effect of its own; with its optional barrier operand it is committed to
// that barrier (one arrival when the copy is done), and a later
// tc_gen5_commit tracks it like any tcgen05 op of the issuer.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s

// CHECK-LABEL: == kernel copy_then_commit: no-deadlock
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 32, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @copy_then_commit() {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %src = ttg.local_alloc : () -> !ttg.memdesc<128x32xf32, #s, #smem, mutable>
    %dst = ttng.tmem_alloc : () -> !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.tmem_copy %src, %dst : !ttg.memdesc<128x32xf32, #s, #smem, mutable>, !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// CHECK-LABEL: == kernel copy_with_barrier: no-deadlock
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem1 = #ttg.shared_memory
#tmem1 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 32, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @copy_with_barrier() {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    %src = ttg.local_alloc : () -> !ttg.memdesc<128x32xf32, #s1, #smem1, mutable>
    %dst = ttng.tmem_alloc : () -> !ttg.memdesc<128x32xf32, #tmem1, #ttng.tensor_memory, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    ttng.tmem_copy %src, %dst, %bar : !ttg.memdesc<128x32xf32, #s1, #smem1, mutable>, !ttg.memdesc<128x32xf32, #tmem1, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    tt.return
  }
}

// -----

// A copy is no arrival: waiting on a barrier nobody commits to hangs.
// CHECK-LABEL: == kernel copy_no_commit: deadlock
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
#tmem2 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 32, colStride = 1>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @copy_no_commit() {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %src = ttg.local_alloc : () -> !ttg.memdesc<128x32xf32, #s2, #smem2, mutable>
    %dst = ttng.tmem_alloc : () -> !ttg.memdesc<128x32xf32, #tmem2, #ttng.tensor_memory, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.tmem_copy %src, %dst : !ttg.memdesc<128x32xf32, #s2, #smem2, mutable>, !ttg.memdesc<128x32xf32, #tmem2, #ttng.tensor_memory, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    tt.return
  }
}
