// tmem-redundant-init fires only when the overwrite is certain for every trip
// count (docs/Barriers.md, "Operand-D init"): the MMA that starts with
// use_acc=false must run before any read on every path, so its K loop must
// provably run at least once and no scf.if may skip it. The message says how
// the store is ordered: a store above the warp_specialize is ordered by the
// fork, and no race is claimed for it.
// RUN: %tscope barriers %s | %FileCheck %s
// RUN: %python %inputs/exit-code.py %tscope check --disable deadlock --disable race --disable redundant-wait %s | %FileCheck %s --check-prefix=FIND --implicit-check-not='[tmem-redundant-init]'

#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // Upstream automatic warp specialization of a tl.dot matmul: the zero store
  // runs before the fork, the MMA's use_acc is an iter_arg that starts false,
  // and the K loop runs k_tiles times, which may be zero: then the zero store
  // is the result. Not redundant.
  // CHECK-LABEL: == kernel autows_zero_trips
  // CHECK: 7. Operand-D accumulator init
  // CHECK: ✓  acc {{.*}}  false on the first K step  outside (IR [[@LINE+8]]{{.*}})  use_acc=false on the first K step, but its loop at IR [[@LINE+18]] runs from 0 to k_tiles, which may be zero times: then the zero tmem_store by outside @[[@LINE+8]] is what the accumulator holds
  tt.func @autows_zero_trips(%k_tiles: i32, %a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %done = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %done, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_store %zero, %acc, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttg.warp_specialize(%acc, %done, %k_tiles, %a, %b)
    default {
      ttg.warp_yield
    }
    partition0(%acc1: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %done1: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %n1: i32, %a1: !ttg.memdesc<128x64xf16, #shared, #smem>, %b1: !ttg.memdesc<64x128xf16, #shared, #smem>) num_warps(1) {
      %c0_1 = arith.constant 0 : i32
      %c1_1 = arith.constant 1 : i32
      %false_1 = arith.constant false
      %true_1 = arith.constant true
      %use = scf.for %k = %c0_1 to %n1 step %c1_1 iter_args(%u = %false_1) -> (i1) : i32 {
        ttng.tc_gen5_mma %a1, %b1, %acc1, %u, %true_1 : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
        scf.yield %true_1 : i1
      }
      ttng.tc_gen5_commit %done1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, i32, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>) -> ()
    ttng.wait_barrier %done, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %r = ttng.tmem_load %acc : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    tt.return
  }

  // The same with a K loop of four trips: the first MMA overwrites the zero
  // store every time. Redundant, and ordered by the fork: no race claimed.
  // CHECK-LABEL: == kernel autows_four_trips
  // CHECK: ✗ redundant  acc {{.*}}  false on the first K step  outside (IR [[@LINE+11]]{{.*}})  the MMA starts with use_acc=false on the first K step and its loop at IR [[@LINE+22]] runs 4 times (0 to 4 step 1), so the zero tmem_store by outside @[[@LINE+11]] is overwritten unread; it runs before the warp_specialize @[[@LINE+12]], which orders it before the MMA: it costs a tmem_store for nothing
  // FIND: tmem-init-trips.mlir:[[@LINE+10]]:5: warning: zero tmem_store of 'acc' in outside is redundant: the partition0 MMA starts with use_acc=false on the first K step [tmem-redundant-init]
  // FIND-NOT: races
  // FIND: note: the MMA starts with use_acc=false on the first K step and its loop at IR [[@LINE+19]] runs 4 times
  tt.func @autows_four_trips(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %done = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %done, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_store %zero, %acc, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttg.warp_specialize(%acc, %done, %a, %b)
    default {
      ttg.warp_yield
    }
    partition0(%acc1: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %done1: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %a1: !ttg.memdesc<128x64xf16, #shared, #smem>, %b1: !ttg.memdesc<64x128xf16, #shared, #smem>) num_warps(1) {
      %c0_1 = arith.constant 0 : i32
      %c1_1 = arith.constant 1 : i32
      %c4_1 = arith.constant 4 : i32
      %false_1 = arith.constant false
      %true_1 = arith.constant true
      %use = scf.for %k = %c0_1 to %c4_1 step %c1_1 iter_args(%u = %false_1) -> (i1) : i32 {
        ttng.tc_gen5_mma %a1, %b1, %acc1, %u, %true_1 : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
        scf.yield %true_1 : i1
      }
      ttng.tc_gen5_commit %done1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>) -> ()
    ttng.wait_barrier %done, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %r = ttng.tmem_load %acc : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    tt.return
  }

  // use_acc=false, but an scf.if may skip the MMA: the zero store stays.
  // CHECK-LABEL: == kernel skipped_by_if
  // CHECK: ✓  acc {{.*}}  false  outside (IR [[@LINE+8]]{{.*}})  use_acc=false, but the MMA sits in an scf.if at IR [[@LINE+16]], which may skip it: then the zero tmem_store by outside @[[@LINE+8]] is what the accumulator holds
  tt.func @skipped_by_if(%p: i1, %a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %done = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %done, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_store %zero, %acc, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttg.warp_specialize(%acc, %done, %p, %a, %b)
    default {
      ttg.warp_yield
    }
    partition0(%acc1: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %done1: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p1: i1, %a1: !ttg.memdesc<128x64xf16, #shared, #smem>, %b1: !ttg.memdesc<64x128xf16, #shared, #smem>) num_warps(1) {
      %false_1 = arith.constant false
      %true_1 = arith.constant true
      scf.if %p1 {
        ttng.tc_gen5_mma %a1, %b1, %acc1, %false_1, %true_1 : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      }
      ttng.tc_gen5_commit %done1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, i1, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>) -> ()
    ttng.wait_barrier %done, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %r = ttng.tmem_load %acc : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    tt.return
  }

  // A four-trip K loop, but an scf.if around it may skip it (a guard such as
  // `if k_tiles > 0`): the zero store stays.
  // CHECK-LABEL: == kernel if_around_loop
  // CHECK: ✓  acc {{.*}}  false on the first K step  outside (IR [[@LINE+8]]{{.*}})  use_acc=false on the first K step, but the MMA sits in an scf.if at IR [[@LINE+19]], which may skip it
  tt.func @if_around_loop(%p: i1, %a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %done = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %done, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_store %zero, %acc, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttg.warp_specialize(%acc, %done, %p, %a, %b)
    default {
      ttg.warp_yield
    }
    partition0(%acc1: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %done1: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %p1: i1, %a1: !ttg.memdesc<128x64xf16, #shared, #smem>, %b1: !ttg.memdesc<64x128xf16, #shared, #smem>) num_warps(1) {
      %c0_1 = arith.constant 0 : i32
      %c1_1 = arith.constant 1 : i32
      %c4_1 = arith.constant 4 : i32
      %false_1 = arith.constant false
      %true_1 = arith.constant true
      scf.if %p1 {
        %use = scf.for %k = %c0_1 to %c4_1 step %c1_1 iter_args(%u = %false_1) -> (i1) : i32 {
          ttng.tc_gen5_mma %a1, %b1, %acc1, %u, %true_1 : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
          scf.yield %true_1 : i1
        }
      }
      ttng.tc_gen5_commit %done1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, i1, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>) -> ()
    ttng.wait_barrier %done, %c0 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %r = ttng.tmem_load %acc : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
    tt.return
  }
}
// FIND: exit=0
