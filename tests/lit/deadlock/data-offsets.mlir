// A TMA coordinate carried through the loop from an input (`off = n * h`,
// then `off + 64` per trip), as Triton's attention kernels carry a tile's
// row offset: with the inputs unbound it is an unknown that changes every
// trip, yet no synchronizing op, buffer index, branch or bound reads it. The
// fold compares only the values that steer the model (docs/Deadlock.md,
// "Every trip count"), so the proof goes through; before, no state recurred
// shifted and the bounded runs decided.
// RUN: %tscope deadlock %s | %FileCheck %s
// RUN: %tscope races %s | %FileCheck %s --check-prefix=RACES

// CHECK-LABEL: == kernel data_offset: no-deadlock (every interleaving finishes, at every trip count (proof below))
// CHECK-NEXT:  every trip count: proved for every value of %n, %h
// CHECK-NEXT:  symbolic trip count: loop at IR [[#]] (period 4 trips)
// RACES-LABEL: == kernel data_offset: no-race (every access is ordered in every interleaving, at every trip count (proof below))
// RACES-NEXT:  every trip count: proved for every value of %n, %h
// Which values steer and which only feed coordinates is unit-tested in
// tests/unit/model/SteeringTest.cpp.

#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @data_offset(%desc: !tt.tensordesc<tensor<64x64xf16, #nv>>, %n: i32, %h: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #nv, #smem, mutable>
    %f0 = ttg.memdesc_index %full[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %f1 = ttg.memdesc_index %full[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e0 = ttg.memdesc_index %empty[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e1 = ttg.memdesc_index %empty[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %buf, %desc, %n, %h)
    default {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %s64 = arith.constant 64 : i32
      scf.for %i = %z to %n step %s64 : i32 {
        %t = arith.divsi %i, %s64 : i32
        %slot = arith.remsi %t, %two : i32
        %q = arith.divsi %t, %two : i32
        %ph = arith.andi %q, %o : i32
        %fb = ttg.memdesc_index %full[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %fb, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %tile = ttg.memdesc_index %buf[%slot] : !ttg.memdesc<2x64x64xf16, #nv, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
        %v = ttg.local_load %tile : !ttg.memdesc<64x64xf16, #nv, #smem, mutable> -> tensor<64x64xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>>
        %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%fl: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %em: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %bf: !ttg.memdesc<2x64x64xf16, #nv, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #nv>>, %nn: i32, %hh: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %s64 = arith.constant 64 : i32
      %true = arith.constant true
      %base = arith.muli %nn, %hh : i32
      %end = scf.for %j = %z to %nn step %s64 iter_args(%off = %base) -> (i32) : i32 {
        %t = arith.divsi %j, %s64 : i32
        %slot = arith.remsi %t, %two : i32
        %q = arith.divsi %t, %two : i32
        %p = arith.andi %q, %o : i32
        %pe = arith.xori %p, %o : i32
        %eb = ttg.memdesc_index %em[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %eb, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %fb = ttg.memdesc_index %fl[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.barrier_expect %fb, 8192, %true : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %dst = ttg.memdesc_index %bf[%slot] : !ttg.memdesc<2x64x64xf16, #nv, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
        ttng.async_tma_copy_global_to_local %d[%off, %z] %dst, %fb, %true : !tt.tensordesc<tensor<64x64xf16, #nv>>, !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nv, #smem, mutable>
        %next = arith.addi %off, %s64 : i32
        scf.yield %next : i32
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x64x64xf16, #nv, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #nv>>, i32, i32) -> ()
    tt.return
  }
}
