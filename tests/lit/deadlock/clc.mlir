// ttng.clc_try_cancel (clusterlaunchcontrol.try_cancel) writes its 16-byte
// response asynchronously and completes 16 transaction bytes on its
// mbarrier: after `barrier_expect 16` the wait passes. Both spellings (the
// upstream `clc_try_cancel %result, %bar` and the fork's older
// `async_clc_try_cancel %bar, %result`).
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s

// CHECK-LABEL: == kernel clc_ok: no-deadlock
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @clc_ok() {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %res = ttg.local_alloc : () -> !ttg.memdesc<1xui128, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.barrier_expect %bar, 16, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.clc_try_cancel %res, %bar : !ttg.memdesc<1xui128, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// CHECK-LABEL: == kernel clc_fork_spelling_ok: no-deadlock
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem1 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @clc_fork_spelling_ok() {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    %res = ttg.local_alloc : () -> !ttg.memdesc<1xui128, #s1, #smem1, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    ttng.barrier_expect %bar, 16, %true : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    ttng.async_clc_try_cancel %bar, %res : !ttg.memdesc<1xi64, #s1, #smem1, mutable>, !ttg.memdesc<1xui128, #s1, #smem1, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    tt.return
  }
}

// -----

// Expecting 32 bytes where the response brings 16: the phase never completes.
// CHECK-LABEL: == kernel clc_short: deadlock
// CHECK: CLC{{.*}}delivers 16 bytes to bar
// CHECK: exit=1
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @clc_short() {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %res = ttg.local_alloc : () -> !ttg.memdesc<1xui128, #s2, #smem2, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.barrier_expect %bar, 32, %true : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.clc_try_cancel %res, %bar : !ttg.memdesc<1xui128, #s2, #smem2, mutable>, !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    tt.return
  }
}
