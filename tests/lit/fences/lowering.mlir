// Which lowering follows the IR (docs/Fences.md, "Which lowering"): Triton
// 3.6's ProxyFenceInsertion fences only TMA loads and gathers after a generic
// access in the same partition; Meta's fork fences every async-proxy access.
// `auto` reads fork markers; `--lowering` overrides; `--no-lowering-fences`
// treats the IR as final. Every kernel report says what it assumed and why.
// RUN: %python %inputs/exit-code.py %tscope fences %s | %FileCheck %s
// RUN: %python %inputs/exit-code.py %tscope fences --lowering fork %s | %FileCheck %s --check-prefix=FORK
// RUN: %python %inputs/exit-code.py %tscope fences --lowering upstream %s | %FileCheck %s --check-prefix=UP
// RUN: %python %inputs/exit-code.py %tscope fences --lowering fork --no-lowering-fences %s | %FileCheck %s --check-prefix=FINAL
// RUN: %tscope fences --format json %s > %t.json || true
// RUN: %python %inputs/check-fences-schema.py %t.json | %FileCheck %s --check-prefix=SCHEMA
// RUN: %python -c "import json,sys; [print(k['name'], k['lowering']['assumed'], '|', k['lowering']['why']) for k in json.load(open(sys.argv[1]))['kernels']]" %t.json | %FileCheck %s --check-prefix=JSON
// RUN: %python %inputs/exit-code.py %tscope fences --lowering sideways %s 2>&1 | %FileCheck %s --check-prefix=USAGE
// RUN: %python %inputs/exit-code.py %tscope check --disable deadlock --disable race --disable redundant-wait %s | %FileCheck %s --check-prefix=CHECKCMD
// RUN: %python %inputs/exit-code.py %tscope check --disable deadlock --disable race --disable redundant-wait --lowering fork %s | %FileCheck %s --check-prefix=CHECKFORK
// RUN: %python %inputs/exit-code.py %tscope check --lowering sideways %s 2>&1 | %FileCheck %s --check-prefix=USAGE

#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // No fork marker: upstream Triton 3.6 adds no fence before a TMA store, so
  // the unfenced local_store -> TMA store pair is an error.
  // CHECK-LABEL: == kernel plain_store (cuda:90): missing-fence
  // CHECK-NEXT: lowering: upstream (no fork marker in the IR; give --lowering fork if Meta's fork compiled it)
  // CHECK: lowering.mlir:[[@LINE+8]]:5: error: TMA store reads x with no fence.proxy.async after the generic write (local_store) at IR [[@LINE+7]] in outside [missing-fence]
  // CHECK: note: lowering assumed: upstream Triton 3.6 (no fork marker in the IR; give --lowering fork if Meta's fork compiled it); its ProxyFenceInsertion fences only TMA loads and gathers
  // FORK-LABEL: == kernel plain_store (cuda:90): ok
  // FORK-NEXT: lowering: fork (--lowering fork)
  tt.func @plain_store(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>, %v: tensor<64x64xf16, #b>) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    tt.return
  }
}

// -----
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", ttg.min_reg_auto_ws = 24 : i32} {
  // A module option of the fork's autoWS marks fork IR: its ProxyFenceInsertion
  // fences the TMA store and the TMA reduce, so both pairs are notes.
  // CHECK-LABEL: == kernel fork_module_attr (cuda:90): ok
  // CHECK-NEXT: lowering: fork (detected: attribute ttg.min_reg_auto_ws at IR [[@LINE-4]] (only Meta's fork emits it))
  // CHECK: lowering.mlir:[[@LINE+9]]:5: note: TMA store reads x with no fence.proxy.async after the generic write (local_store) at IR [[@LINE+8]] in outside; the ProxyFenceInsertion of Meta's Triton fork adds this fence when lowering to LLVM [fence-at-lowering]
  // CHECK: note: Meta's Triton fork, make_llir: ProxyFenceInsertion puts fence.proxy.async before every async-proxy access {{.*}}; lowering detected: attribute ttg.min_reg_auto_ws
  // CHECK: lowering.mlir:[[@LINE+9]]:5: note: TMA reduce reads x with no fence.proxy.async {{.*}} [fence-at-lowering]
  // UP-LABEL: == kernel fork_module_attr (cuda:90): missing-fence
  // UP-NEXT: lowering: upstream (--lowering upstream)
  tt.func @fork_module_attr(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>, %v: tensor<64x64xf16, #b>) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.async_tma_reduce add, %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    tt.return
  }
}

// -----
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // The fork's memory planner tags allocations with buffer.id: fork IR. The
  // fork fences a wgmma operand after a local_store in the same partition.
  // CHECK-LABEL: == kernel fork_buffer_id (cuda:90): ok
  // CHECK-NEXT: lowering: fork (detected: attribute buffer.id at IR [[@LINE+4]] (only Meta's fork emits it))
  // CHECK: lowering.mlir:[[@LINE+5]]:5: note: wgmma operand B reads w {{.*}} [fence-at-lowering]
  tt.func @fork_buffer_id(%v: tensor<64x64xf16, #b>, %acc: tensor<64x64xf32, #b>, %a: !ttg.memdesc<64x64xf16, #n, #smem>) {
    %true = arith.constant true
    %w = ttg.local_alloc {buffer.id = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttg.local_store %v, %w : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %d = ttng.warp_group_dot %a, %w, %acc, %true {isAsync = true} : !ttg.memdesc<64x64xf16, #n, #smem> * !ttg.memdesc<64x64xf16, #n, #smem, mutable> -> tensor<64x64xf32, #b>
    tt.return
  }
}

// -----
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", tlx.has_tlx_ops = true} {
  // Fork IR, but the pair crosses partitions: the fork's pass follows program
  // order only, so the missing fence stays an error.
  // CHECK-LABEL: == kernel fork_cross (cuda:90): missing-fence
  // CHECK-NEXT: lowering: fork (detected: attribute tlx.has_tlx_ops
  // CHECK: error: TMA store reads x {{.*}} ordered only by mbarrier bar {{.*}} [missing-fence]
  tt.func @fork_cross(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>, %v: tensor<64x64xf16, #b>) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%desc, %x, %bar)
    default {
      ttg.local_store %v, %x : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%d1: !tt.tensordesc<tensor<64x64xf16, #n>>, %x1: !ttg.memdesc<64x64xf16, #n, #smem, mutable>, %bar1: !ttg.memdesc<1xi64, #s, #smem, mutable>) num_warps(1) {
      %c0_1 = arith.constant 0 : i32
      ttng.wait_barrier %bar1, %c0_1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.async_tma_copy_local_to_global %d1[%c0_1, %c0_1] %x1 : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>
      ttg.warp_return
    } : (!tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>) -> ()
    tt.return
  }
}

// CHECK: exit=1
// FORK: exit=1
// UP: exit=1

// FINAL: lowering: none (--no-lowering-fences: the IR is final)
// FINAL: [missing-fence]
// FINAL-NOT: [fence-at-lowering]
// FINAL: exit=1

// SCHEMA: schema ok: 4 kernels

// JSON: plain_store upstream | no fork marker in the IR; give --lowering fork if Meta's fork compiled it
// JSON-NEXT: fork_module_attr fork | detected: attribute ttg.min_reg_auto_ws at IR {{[0-9]+}} (only Meta's fork emits it)
// JSON-NEXT: fork_buffer_id fork | detected: attribute buffer.id at IR {{[0-9]+}} (only Meta's fork emits it)
// JSON-NEXT: fork_cross fork | detected: attribute tlx.has_tlx_ops at IR {{[0-9]+}} (only Meta's fork emits it)

// USAGE: --lowering: sideways not in {auto,upstream,fork}
// USAGE: exit=2

// CHECKCMD: fences: plain_store: missing-fence (lowering upstream: no fork marker)
// CHECKCMD-NEXT: fences: fork_module_attr: ok (lowering fork: attribute ttg.min_reg_auto_ws at IR {{[0-9]+}})
// CHECKCMD-NEXT: fences: fork_buffer_id: ok (lowering fork: attribute buffer.id at IR {{[0-9]+}})
// CHECKCMD-NEXT: fences: fork_cross: missing-fence (lowering fork: attribute tlx.has_tlx_ops at IR {{[0-9]+}})
// CHECKCMD: 1 file checked: 2 errors, 0 warnings, 3 notes
// CHECKCMD: exit=1

// CHECKFORK: fences: plain_store: ok (lowering fork: --lowering fork)
// CHECKFORK: 1 file checked: 1 error, 0 warnings, 4 notes
// CHECKFORK: exit=1
