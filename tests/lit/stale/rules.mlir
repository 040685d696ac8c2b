// The data-flow rules on small kernels of our own (docs/StaleRead.md): a
// carried ring, the benign redundant acquire and a re-read tile stay clean;
// a restarted counter reads stale data and loses a write; a skipped round
// loses a write.
// RUN: %python %inputs/exit-code.py %tscope dataflow %s --arg T=2 | %FileCheck %s

// A 2-slot ring, 3 rounds per tile, the ring counter carried across tiles:
// every write is read once. Clean.
// CHECK-LABEL: == kernel ring_carried: clean
// CHECK-NOT: error:
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @ring_carried(%T: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s, #smem, mutable>
    %f0 = ttg.memdesc_index %full[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %f1 = ttg.memdesc_index %full[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e0 = ttg.memdesc_index %empty[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e1 = ttg.memdesc_index %empty[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %buf, %T)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      %c0r = arith.constant 0 : i32
      %c3 = arith.constant 3 : i32
      scf.for %t = %c0 to %T step %c1 : i32 {
      scf.for %i = %c0 to %c3 step %c1 : i32 {
        %itt = arith.muli %t, %c3 : i32
        %it = arith.addi %itt, %i : i32
        %slot = arith.remsi %it, %c2 : i32
        %r = arith.divsi %it, %c2 : i32
        %ph = arith.andi %r, %c1 : i32
        %pe = arith.xori %ph, %c1 : i32
        %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %fb = ttg.memdesc_index %full[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %b = ttg.memdesc_index %buf[%slot] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.wait_barrier %eb, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.local_store %v, %b : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.arrive_barrier %fb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<2x32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %tw = arith.constant 2 : i32
      %k3 = arith.constant 3 : i32
      %c0r = arith.constant 0 : i32
      scf.for %u = %z to %m step %o : i32 {
      scf.for %j = %z to %k3 step %o : i32 {
        %jtt = arith.muli %u, %k3 : i32
        %jt = arith.addi %jtt, %j : i32
        %sl = arith.remsi %jt, %tw : i32
        %rr = arith.divsi %jt, %tw : i32
        %p = arith.andi %rr, %o : i32
        %fb = ttg.memdesc_index %f[%sl] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %eb = ttg.memdesc_index %e[%sl] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %db = ttg.memdesc_index %d[%sl] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.wait_barrier %fb, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %db : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x32xf32, #s, #smem, mutable>, i32) -> () 
    tt.return
  }
}

// -----

// The benign redundant acquire: the consumer waits twice on full[slot] for
// the same phase before its read; the second wait passes on a phase it
// already waited for, but every read sees a write it has not read. Clean.
// CHECK-LABEL: == kernel ring_redundant_acquire: clean
// CHECK-NOT: error:
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @ring_redundant_acquire(%T: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s, #smem, mutable>
    %f0 = ttg.memdesc_index %full[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %f1 = ttg.memdesc_index %full[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e0 = ttg.memdesc_index %empty[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e1 = ttg.memdesc_index %empty[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %buf, %T)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      %c0r = arith.constant 0 : i32
      %c3 = arith.constant 3 : i32
      scf.for %t = %c0 to %T step %c1 : i32 {
      scf.for %i = %c0 to %c3 step %c1 : i32 {
        %itt = arith.muli %t, %c3 : i32
        %it = arith.addi %itt, %i : i32
        %slot = arith.remsi %it, %c2 : i32
        %r = arith.divsi %it, %c2 : i32
        %ph = arith.andi %r, %c1 : i32
        %pe = arith.xori %ph, %c1 : i32
        %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %fb = ttg.memdesc_index %full[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %b = ttg.memdesc_index %buf[%slot] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.wait_barrier %eb, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.local_store %v, %b : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.arrive_barrier %fb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<2x32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %tw = arith.constant 2 : i32
      %k3 = arith.constant 3 : i32
      %c0r = arith.constant 0 : i32
      scf.for %u = %z to %m step %o : i32 {
      scf.for %j = %z to %k3 step %o : i32 {
        %jtt = arith.muli %u, %k3 : i32
        %jt = arith.addi %jtt, %j : i32
        %sl = arith.remsi %jt, %tw : i32
        %rr = arith.divsi %jt, %tw : i32
        %p = arith.andi %rr, %o : i32
        %fb = ttg.memdesc_index %f[%sl] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %eb = ttg.memdesc_index %e[%sl] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %db = ttg.memdesc_index %d[%sl] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.wait_barrier %fb, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.wait_barrier %fb, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %db : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x32xf32, #s, #smem, mutable>, i32) -> () 
    tt.return
  }
}

// -----

// One wait, two reads of the same tile (an operand reused): a second read
// of one write with no old-phase wait between is not stale. Clean.
// CHECK-LABEL: == kernel ring_reread: clean
// CHECK-NOT: error:
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @ring_reread(%T: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s, #smem, mutable>
    %f0 = ttg.memdesc_index %full[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %f1 = ttg.memdesc_index %full[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e0 = ttg.memdesc_index %empty[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e1 = ttg.memdesc_index %empty[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %buf, %T)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      %c0r = arith.constant 0 : i32
      %c3 = arith.constant 3 : i32
      scf.for %t = %c0 to %T step %c1 : i32 {
      scf.for %i = %c0 to %c3 step %c1 : i32 {
        %itt = arith.muli %t, %c3 : i32
        %it = arith.addi %itt, %i : i32
        %slot = arith.remsi %it, %c2 : i32
        %r = arith.divsi %it, %c2 : i32
        %ph = arith.andi %r, %c1 : i32
        %pe = arith.xori %ph, %c1 : i32
        %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %fb = ttg.memdesc_index %full[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %b = ttg.memdesc_index %buf[%slot] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.wait_barrier %eb, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.local_store %v, %b : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.arrive_barrier %fb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<2x32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %tw = arith.constant 2 : i32
      %k3 = arith.constant 3 : i32
      %c0r = arith.constant 0 : i32
      scf.for %u = %z to %m step %o : i32 {
      scf.for %j = %z to %k3 step %o : i32 {
        %jtt = arith.muli %u, %k3 : i32
        %jt = arith.addi %jtt, %j : i32
        %sl = arith.remsi %jt, %tw : i32
        %rr = arith.divsi %jt, %tw : i32
        %p = arith.andi %rr, %o : i32
        %fb = ttg.memdesc_index %f[%sl] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %eb = ttg.memdesc_index %e[%sl] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %db = ttg.memdesc_index %d[%sl] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.wait_barrier %fb, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %db : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        %x2 = ttg.local_load %db : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x32xf32, #s, #smem, mutable>, i32) -> () 
    tt.return
  }
}

// -----

// Both sides restart the counter every tile, 3 rounds through 2 slots: in
// tile 1 the consumer's wait on full[1] for parity 0 passes on the phase it
// consumed in tile 0, and it reads the tile-0 write of slot 1 again; the
// producer's tile-1 write into slot 1 is then overwritten unread.
// CHECK-LABEL: == kernel ring_restart: findings (stale read, lost write)
// CHECK: stale read of buf[1]: in-order
// CHECK: lost write into buf[{{[01]}}]: in-order
// CHECK: rules.mlir:[[#READ:]]:{{[0-9]+}}: error: kernel ring_restart: stale read of buf[1]: partition0 reads again the write of default that it already read; the next fill of buf[1] is not waited for [stale-read]
// CHECK: note: the write it reads a second time: default
// CHECK: note: the wait that let it through on a phase already consumed
// CHECK: note: reason: partition0 reads buf[1] again while it still holds the write of default (IR {{[0-9]+}}) that it already read: its last wait, on full[1] (IR {{[0-9]+}}), passed on the completion of phase 0, which partition0 had already waited for
// CHECK: note: schedule: in-order
// CHECK: note: on the GPU: wrong results are likely
// CHECK: note: bindings: T=2
// CHECK: error: kernel ring_restart: lost write into buf[{{[01]}}]: the write of default is {{overwritten|left at the end}} before partition0 read it [lost-write]
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @ring_restart(%T: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s, #smem, mutable>
    %f0 = ttg.memdesc_index %full[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %f1 = ttg.memdesc_index %full[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e0 = ttg.memdesc_index %empty[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e1 = ttg.memdesc_index %empty[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %buf, %T)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      %c0r = arith.constant 0 : i32
      %c3 = arith.constant 3 : i32
      scf.for %t = %c0 to %T step %c1 : i32 {
      scf.for %i = %c0 to %c3 step %c1 : i32 {
        %it = arith.addi %i, %c0r : i32
        %slot = arith.remsi %it, %c2 : i32
        %r = arith.divsi %it, %c2 : i32
        %ph = arith.andi %r, %c1 : i32
        %pe = arith.xori %ph, %c1 : i32
        %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %fb = ttg.memdesc_index %full[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %b = ttg.memdesc_index %buf[%slot] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.wait_barrier %eb, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.local_store %v, %b : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.arrive_barrier %fb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<2x32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %tw = arith.constant 2 : i32
      %k3 = arith.constant 3 : i32
      %c0r = arith.constant 0 : i32
      scf.for %u = %z to %m step %o : i32 {
      scf.for %j = %z to %k3 step %o : i32 {
        %jt = arith.addi %j, %c0r : i32
        %sl = arith.remsi %jt, %tw : i32
        %rr = arith.divsi %jt, %tw : i32
        %p = arith.andi %rr, %o : i32
        %fb = ttg.memdesc_index %f[%sl] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %eb = ttg.memdesc_index %e[%sl] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %db = ttg.memdesc_index %d[%sl] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.wait_barrier %fb, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %db : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x32xf32, #s, #smem, mutable>, i32) -> () 
    tt.return
  }
}

// -----

// The consumer waits and releases every round but reads only in the first
// two (a skipped round): the third write into buf[0] is overwritten unread.
// CHECK-LABEL: == kernel ring_skip: findings (lost write)
// CHECK: rules.mlir:{{[0-9]+}}:{{[0-9]+}}: error: kernel ring_skip: lost write into buf[0]: the write of default is overwritten before partition0 read it [lost-write]
// CHECK: note: the write that overwrites it
// CHECK: exit=1
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @ring_skip(%T: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s, #smem, mutable>
    %f0 = ttg.memdesc_index %full[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %f1 = ttg.memdesc_index %full[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e0 = ttg.memdesc_index %empty[%c0] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %e1 = ttg.memdesc_index %empty[%c1] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %f1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e0, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %e1, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %buf, %T)
    default {
      %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
      %c0r = arith.constant 0 : i32
      %c3 = arith.constant 3 : i32
      scf.for %t = %c0 to %T step %c1 : i32 {
      scf.for %i = %c0 to %c3 step %c1 : i32 {
        %itt = arith.muli %t, %c3 : i32
        %it = arith.addi %itt, %i : i32
        %slot = arith.remsi %it, %c2 : i32
        %r = arith.divsi %it, %c2 : i32
        %ph = arith.andi %r, %c1 : i32
        %pe = arith.xori %ph, %c1 : i32
        %eb = ttg.memdesc_index %empty[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %fb = ttg.memdesc_index %full[%slot] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %b = ttg.memdesc_index %buf[%slot] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.wait_barrier %eb, %pe : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.local_store %v, %b : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.arrive_barrier %fb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<2x1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<2x32xf32, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      %tw = arith.constant 2 : i32
      %k3 = arith.constant 3 : i32
      %c0r = arith.constant 0 : i32
      scf.for %u = %z to %m step %o : i32 {
      scf.for %j = %z to %k3 step %o : i32 {
        %jtt = arith.muli %u, %k3 : i32
        %jt = arith.addi %jtt, %j : i32
        %sl = arith.remsi %jt, %tw : i32
        %rr = arith.divsi %jt, %tw : i32
        %p = arith.andi %rr, %o : i32
        %fb = ttg.memdesc_index %f[%sl] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %eb = ttg.memdesc_index %e[%sl] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
        %db = ttg.memdesc_index %d[%sl] : !ttg.memdesc<2x32xf32, #s, #smem, mutable> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.wait_barrier %fb, %p : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %first = arith.cmpi slt, %jt, %tw : i32
        scf.if %first {
          %x = ttg.local_load %db : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        }
        ttng.arrive_barrier %eb, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x1xi64, #s, #smem, mutable>, !ttg.memdesc<2x32xf32, #s, #smem, mutable>, i32) -> () 
    tt.return
  }
}
