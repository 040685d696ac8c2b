// Comparisons with a loop's bound, as Triton's pipeliner writes them: the
// producer's prologue fills the first slot under `n > 0`, and its loop
// fills the next slot under `j < n - 64` (T >= t + 2). Read against the loop
// `0 to n step 64`, each is a question about its trip count, so the proof
// for every trip count goes through (docs/Deadlock.md, "Comparisons with
// the bound").
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s
// RUN: %tscope races %s | %FileCheck %s --check-prefix=RACES
// RUN: not %tscope deadlock --format json %s > %t.json
// RUN: %python -c "import json,sys; k=json.load(open(sys.argv[1]))['kernels']; print(k[0]['proof']['proved'], k[2]['verdict'], k[2]['proof']['witness'])" %t.json | %FileCheck %s --check-prefix=JSON

// CHECK-LABEL: == kernel peeled_ring: no-deadlock (every interleaving finishes, at every trip count (proof below))
// CHECK-NEXT:  every trip count: proved for every value of %n
// CHECK-NEXT:  symbolic trip count: loop at IR [[#]] (period 4 trips)
// RACES-LABEL: == kernel peeled_ring: no-race (every access is ordered in every interleaving, at every trip count (proof below))
// RACES-NEXT:  every trip count: proved for every value of %n

#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @peeled_ring(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
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
    ttg.warp_specialize(%ready, %empty, %n)
    default {
      scf.for %i = %c0 to %n step %c64 : i32 {
        %t = arith.divsi %i, %c64 : i32
        %slot = arith.remsi %t, %c2 : i32
        %q = arith.divsi %t, %c2 : i32
        %ph = arith.andi %q, %c1 : i32
        %rb = ttg.memdesc_index %ready[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %rb, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%rd: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %em: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %nn: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t2 = arith.constant 2 : i32
      %s64 = arith.constant 64 : i32
      %first = arith.cmpi sgt, %nn, %z : i32
      %e0p = ttg.memdesc_index %em[%z] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %e0p, %o, %first : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %r0p = ttg.memdesc_index %rd[%z] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %r0p, 1, %first : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %last = arith.subi %nn, %s64 : i32
      scf.for %j = %z to %nn step %s64 : i32 {
        %more = arith.cmpi slt, %j, %last : i32
        %t = arith.divsi %j, %s64 : i32
        %u = arith.addi %t, %o : i32
        %slot = arith.remsi %u, %t2 : i32
        %q = arith.divsi %u, %t2 : i32
        %p = arith.andi %q, %o : i32
        %pe = arith.xori %p, %o : i32
        %eb = ttg.memdesc_index %em[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %eb, %pe, %more : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %rb = ttg.memdesc_index %rd[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %rb, 1, %more : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// The look-ahead stops one slot early (`j < n - 128`): the last item is
// never filled and the consumer hangs from 2 trips on (n = 128 in the sweep).
// CHECK-LABEL: == kernel peeled_ring_short: deadlock
// CHECK:       run others=64: no-deadlock
// CHECK-NEXT:  run others=128: deadlock
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @peeled_ring_short(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
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
    ttg.warp_specialize(%ready, %empty, %n)
    default {
      scf.for %i = %c0 to %n step %c64 : i32 {
        %t = arith.divsi %i, %c64 : i32
        %slot = arith.remsi %t, %c2 : i32
        %q = arith.divsi %t, %c2 : i32
        %ph = arith.andi %q, %c1 : i32
        %rb = ttg.memdesc_index %ready[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %rb, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%rd: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %em: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %nn: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t2 = arith.constant 2 : i32
      %s64 = arith.constant 64 : i32
      %first = arith.cmpi sgt, %nn, %z : i32
      %e0p = ttg.memdesc_index %em[%z] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %e0p, %o, %first : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %r0p = ttg.memdesc_index %rd[%z] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %r0p, 1, %first : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %s128 = arith.constant 128 : i32
      %last = arith.subi %nn, %s128 : i32
      scf.for %j = %z to %nn step %s64 : i32 {
        %more = arith.cmpi slt, %j, %last : i32
        %t = arith.divsi %j, %s64 : i32
        %u = arith.addi %t, %o : i32
        %slot = arith.remsi %u, %t2 : i32
        %q = arith.divsi %u, %t2 : i32
        %p = arith.andi %q, %o : i32
        %pe = arith.xori %p, %o : i32
        %eb = ttg.memdesc_index %em[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %eb, %pe, %more : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %rb = ttg.memdesc_index %rd[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %rb, 1, %more : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// A drain wait that hangs at exactly 3 trips (128 < n <= 192), which no value
// of the sweep gives: the proof meets the hang with the trip count fixed at
// 3 and reads the input back from the loop (n = 0 + 3 * 64); the run there
// shows it with its concrete trace.
// CHECK-LABEL: == kernel peeled_ring_t3: deadlock
// CHECK:       run others=256: no-deadlock
// CHECK-NEXT:  run n=192 (from the proof: trip count 3 of the loop at IR [[#]]): deadlock
// CHECK:       error: kernel peeled_ring_t3 hangs
// CHECK:       note: bindings: n=192 (from the proof: trip count 3 of the loop at IR [[#]])
// CHECK:       exit=1
// JSON: True deadlock {'args': {'%n': 192}, 'why': 'trip count 3 of the loop at IR {{[0-9]+}}'}
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @peeled_ring_t3(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
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
    ttg.warp_specialize(%ready, %empty, %n)
    default {
      scf.for %i = %c0 to %n step %c64 : i32 {
        %t = arith.divsi %i, %c64 : i32
        %slot = arith.remsi %t, %c2 : i32
        %q = arith.divsi %t, %c2 : i32
        %ph = arith.andi %q, %c1 : i32
        %rb = ttg.memdesc_index %ready[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %rb, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      %c128 = arith.constant 128 : i32
      %c192 = arith.constant 192 : i32
      %three = arith.cmpi sgt, %n, %c128 : i32
      %notfour = arith.cmpi sle, %n, %c192 : i32
      %only3 = arith.andi %three, %notfour : i1
      ttng.wait_barrier %r0, %c0, %only3 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%rd: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %em: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %nn: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %t2 = arith.constant 2 : i32
      %s64 = arith.constant 64 : i32
      %first = arith.cmpi sgt, %nn, %z : i32
      %e0p = ttg.memdesc_index %em[%z] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %e0p, %o, %first : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %r0p = ttg.memdesc_index %rd[%z] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %r0p, 1, %first : !ttg.memdesc<1xi64, #s, #smem, mutable>
      %last = arith.subi %nn, %s64 : i32
      scf.for %j = %z to %nn step %s64 : i32 {
        %more = arith.cmpi slt, %j, %last : i32
        %t = arith.divsi %j, %s64 : i32
        %u = arith.addi %t, %o : i32
        %slot = arith.remsi %u, %t2 : i32
        %q = arith.divsi %u, %t2 : i32
        %p = arith.andi %q, %o : i32
        %pe = arith.xori %p, %o : i32
        %eb = ttg.memdesc_index %em[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %eb, %pe, %more : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %rb = ttg.memdesc_index %rd[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %rb, 1, %more : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}
