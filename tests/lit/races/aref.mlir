// NVWS arefs under the race check: each stage of the ring is its own
// location; a get.exit releases the stage to the producer, so reading it
// after the exit races with the refill.
// RUN: %python %inputs/exit-code.py %tscope races %s --arg n=5 | %FileCheck %s
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>

// CHECK-LABEL: == kernel aref_ordered: no-race
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @aref_ordered(%n: i32) {
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

// CHECK-LABEL: == kernel aref_read_after_exit: race
// CHECK: error: kernel aref_read_after_exit: race on aref[{{[01]}}]
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @aref_read_after_exit(%n: i32) {
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
        nvws.aref.get.exit %a[%st], %tk [#nvws.async_op<none>] : <[!ttg.memdesc<2x32xf32, #s1, #smem, mutable>]>, !ttg.async.token
        %x = ttg.local_load %b : !ttg.memdesc<32xf32, #s1, #smem, mutable> -> tensor<32xf32, #bl>
      }
      ttg.warp_return
    } : (!nvws.aref<[!ttg.memdesc<2x32xf32, #s1, #smem, mutable>]>, i32) -> ()
    tt.return
  }
}
