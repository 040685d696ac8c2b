// Async writers the model added: tcgen05.cp (ttng.tmem_copy) writes its TMEM
// destination through the issuer's tcgen05 agent; clusterlaunchcontrol
// try_cancel writes its response through the issuer's async agent. A read
// before the barrier that tracks the write is a race; after it, none. An
// op reading a buffer that the model has no rule for makes the run unknown.
// RUN: %python %inputs/exit-code.py %tscope races %s | %FileCheck %s
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 32, colStride = 1>
#bl = #ttg.blocked<{sizePerThread = [1, 32], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#bl1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// CHECK-LABEL: == kernel tmem_copy_unwaited: race
// CHECK: error: kernel tmem_copy_unwaited: race on dst columns [0, 32): outside's read (ttng.tmem_load) is not ordered after tcgen05 for outside's write (ttng.tmem_copy) [race]
#s0 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tmem_copy_unwaited() {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s0, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s0, #smem, mutable>
    %src = ttg.local_alloc : () -> !ttg.memdesc<128x32xf32, #s0, #smem, mutable>
    %dst = ttng.tmem_alloc : () -> !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_copy %src, %dst : !ttg.memdesc<128x32xf32, #s0, #smem, mutable>, !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable>
    %x = ttng.tmem_load %dst : !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x32xf32, #bl>
    tt.return
  }
}

// -----

// CHECK-LABEL: == kernel tmem_copy_committed: no-race
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tmem_copy_committed() {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s1, #smem, mutable>
    %src = ttg.local_alloc : () -> !ttg.memdesc<128x32xf32, #s1, #smem, mutable>
    %dst = ttng.tmem_alloc : () -> !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_copy %src, %dst : !ttg.memdesc<128x32xf32, #s1, #smem, mutable>, !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #s1, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s1, #smem, mutable>
    %x = ttng.tmem_load %dst : !ttg.memdesc<128x32xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x32xf32, #bl>
    tt.return
  }
}

// -----

// CHECK-LABEL: == kernel clc_unwaited: race
// CHECK: error: kernel clc_unwaited: race on res: outside's read (ttg.local_load) is not ordered after CLC for outside's write (ttng.clc_try_cancel) [race]
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @clc_unwaited() {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s2, #smem, mutable>
    %res = ttg.local_alloc : () -> !ttg.memdesc<4xi32, #s2, #smem, mutable>
    ttng.barrier_expect %bar, 16, %true : !ttg.memdesc<1xi64, #s2, #smem, mutable>
    ttng.clc_try_cancel %res, %bar : !ttg.memdesc<4xi32, #s2, #smem, mutable>, !ttg.memdesc<1xi64, #s2, #smem, mutable>
    %r = ttg.local_load %res : !ttg.memdesc<4xi32, #s2, #smem, mutable> -> tensor<4xi32, #bl1>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s2, #smem, mutable>
    tt.return
  }
}

// -----

// CHECK-LABEL: == kernel clc_waited: no-race
#s3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @clc_waited() {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s3, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s3, #smem, mutable>
    %res = ttg.local_alloc : () -> !ttg.memdesc<4xi32, #s3, #smem, mutable>
    ttng.barrier_expect %bar, 16, %true : !ttg.memdesc<1xi64, #s3, #smem, mutable>
    ttng.clc_try_cancel %res, %bar : !ttg.memdesc<4xi32, #s3, #smem, mutable>, !ttg.memdesc<1xi64, #s3, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s3, #smem, mutable>
    %r = ttg.local_load %res : !ttg.memdesc<4xi32, #s3, #smem, mutable> -> tensor<4xi32, #bl1>
    tt.return
  }
}

// -----

// `clc_load_result` is an ld.shared of the response: a read after the wait.
// CHECK-LABEL: == kernel clc_load_result: no-race
#s4 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @clc_load_result() {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s4, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s4, #smem, mutable>
    %res = ttg.local_alloc : () -> !ttg.memdesc<4xi32, #s4, #smem, mutable>
    ttng.barrier_expect %bar, 16, %true : !ttg.memdesc<1xi64, #s4, #smem, mutable>
    ttng.clc_try_cancel %res, %bar : !ttg.memdesc<4xi32, #s4, #smem, mutable>, !ttg.memdesc<1xi64, #s4, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s4, #smem, mutable>
    %r = ttng.clc_load_result %res : !ttg.memdesc<4xi32, #s4, #smem, mutable> -> i128
    tt.return
  }
}

// -----

// A bulk copy out of shared memory reads its source; the race model has no
// rule for it, so the run is unknown rather than silently clean.
// CHECK-LABEL: == kernel bulk_store: unknown
// CHECK-SAME: ttng.async_bulk_copy_local_to_global (IR line {{[0-9]+}}) reads or writes a shared-memory or tensor-memory buffer and is not modelled
#s5 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @bulk_store(%dst: !tt.ptr<f32>) {
    %true = arith.constant true
    %size = arith.constant 128 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #s5, #smem, mutable>
    ttng.async_bulk_copy_local_to_global %buf, %dst, %size, %true : !ttg.memdesc<32xf32, #s5, #smem, mutable>, !tt.ptr<f32>
    tt.return
  }
}

// -----

// A TDM load writes its shared-memory destination. Its pretty form ends in
// that buffer's memdesc type (`-> !ttg.memdesc<...>`), but with a descriptor
// operand it is no view of the buffer: the run is unknown, not clean.
// CHECK-LABEL: == kernel tdm_load: unknown
// CHECK-SAME: amdg.async_tdm_copy_global_to_local (IR line {{[0-9]+}}) reads or writes a shared-memory or tensor-memory buffer and is not modelled
#s6 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx1250"} {
  tt.func @tdm_load(%a: !tt.tensordesc<32x32xf32>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x32xf32, #s6, #smem, mutable>
    %t = amdg.async_tdm_copy_global_to_local %a into %buf : !tt.tensordesc<32x32xf32> -> !ttg.memdesc<32x32xf32, #s6, #smem, mutable>
    tt.return
  }
}
