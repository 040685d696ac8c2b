// Check id `spurious-fence` (note): a fence.proxy.async that orders no generic
// shared-memory access before an async-proxy one. The note sits on the fence.
// RUN: %python %inputs/exit-code.py %tscope check %s --arg n=4 | %FileCheck %s --implicit-check-not='[spurious-fence]'

// The fence comes first: no generic access reaches it.
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @fence_first(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>, %v: tensor<64x64xf16, #b>) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    // CHECK: spurious-fence.mlir:[[@LINE+1]]:{{[0-9]+}}: note: {{.*}}[spurious-fence]
    ttng.fence_async_shared {bCluster = false}
    ttg.local_store %v, %x : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// A fence after the last async-proxy access orders nothing either.
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @fence_last(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>, %v: tensor<64x64xf16, #b>) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    %l = ttg.local_load %x : !ttg.memdesc<64x64xf16, #n, #smem, mutable> -> tensor<64x64xf16, #b>
    // CHECK: spurious-fence.mlir:[[@LINE+1]]:{{[0-9]+}}: note: {{.*}}[spurious-fence]
    ttng.fence_async_shared {bCluster = false}
    tt.return
  }
}

// -----

// Must not fire: a fence hoisted out of the loop still orders the one write
// before every wgmma that reads the buffer.
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @hoisted(%v: tensor<64x64xf16, #b>, %acc: tensor<64x64xf32, #b>, %a: !ttg.memdesc<64x64xf16, #n, #smem>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %w = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttg.local_store %v, %w : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    scf.for %i = %c0 to %n step %c1 : i32 {
      %d = ttng.warp_group_dot %a, %w, %acc, %true {isAsync = true} : !ttg.memdesc<64x64xf16, #n, #smem> * !ttg.memdesc<64x64xf16, #n, #smem, mutable> -> tensor<64x64xf32, #b>
    }
    tt.return
  }
}

// Notes only: the file is clean.
// CHECK: exit=0
