// A ring released one slot late: iteration t frees slot (t - 1) % 2 under
// the predicate t >= 1 (the shape of Triton's Gluon tutorial
// 08-warp-specialization). At t = 0, (t - 1) % 2 is -1 (a truncating
// remainder of a value below zero), which no shift of the trip count
// carries; from t = 1 on it is periodic. The proof reads such an unsettled
// value as it is and remembers the state that did; no fold may lead back to
// one (docs/Deadlock.md, "Every trip count"), so the kernel is proved for
// every n. Before, the proof stopped at the memdesc_index.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s
// CHECK-LABEL: == kernel release_previous: no-deadlock (every interleaving finishes, at every trip count (proof below))
// CHECK-NEXT:  every trip count: proved for every value of %n
// CHECK-NEXT:  symbolic trip count: loop at IR [[#]] (period 4 trips)
//
// The same ring released from t >= 2: slot 0 is never freed after its first
// use, so the kernel hangs from n = 3 on. Dropping the predicate is no fix:
// at t = 0 the arrive then uses slot -1 of `empty`, memory beside the
// barriers, which the model does not follow (unknown, not a proven fix).
// CHECK-LABEL: == kernel release_late: deadlock
// CHECK:       run others=3: deadlock
// CHECK:       note: fix: no single edit found that the model proves
//
// CHECK-LABEL: == kernel release_always: unknown (default: ttng.arrive_barrier at IR line [[#]] uses slot -1 of empty, which has 2 slots: the GPU would reach the shared memory beside the barriers (undefined), which the model does not follow)
// CHECK: exit=1
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @release_previous(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %f0 = ttg.memdesc_index %full[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %f1 = ttg.memdesc_index %full[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e0 = ttg.memdesc_index %empty[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e1 = ttg.memdesc_index %empty[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %n)
    default {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      scf.for %t = %z to %n step %o : i32 {
        %slot = arith.remsi %t, %two : i32
        %q = arith.divsi %t, %two : i32
        %ph = arith.andi %q, %o : i32
        %fb = ttg.memdesc_index %full[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %fb, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %prev = arith.subi %t, %o : i32
        %ps = arith.remsi %prev, %two : i32
        %eb = ttg.memdesc_index %empty[%ps] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %go = arith.cmpi sge, %t, %o : i32
        ttng.arrive_barrier %eb, 1, %go : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%fl: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %em: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %nn: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      scf.for %j = %z to %nn step %o : i32 {
        %slot = arith.remsi %j, %two : i32
        %q = arith.divsi %j, %two : i32
        %p = arith.andi %q, %o : i32
        %pe = arith.xori %p, %o : i32
        %eb = ttg.memdesc_index %em[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %eb, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %fb = ttg.memdesc_index %fl[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %fb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @release_late(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>
    %f0 = ttg.memdesc_index %full[%c0] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %f0, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %f1 = ttg.memdesc_index %full[%c1] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %f1, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %e0 = ttg.memdesc_index %empty[%c0] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %e0, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %e1 = ttg.memdesc_index %empty[%c1] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %e1, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttg.warp_specialize(%full, %empty, %n)
    default {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      scf.for %t = %z to %n step %o : i32 {
        %slot = arith.remsi %t, %two : i32
        %q = arith.divsi %t, %two : i32
        %ph = arith.andi %q, %o : i32
        %fb = ttg.memdesc_index %full[%slot] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.wait_barrier %fb, %ph : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        %prev = arith.subi %t, %o : i32
        %ps = arith.remsi %prev, %two : i32
        %eb = ttg.memdesc_index %empty[%ps] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        %go = arith.cmpi sge, %t, %two : i32
        ttng.arrive_barrier %eb, 1, %go : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      }
      ttg.warp_yield
    }
    partition0(%fl: !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>, %em: !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>, %nn: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      scf.for %j = %z to %nn step %o : i32 {
        %slot = arith.remsi %j, %two : i32
        %q = arith.divsi %j, %two : i32
        %p = arith.andi %q, %o : i32
        %pe = arith.xori %p, %o : i32
        %eb = ttg.memdesc_index %em[%slot] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.wait_barrier %eb, %pe : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        %fb = ttg.memdesc_index %fl[%slot] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.arrive_barrier %fb, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s2, #smem2, mutable>, !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>, i32) -> ()
    tt.return
  }
}

// -----



#s3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem3 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @release_always(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s3, #smem3, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s3, #smem3, mutable>
    %f0 = ttg.memdesc_index %full[%c0] : !ttg.memdesc<2x1xi64, #s3, #smem3, mutable> -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    ttng.init_barrier %f0, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    %f1 = ttg.memdesc_index %full[%c1] : !ttg.memdesc<2x1xi64, #s3, #smem3, mutable> -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    ttng.init_barrier %f1, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    %e0 = ttg.memdesc_index %empty[%c0] : !ttg.memdesc<2x1xi64, #s3, #smem3, mutable> -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    ttng.init_barrier %e0, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    %e1 = ttg.memdesc_index %empty[%c1] : !ttg.memdesc<2x1xi64, #s3, #smem3, mutable> -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    ttng.init_barrier %e1, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    ttg.warp_specialize(%full, %empty, %n)
    default {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      scf.for %t = %z to %n step %o : i32 {
        %slot = arith.remsi %t, %two : i32
        %q = arith.divsi %t, %two : i32
        %ph = arith.andi %q, %o : i32
        %fb = ttg.memdesc_index %full[%slot] : !ttg.memdesc<2x1xi64, #s3, #smem3, mutable> -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
        ttng.wait_barrier %fb, %ph : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
        %prev = arith.subi %t, %o : i32
        %ps = arith.remsi %prev, %two : i32
        %eb = ttg.memdesc_index %empty[%ps] : !ttg.memdesc<2x1xi64, #s3, #smem3, mutable> -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
        %go = arith.cmpi sge, %t, %two : i32
        ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      }
      ttg.warp_yield
    }
    partition0(%fl: !ttg.memdesc<2x1xi64, #s3, #smem3, mutable>, %em: !ttg.memdesc<2x1xi64, #s3, #smem3, mutable>, %nn: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      scf.for %j = %z to %nn step %o : i32 {
        %slot = arith.remsi %j, %two : i32
        %q = arith.divsi %j, %two : i32
        %p = arith.andi %q, %o : i32
        %pe = arith.xori %p, %o : i32
        %eb = ttg.memdesc_index %em[%slot] : !ttg.memdesc<2x1xi64, #s3, #smem3, mutable> -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
        ttng.wait_barrier %eb, %pe : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
        %fb = ttg.memdesc_index %fl[%slot] : !ttg.memdesc<2x1xi64, #s3, #smem3, mutable> -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
        ttng.arrive_barrier %fb, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s3, #smem3, mutable>, !ttg.memdesc<2x1xi64, #s3, #smem3, mutable>, i32) -> ()
    tt.return
  }
}
