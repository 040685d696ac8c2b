// Check id `tmem-redundant-init` (warning): a zero tmem_store of an
// accumulator by another partition, when the MMA that accumulates into it
// already starts with use_acc=false and surely runs (its K loop has at least
// one trip). The finding sits on the tmem_store.
// RUN: %python %inputs/exit-code.py %tscope check %s --arg n=2 | %FileCheck %s --implicit-check-not='[tmem-redundant-init]'

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // The MMA's first K step has use_acc = (i > 0) = false and the K loop runs
  // twice: it overwrites o, so the default partition's zero store is wasted
  // work (and, unordered, also a race with the MMA).
  tt.func @redundant(%n: i32, %a: !ttg.memdesc<128x128xf16, #shared, #smem>, %v: !ttg.memdesc<128x128xf16, #shared, #smem>) {
    %o = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %true = arith.constant true
    ttg.warp_specialize(%o, %n, %a, %v)
    default {
      // CHECK: tmem-redundant-init.mlir:[[@LINE+1]]:{{[0-9]+}}: warning: {{.*}}[tmem-redundant-init]
      ttng.tmem_store %zero, %o, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      ttg.warp_yield
    }
    partition0(%o1: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %n1: i32, %a1: !ttg.memdesc<128x128xf16, #shared, #smem>, %v1: !ttg.memdesc<128x128xf16, #shared, #smem>) num_warps(1) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      %true1 = arith.constant true
      scf.for %i = %c0 to %c2 step %c1 : i32 {
        %use = arith.cmpi sgt, %i, %c0 : i32
        ttng.tc_gen5_mma %a1, %v1, %o1, %use, %true1 : !ttg.memdesc<128x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, i32, !ttg.memdesc<128x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf16, #shared, #smem>) -> ()
    tt.return
  }
  // Must not fire: the MMA always accumulates (use_acc = true), so the zero
  // store is what starts the sum.
  tt.func @needed(%n: i32, %a: !ttg.memdesc<128x128xf16, #shared, #smem>, %v: !ttg.memdesc<128x128xf16, #shared, #smem>) {
    %o = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %ready = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %ready, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %true = arith.constant true
    ttg.warp_specialize(%o, %ready, %n, %a, %v)
    default {
      ttng.tmem_store %zero, %o, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      ttng.arrive_barrier %ready, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%o1: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %r1: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %n1: i32, %a1: !ttg.memdesc<128x128xf16, #shared, #smem>, %v1: !ttg.memdesc<128x128xf16, #shared, #smem>) num_warps(1) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %true1 = arith.constant true
      ttng.wait_barrier %r1, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      scf.for %i = %c0 to %n1 step %c1 : i32 {
        ttng.tc_gen5_mma %a1, %v1, %o1, %true1, %true1 : !ttg.memdesc<128x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, i32, !ttg.memdesc<128x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf16, #shared, #smem>) -> ()
    tt.return
  }
  // Must not fire: the zero store is in the MMA's own partition, before the
  // loop (not a cross-partition store).
  tt.func @same_partition(%n: i32, %a: !ttg.memdesc<128x128xf16, #shared, #smem>, %v: !ttg.memdesc<128x128xf16, #shared, #smem>) {
    %o = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    ttng.tmem_store %zero, %o, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %use = arith.cmpi sgt, %i, %c0 : i32
      ttng.tc_gen5_mma %a, %v, %o, %use, %true : !ttg.memdesc<128x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    }
    tt.return
  }
}

// The race in @redundant is an error.
// CHECK: exit=1
