// Before triton-nvidia-tma-lowering, a tl kernel's TTGIR writes a TMA-loaded
// tile into shared memory as `ttg.local_alloc` of a `tt.descriptor_load`
// result; that pass turns the pair into a TMA copy (an async-proxy write). In
// the IR before it, which proxy writes the buffer is not decided: the pair is
// not verified (no missing-fence on the compiler's own intermediate IR). The
// same tile stored from a tt.load is a generic write: missing-fence.
// RUN: %python %inputs/exit-code.py %tscope fences %s | %FileCheck %s
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --check-prefix=CHECK-CMD

#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: == kernel pending (cuda:90): not-verified
  // CHECK-NEXT: not verified: 1 pair before TMA lowering; the generic write (local_alloc with a value) of a at IR [[@LINE+7]]{{.*}} stores the result of tt.descriptor_load at IR [[@LINE+6]], which triton-nvidia-tma-lowering turns into a TMA copy (an async-proxy write); before that pass the IR does not say which proxy writes the buffer
  // CHECK: before-tma-lowering outside local_alloc with a value (generic write) IR [[@LINE+6]] -> outside wgmma operand A (async-proxy read) IR [[@LINE+7]]
  // CHECK-CMD: before-tma-lowering.mlir:[[@LINE+5]]:5: warning: fences not verified for kernel pending: the generic write (local_alloc with a value) of a at IR [[@LINE+5]]
  tt.func @pending(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>, %w: !ttg.memdesc<64x64xf16, #n, #smem>, %acc: tensor<64x64xf32, #b>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %t = tt.descriptor_load %desc[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16, #n>> -> tensor<64x64xf16, #b>
    %a = ttg.local_alloc %t : (tensor<64x64xf16, #b>) -> !ttg.memdesc<64x64xf16, #n, #smem>
    %d = ttng.warp_group_dot %a, %w, %acc, %true {isAsync = true} : !ttg.memdesc<64x64xf16, #n, #smem> * !ttg.memdesc<64x64xf16, #n, #smem> -> tensor<64x64xf32, #b>
    tt.return
  }

  // CHECK-LABEL: == kernel generic (cuda:90): missing-fence
  // CHECK-NOT: {{^ +}}before-tma-lowering 
  // CHECK: missing outside local_alloc with a value (generic write) IR [[@LINE+5]] -> outside wgmma operand A (async-proxy read) IR [[@LINE+7]]
  tt.func @generic(%p: tensor<64x64x!tt.ptr<f16>, #b>, %w: !ttg.memdesc<64x64xf16, #n, #smem>, %acc: tensor<64x64xf32, #b>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %t = tt.load %p : tensor<64x64x!tt.ptr<f16>, #b>
    %a = ttg.local_alloc %t : (tensor<64x64xf16, #b>) -> !ttg.memdesc<64x64xf16, #n, #smem>
    // CHECK-CMD: before-tma-lowering.mlir:[[@LINE+1]]:5: error: {{.*}}[missing-fence]
    %d = ttng.warp_group_dot %a, %w, %acc, %true {isAsync = true} : !ttg.memdesc<64x64xf16, #n, #smem> * !ttg.memdesc<64x64xf16, #n, #smem> -> tensor<64x64xf32, #b>
    tt.return
  }
}
// CHECK-CMD: fences: pending: not-verified
// CHECK-CMD: fences: generic: missing-fence
// CHECK-CMD: kernels: 1 verified, 1 not verified
// CHECK-CMD: exit=1
