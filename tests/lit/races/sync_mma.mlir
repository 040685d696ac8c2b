// A tc_gen5_mma without `is_async` runs synchronously (TritonNvidiaGPUOps.td:
// "If `is_async` is false, the op executes synchronously"; the verifier then
// forbids barrier operands; Gluon's tcgen05_mma with no mbarriers emits it,
// and autoWS IR before pipelining has only such MMAs): a tmem_load of its
// accumulator right after it is ordered. The same MMA with `is_async` and
// no commit or wait before the load is a race.
// RUN: %python %inputs/exit-code.py %tscope races %s | %FileCheck %s
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#sh = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bl = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>

// CHECK-LABEL: == kernel mma_sync_then_load: no-race
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @mma_sync_then_load() {
    %true = arith.constant true
    %false = arith.constant false
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #sh, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #sh, #smem, mutable>
    %acc, %tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %t1 = ttng.tc_gen5_mma %a, %b, %acc[%tok], %false, %true : !ttg.memdesc<128x64xf16, #sh, #smem, mutable>, !ttg.memdesc<64x128xf16, #sh, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %x, %t2 = ttng.tmem_load %acc[%t1] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #bl>
    tt.return
  }
}

// -----

// CHECK-LABEL: == kernel mma_async_then_load: race
// CHECK: race on acc columns [0, 128): outside's read (ttng.tmem_load) is not ordered after tcgen05 for outside's write (ttng.tc_gen5_mma) [race]
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @mma_async_then_load() {
    %true = arith.constant true
    %false = arith.constant false
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #sh, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #sh, #smem, mutable>
    %acc, %tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %t1 = ttng.tc_gen5_mma %a, %b, %acc[%tok], %false, %true {is_async} : !ttg.memdesc<128x64xf16, #sh, #smem, mutable>, !ttg.memdesc<64x128xf16, #sh, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %x, %t2 = ttng.tmem_load %acc[%t1] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #bl>
    tt.return
  }
}
