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

// -----

// A 1xi64 buffer that only data accesses use is data: storing to it is no
// barrier operation (any other op on it, as below, makes it a barrier).
// CHECK-LABEL: == kernel i64_data: no-deadlock
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
#bl2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @i64_data(%v: tensor<1xi64, #bl2>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttg.local_store %v, %buf : tensor<1xi64, #bl2> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    tt.return
  }
}

// -----

// The same buffer initialised as a barrier: the unknown op on it stops the run.
// CHECK-LABEL: == kernel i64_barrier: unknown
// CHECK-SAME: use (IR line {{[0-9]+}}) uses an mbarrier and is not modelled
#s3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem3 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @i64_barrier() {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    ttng.init_barrier %buf, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    "use"(%buf) : (!ttg.memdesc<1xi64, #s3, #smem3, mutable>) -> ()
    tt.return
  }
}
