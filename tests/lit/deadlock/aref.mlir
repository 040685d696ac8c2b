// NVWS arefs as NVWSLowerAref lowers them: per slot an `empty` and a `full`
// mbarrier; put.enter waits on `empty[stage]`, put.exit arrives on
// `full[stage]`, get.enter waits on `full[stage]`, get.exit arrives on
// `empty[stage]` (async op `none`: a plain arrive).
// RUN: %python %inputs/exit-code.py %tscope deadlock %s --arg n=5 | %FileCheck %s
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// A two-slot ring, every enter closed by its exit.
// CHECK-LABEL: == kernel aref_ok: no-deadlock
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @aref_ok(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s, #smem, mutable>
    %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>
    ttg.warp_specialize(%aref, %n)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      scf.for %i = %c0 to %n step %c1 : i32 {
        %st = arith.remsi %i, %c2 : i32
        %r = arith.divsi %i, %c2 : i32
        %p = arith.andi %r, %c1 : i32
        %pp = arith.xori %p, %c1 : i32
        %b, %tk = nvws.aref.put.enter %aref[%st, %pp] : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem, mutable>, !ttg.async.token
        ttg.local_store %v, %b : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        nvws.aref.put.exit %aref[%st], %tk [#nvws.async_op<none>] : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>, !ttg.async.token
      }
      ttg.warp_yield
    }
    partition0(%a: !nvws.aref<[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t = arith.constant 2 : i32
      scf.for %j = %z to %m step %o : i32 {
        %st = arith.remsi %j, %t : i32
        %r = arith.divsi %j, %t : i32
        %p = arith.andi %r, %o : i32
        %b, %tk = nvws.aref.get.enter %a[%st, %p] : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem, mutable>, !ttg.async.token
        %x = ttg.local_load %b : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        nvws.aref.get.exit %a[%st], %tk [#nvws.async_op<none>] : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>, !ttg.async.token
      }
      ttg.warp_return
    } : (!nvws.aref<[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>, i32) -> ()
    tt.return
  }
}

// -----

// The consumer never exits its get: after two stages the producer waits on
// an `empty` phase nobody completes.
// CHECK-LABEL: == kernel aref_missing_exit: deadlock
// CHECK: default{{.*}}stopped at nvws.aref.put.enter
// CHECK: aref.empty[0]: phase 0, 1 of 1 arrivals pending
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @aref_missing_exit(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s1, #smem, mutable>
    %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x32xf32, #s1, #smem, mutable>]>
    ttg.warp_specialize(%aref, %n)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      scf.for %i = %c0 to %n step %c1 : i32 {
        %st = arith.remsi %i, %c2 : i32
        %r = arith.divsi %i, %c2 : i32
        %p = arith.andi %r, %c1 : i32
        %pp = arith.xori %p, %c1 : i32
        %b, %tk = nvws.aref.put.enter %aref[%st, %pp] : <[!ttg.memdesc<2x32xf32, #s1, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s1, #smem, mutable>, !ttg.async.token
        ttg.local_store %v, %b : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s1, #smem, mutable>
        nvws.aref.put.exit %aref[%st], %tk [#nvws.async_op<none>] : <[!ttg.memdesc<2x32xf32, #s1, #smem, mutable>]>, !ttg.async.token
      }
      ttg.warp_yield
    }
    partition0(%a: !nvws.aref<[!ttg.memdesc<2x32xf32, #s1, #smem, mutable>]>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t = arith.constant 2 : i32
      scf.for %j = %z to %m step %o : i32 {
        %st = arith.remsi %j, %t : i32
        %r = arith.divsi %j, %t : i32
        %p = arith.andi %r, %o : i32
        %b, %tk = nvws.aref.get.enter %a[%st, %p] : <[!ttg.memdesc<2x32xf32, #s1, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s1, #smem, mutable>, !ttg.async.token
        %x = ttg.local_load %b : !ttg.memdesc<32xf32, #s1, #smem, mutable> -> tensor<32xf32, #bl>
      }
      ttg.warp_return
    } : (!nvws.aref<[!ttg.memdesc<2x32xf32, #s1, #smem, mutable>]>, i32) -> ()
    tt.return
  }
}

// -----

// A TMA producer: put.exit names `tma_load`, so put.enter also expects the
// bytes of the nvws.descriptor_load into its buffer on `full[stage]` and
// the load delivers them; the exit itself arrives on nothing.
// CHECK-LABEL: == kernel aref_tma_ok: no-deadlock
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @aref_tma_ok(%d: !tt.tensordesc<32xf32, #s2>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s2, #smem, mutable>
    %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x32xf32, #s2, #smem, mutable>]>
    ttg.warp_specialize(%aref, %n, %d)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %st = arith.remsi %i, %c2 : i32
        %r = arith.divsi %i, %c2 : i32
        %p = arith.andi %r, %c1 : i32
        %pp = arith.xori %p, %c1 : i32
        %b, %tk = nvws.aref.put.enter %aref[%st, %pp] : <[!ttg.memdesc<2x32xf32, #s2, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s2, #smem, mutable>, !ttg.async.token
        nvws.descriptor_load %d[%i] 128 %b : !tt.tensordesc<32xf32, #s2>, i32, !ttg.memdesc<32xf32, #s2, #smem, mutable>
        nvws.aref.put.exit %aref[%st], %tk [#nvws.async_op<tma_load>] : <[!ttg.memdesc<2x32xf32, #s2, #smem, mutable>]>, !ttg.async.token
      }
      ttg.warp_yield
    }
    partition0(%a: !nvws.aref<[!ttg.memdesc<2x32xf32, #s2, #smem, mutable>]>, %m: i32, %dd: !tt.tensordesc<32xf32, #s2>) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t = arith.constant 2 : i32
      scf.for %j = %z to %m step %o : i32 {
        %st = arith.remsi %j, %t : i32
        %r = arith.divsi %j, %t : i32
        %p = arith.andi %r, %o : i32
        %b, %tk = nvws.aref.get.enter %a[%st, %p] : <[!ttg.memdesc<2x32xf32, #s2, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s2, #smem, mutable>, !ttg.async.token
        %x = ttg.local_load %b : !ttg.memdesc<32xf32, #s2, #smem, mutable> -> tensor<32xf32, #bl>
        nvws.aref.get.exit %a[%st], %tk [#nvws.async_op<none>] : <[!ttg.memdesc<2x32xf32, #s2, #smem, mutable>]>, !ttg.async.token
      }
      ttg.warp_return
    } : (!nvws.aref<[!ttg.memdesc<2x32xf32, #s2, #smem, mutable>]>, i32, !tt.tensordesc<32xf32, #s2>) -> ()
    tt.return
  }
}

// -----

// Before code partitioning (partitions still `ttg.partition` attributes, no
// warp_specialize) each partition runs the loop; an enter takes its
// process's next stage (prepartition.mlir has more). Nobody gets from this
// one-slot aref, so the second put waits forever.
// CHECK-LABEL: == kernel aref_unpartitioned: deadlock
// CHECK: task0 stopped at nvws.aref.put.enter
// CHECK: starts 2 partitions of the loop (its ops' ttg.partition attributes)
// CHECK: task0 nvws.aref.put.enter: waits on aref.empty[0] parity 1: passes
#s3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @aref_unpartitioned(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<1x32xf32, #s3, #smem, mutable>
    %aref = nvws.aref.create %buf : <[!ttg.memdesc<1x32xf32, #s3, #smem, mutable>]>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %b, %tk = nvws.aref.put.enter %aref[%c0, %c0] {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<1x32xf32, #s3, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s3, #smem, mutable>, !ttg.async.token
      ttg.local_store %v, %b {ttg.partition = array<i32: 0>} : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s3, #smem, mutable>
      nvws.aref.put.exit %aref[%c0], %tk [#nvws.async_op<none>] {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<1x32xf32, #s3, #smem, mutable>]>, !ttg.async.token
    } {tt.warp_specialize, ttg.partition = array<i32: 0, 1>}
    tt.return
  }
}
