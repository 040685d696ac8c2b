// Check id `fence-at-lowering` (note): a generic access reaches a TMA load in
// the same partition with no fence.proxy.async, but Triton's
// ProxyFenceInsertion adds that fence when lowering to LLVM, so it is only a
// note. The finding sits on the TMA load.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --implicit-check-not='[fence-at-lowering]'

// A read of x, then a TMA load into x, in one partition.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @same_partition_war(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %l = ttg.local_load %x : !ttg.memdesc<64x64xf16, #n, #smem, mutable> -> tensor<64x64xf16, #b>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
    // CHECK: fence-at-lowering.mlir:[[@LINE+1]]:{{[0-9]+}}: note: {{.*}}[fence-at-lowering]
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %x, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// Must not fire: the same with the fence written in the IR.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @fenced(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %l = ttg.local_load %x : !ttg.memdesc<64x64xf16, #n, #smem, mutable> -> tensor<64x64xf16, #b>
    ttng.fence_async_shared {bCluster = false}
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %x, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// Must not fire as fence-at-lowering: across partitions the lowering adds no
// fence, so the same pattern is a missing-fence error.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @cross_partition_war(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>) {
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%desc, %x, %empty, %full)
    default {
      %l = ttg.local_load %x : !ttg.memdesc<64x64xf16, #n, #smem, mutable> -> tensor<64x64xf16, #b>
      ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%d: !tt.tensordesc<tensor<64x64xf16, #n>>, %px: !ttg.memdesc<64x64xf16, #n, #smem, mutable>, %pe: !ttg.memdesc<1xi64, #s, #smem, mutable>, %pf: !ttg.memdesc<1xi64, #s, #smem, mutable>) num_warps(1) {
      %z = arith.constant 0 : i32
      %t = arith.constant true
      ttng.wait_barrier %pe, %z, %t : !ttg.memdesc<1xi64, #s, #smem, mutable>
      // CHECK: fence-at-lowering.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[missing-fence]
      ttng.async_tma_copy_global_to_local %d[%z, %z] %px, %pf, %t : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
      ttg.warp_return
    } : (!tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>) -> ()
    tt.return
  }
}

// CHECK: exit=1

// Disabling the id silences it and leaves the rest.
// RUN: %python %inputs/exit-code.py %tscope check --disable fence-at-lowering %s | %FileCheck %s --check-prefix=OFF
// OFF-NOT: [fence-at-lowering]
// OFF: exit=1
