// Regions of several blocks, as convert-scf-to-cf writes them (the last
// TTGIR before LLVM lowering): a loop is a header block whose arguments
// carry the counter, a cf.cond_br on arith.cmpi, a body and a cf.br back.
// The model runs them like scf (docs/Deadlock.md, "Branches"); the proof for
// every trip count follows scf.for loops only, so the bounded runs decide.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s

// A two-slot ring, producer and consumer loops both built from branches.
// CHECK-LABEL: == kernel cf_ring: no-deadlock (every interleaving of every run below finishes)
// CHECK:       run others=4: no-deadlock (35 states)
// CHECK:       every trip count: not proved (default: the loop whose exit test is cf.cond_br at IR line [[#]] is built from branches (cf), and the proof for every trip count follows scf.for loops only); the verdict holds for the runs above
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @cf_ring(%k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
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
    ttg.warp_specialize(%ready, %empty, %k)
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
      %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %i2 = arith.addi %i, %c1 : i32
      cf.br ^bb1(%i2 : i32)
    ^bb3:  // pred: ^bb1
      ttg.warp_yield
    }
    partition0(%rd: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %em: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %n: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t = arith.constant 2 : i32
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
      %rb = ttg.memdesc_index %rd[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %rb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %j2 = arith.addi %j, %o : i32
      cf.br ^bb1(%j2 : i32)
    ^bb3:  // pred: ^bb1
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// The producer's parity on `empty` is taken from the counter instead of the
// lap (j & 1 for (j / 2) & 1): its second trip, after the back edge, waits on
// empty[1] for a phase the consumer completes only after ready[1].
// CHECK-LABEL: == kernel cf_ring_bad_parity: deadlock
// CHECK:       run others=1: no-deadlock
// CHECK:       run others=2: deadlock
// CHECK:       partition0  waits on empty[1] for parity 0; its phase 0 (parity 0) is still open
// CHECK:       error: kernel cf_ring_bad_parity hangs
// CHECK:       trace (9 steps):
// CHECK:       6. partition0  waits on empty[0] parity 1: passes (phase 0 is current)
// CHECK-NEXT:  7. partition0  arrive on ready[0] (pending 1 -> 0, phase 0 completes)
// CHECK-NEXT:  8. default     waits on ready[0] parity 0: passes (phase 1 is current)
// CHECK-NEXT:  9. default     arrive on empty[0] (pending 1 -> 0, phase 0 completes)
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @cf_ring_bad_parity(%k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
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
    ttg.warp_specialize(%ready, %empty, %k)
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
      %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %i2 = arith.addi %i, %c1 : i32
      cf.br ^bb1(%i2 : i32)
    ^bb3:  // pred: ^bb1
      ttg.warp_yield
    }
    partition0(%rd: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %em: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %n: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t = arith.constant 2 : i32
      cf.br ^bb1(%z : i32)
    ^bb1(%j: i32):  // 2 preds: ^bb0, ^bb2
      %lt = arith.cmpi slt, %j, %n : i32
      cf.cond_br %lt, ^bb2, ^bb3
    ^bb2:  // pred: ^bb1
      %slot = arith.remsi %j, %t : i32
      %q = arith.divsi %j, %t : i32
      %p = arith.andi %j, %o : i32
      %pe = arith.xori %p, %o : i32
      %eb = ttg.memdesc_index %em[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %eb, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %rb = ttg.memdesc_index %rd[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %rb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %j2 = arith.addi %j, %o : i32
      cf.br ^bb1(%j2 : i32)
    ^bb3:  // pred: ^bb1
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// A branch on a value read from memory is not an input: both sides are
// explored (docs/Deadlock.md, "Branches on data"); the false side skips the
// arrive and hangs, which the data may never choose: unknown, with the
// condition named.
// CHECK-LABEL: == kernel cf_loaded_cond: unknown (the kernel hangs on a path that takes a side of a branch on data the model does not compute (cf.cond_br at IR line [[#]] on %go (not an integer scalar: %go = tt.load at line [[#]])); whether the data allows that side is not known)
// CHECK:       warning: deadlock not verified for kernel cf_loaded_cond: the kernel hangs on a path that takes a side of a branch on data
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @cf_loaded_cond(%ptr: !tt.ptr<i1>) {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %go = tt.load %ptr : !tt.ptr<i1>
    cf.cond_br %go, ^bb1, ^bb2
  ^bb1:
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    cf.br ^bb2
  ^bb2:
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// A branch on an unbound i1 argument is explored both ways, as scf.if is:
// the partition arrives only when the flag is set, the default region
// always waits.
// CHECK-LABEL: == kernel cf_flag: deadlock
// CHECK:       trace (3 steps):
// CHECK:       3. partition0  takes the false side of cf.cond_br on unbound %f
// CHECK:       exit=1
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem1 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @cf_flag(%flag: i1) {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    ttg.warp_specialize(%bar, %flag)
    default {
      ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<1xi64, #s1, #smem1, mutable>, %f: i1) num_warps(1) {
      cf.cond_br %f, ^bb1, ^bb2
    ^bb1:
      ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
      cf.br ^bb2
    ^bb2:
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s1, #smem1, mutable>, i1) -> ()
    tt.return
  }
}
