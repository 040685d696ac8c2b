// Check id `mbarrier-overarrive`: an arrival on an mbarrier phase whose
// arrivals are complete and that waits only for transaction bytes (the H200
// faults: CUDA error 719). The finding sits on the op its proven fix changes
// (docs/Fix.md); the arrival that over-arrives is the symptom.
// RUN: %python %inputs/exit-code.py %tscope check %s --arg n=4 | %FileCheck %s --implicit-check-not='[mbarrier-overarrive]'

// The producer arms `ready` (expect + arrive: 1 of 1 arrivals) and then
// arrives once more before the TMA bytes land: the pending count would go
// below zero.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @double_arrive(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %ready = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %ready, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.barrier_expect %ready, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
    // At the init, whose count the fix raises to 2.
    // CHECK: mbarrier-overarrive.mlir:[[@LINE-3]]:{{[0-9]+}}: error: {{.*}}[mbarrier-overarrive]
    ttng.arrive_barrier %ready, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buf, %ready, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.wait_barrier %ready, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// The same without the extra arrival: expect, TMA load, wait.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @armed_once(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %ready = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %ready, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.barrier_expect %ready, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %buf, %ready, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    ttng.wait_barrier %ready, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// A one-slot ring across partitions: the producer arms `ready` only after
// the consumer released the slot on `empty`.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @ring_ok(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %ready = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %ready, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%desc, %buf, %ready, %empty, %n)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        ttng.wait_barrier %ready, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%d: !tt.tensordesc<tensor<64x64xf16, #n>>, %b: !ttg.memdesc<64x64xf16, #n, #smem, mutable>, %r: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t = arith.constant true
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        ttng.wait_barrier %e, %q : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.barrier_expect %r, 8192, %t : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.async_tma_copy_global_to_local %d[%z, %z] %b, %r, %t : !tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
      }
      ttg.warp_return
    } : (!tt.tensordesc<tensor<64x64xf16, #n>>, !ttg.memdesc<64x64xf16, #n, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// CHECK: exit=1
