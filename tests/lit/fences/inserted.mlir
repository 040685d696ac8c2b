// A fence Triton inserted itself is never a spurious-fence note: Triton's
// passes give their fence the source location of the op it guards, a fence
// the user wrote has the location of its own call (docs/Fences.md, "Spurious
// fences").
// RUN: %python %inputs/exit-code.py %tscope fences %s | %FileCheck %s --implicit-check-not='[spurious-fence]'
// RUN: %tscope fences --format json %s | %python -c "import json,sys; [print(f['location']['line'], f['spurious'], f['inserted_by']) for k in json.load(sys.stdin)['kernels'] for f in k['fences']]" | %FileCheck %s --check-prefix=JSON

#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // The TMA store lowering's fence, kept although the tile came from a TMA
  // load: it orders nothing, and it is Triton's.
  // CHECK-LABEL: == kernel copy_tile (cuda:90): ok ({{.*}}; 2 fences, 1 ordering nothing)
  tt.func @copy_tile(%in: !tt.tensordesc<tensor<64x64xf16, #n>>, %out: !tt.tensordesc<tensor<64x64xf16, #n>>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable> loc(#loc1)
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable> loc(#loc1)
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable> loc(#loc1)
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable> loc(#loc1)
    ttng.async_tma_copy_global_to_local %in[%c0, %c0] %x, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable> loc(#loc1)
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable> loc(#loc1)
    // The user's own fence, at a line of its own: it orders nothing either,
    // and that is worth a note.
    // CHECK: inserted.mlir:[[@LINE+1]]:5: note: fence.proxy.async orders nothing: no generic shared-memory access reaches it [spurious-fence]
    ttng.fence_async_shared {bCluster = false} loc(#loc3)
    ttng.fence_async_shared {bCluster = false} loc(#loc2)
    ttng.async_tma_copy_local_to_global %out[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable> loc(#loc2)
    ttng.async_tma_store_wait {pendings = 0 : i32} loc(#loc2)
    tt.return loc(#loc2)
  } loc(#loc)
}
#loc = loc("/src/copy.py":10:0)
#loc1 = loc("/src/copy.py":12:18)
#loc2 = loc("/src/copy.py":13:22)
#loc3 = loc("/src/copy.py":14:4)

// CHECK: fences:
// CHECK-NEXT: IR [[#FENCE:]], copy.py:14 (outside): orders nothing: no generic shared-memory access reaches it
// CHECK-NEXT: IR [[#FENCE+1]], copy.py:13 (outside): Triton inserted it for the TMA store at IR [[#FENCE+2]], copy.py:13 (it carries that op's source location); orders nothing tscope sees (no generic shared-memory access reaches it), not reported
// CHECK: exit=0

// JSON: 27 True None
// JSON-NEXT: 28 False Triton inserted it for the TMA store at IR 29, copy.py:13 (it carries that op's source location)
