// Races in regions of several blocks (loops built from cf.br / cf.cond_br,
// as convert-scf-to-cf writes them): a two-slot ring whose consumer reads
// each slot and releases it on `empty`.
// RUN: %python %inputs/exit-code.py %tscope races %s --arg k=4 | %FileCheck %s

// The producer waits on `empty` before it refills a slot: ordered.
// CHECK-LABEL: == kernel cf_ring_ordered: no-race
// CHECK-NEXT:  run k=4: no-race (35 states)
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @cf_ring_ordered(%k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s, #smem, mutable>
    %ready = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %r0 = ttg.memdesc_index %ready[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %r0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %r1 = ttg.memdesc_index %ready[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %r1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e0 = ttg.memdesc_index %empty[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e1 = ttg.memdesc_index %empty[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%buf, %ready, %empty, %k)
    default {
      cf.br ^bb1(%c0 : i32)
    ^bb1(%i: i32):  // 2 preds: ^bb0, ^bb2
      %lt = arith.cmpi slt, %i, %k : i32
      cf.cond_br %lt, ^bb2, ^bb3
    ^bb2:  // pred: ^bb1
      %slot = arith.remsi %i, %c2 : i32
      %q = arith.divsi %i, %c2 : i32
      %ph = arith.andi %q, %c1 : i32
      %rb = ttg.memdesc_index %ready[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %rb, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %v = ttg.memdesc_index %buf[%slot] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      %x = ttg.local_load %v : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
      %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %i2 = arith.addi %i, %c1 : i32
      cf.br ^bb1(%i2 : i32)
    ^bb3:  // pred: ^bb1
      ttg.warp_yield
    }
    partition0(%d: !ttg.memdesc<2x32xf32, #s, #smem, mutable>, %rd: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %em: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %n: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t = arith.constant 2 : i32
      %one = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      cf.br ^bb1(%z : i32)
    ^bb1(%j: i32):  // 2 preds: ^bb0, ^bb2
      %lt = arith.cmpi slt, %j, %n : i32
      cf.cond_br %lt, ^bb2, ^bb3
    ^bb2:  // pred: ^bb1
      %slot = arith.remsi %j, %t : i32
      %q = arith.divsi %j, %t : i32
      %p = arith.andi %q, %o : i32
      %pe = arith.xori %p, %o : i32
      %eb = ttg.memdesc_index %em[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %eb, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %w = ttg.memdesc_index %d[%slot] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      ttg.local_store %one, %w : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      %rb = ttg.memdesc_index %rd[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %rb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %j2 = arith.addi %j, %o : i32
      cf.br ^bb1(%j2 : i32)
    ^bb3:  // pred: ^bb1
      ttg.warp_return
    } : (!ttg.memdesc<2x32xf32, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// No wait on `empty`: the producer's second lap overwrites slot 0 while the
// consumer may still read it; the trace goes round the producer's back edge.
// CHECK-LABEL: == kernel cf_ring_no_empty_wait: race
// CHECK:       error: kernel cf_ring_no_empty_wait: race on buf[0]: partition0's write (ttg.local_store) is not ordered after default's read (ttg.local_load) [race]
// CHECK:       6. partition0  arrive on ready[0] (pending 1 -> 0, phase 0 completes)
// CHECK-NEXT:  7. default     waits on ready[0] parity 0: passes (phase 1 is current)
// CHECK-NEXT:  8. partition0  arrive on ready[1] (pending 1 -> 0, phase 0 completes)
// CHECK:       exit=1
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @cf_ring_no_empty_wait(%k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s, #smem, mutable>
    %ready = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %r0 = ttg.memdesc_index %ready[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %r0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %r1 = ttg.memdesc_index %ready[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %r1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e0 = ttg.memdesc_index %empty[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e1 = ttg.memdesc_index %empty[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%buf, %ready, %empty, %k)
    default {
      cf.br ^bb1(%c0 : i32)
    ^bb1(%i: i32):  // 2 preds: ^bb0, ^bb2
      %lt = arith.cmpi slt, %i, %k : i32
      cf.cond_br %lt, ^bb2, ^bb3
    ^bb2:  // pred: ^bb1
      %slot = arith.remsi %i, %c2 : i32
      %q = arith.divsi %i, %c2 : i32
      %ph = arith.andi %q, %c1 : i32
      %rb = ttg.memdesc_index %ready[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %rb, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %v = ttg.memdesc_index %buf[%slot] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      %x = ttg.local_load %v : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
      %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %i2 = arith.addi %i, %c1 : i32
      cf.br ^bb1(%i2 : i32)
    ^bb3:  // pred: ^bb1
      ttg.warp_yield
    }
    partition0(%d: !ttg.memdesc<2x32xf32, #s, #smem, mutable>, %rd: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %em: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %n: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t = arith.constant 2 : i32
      %one = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      cf.br ^bb1(%z : i32)
    ^bb1(%j: i32):  // 2 preds: ^bb0, ^bb2
      %lt = arith.cmpi slt, %j, %n : i32
      cf.cond_br %lt, ^bb2, ^bb3
    ^bb2:  // pred: ^bb1
      %slot = arith.remsi %j, %t : i32
      %q = arith.divsi %j, %t : i32
      %p = arith.andi %q, %o : i32
      %pe = arith.xori %p, %o : i32
      %w = ttg.memdesc_index %d[%slot] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      ttg.local_store %one, %w : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      %rb = ttg.memdesc_index %rd[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %rb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %j2 = arith.addi %j, %o : i32
      cf.br ^bb1(%j2 : i32)
    ^bb3:  // pred: ^bb1
      ttg.warp_return
    } : (!ttg.memdesc<2x32xf32, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}
