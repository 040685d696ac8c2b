// No silent skips: an op that uses an mbarrier and that the model has no rule
// for makes the run unknown, naming the op and its IR line; the same kernel
// without it is decided.
// RUN: %tscope deadlock %s | %FileCheck %s

// `async_bulk_copy_global_to_local` completes bytes on its barrier; tscope
// has no rule for it, so the wait after it cannot be decided.
// CHECK-LABEL: == kernel bulk_copy: unknown
// CHECK-SAME: outside: ttng.async_bulk_copy_global_to_local (IR line [[@LINE+12]]) uses an mbarrier and is not modelled
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @bulk_copy(%src: !tt.ptr<f32>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %size = arith.constant 128 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.barrier_expect %bar, 128, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.async_bulk_copy_global_to_local %src, %buf, %size, %bar, %true : !tt.ptr<f32>, !ttg.memdesc<32xf32, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// An op that is never reached does not matter.
// CHECK-LABEL: == kernel bulk_copy_unreached: no-deadlock
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem1 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @bulk_copy_unreached(%src: !tt.ptr<f32>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %false = arith.constant false
    %size = arith.constant 128 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #s1, #smem1, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    scf.if %false {
      ttng.async_bulk_copy_global_to_local %src, %buf, %size, %bar, %true : !tt.ptr<f32>, !ttg.memdesc<32xf32, #s1, #smem1, mutable>, !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    }
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    tt.return
  }
}
