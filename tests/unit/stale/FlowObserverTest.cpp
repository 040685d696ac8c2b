// FlowObserverTest: the data-flow rules on 2-slot rings of our own (the
// kernels of tests/lit/stale/rules.mlir): a carried counter and the benign
// redundant acquire are clean; a restarted counter reads stale data in order
// and loses a write; a skipped round loses a write and reads nothing stale.
#include <gtest/gtest.h>

#include "checks/model/Schedule.h"
#include "checks/stale/StaleCheck.h"
#include "../kernel/KernelFixture.h"

using namespace tscope;
using namespace tscope::checks;

namespace {

const char *const k_ring_carried = R"mlir(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
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
)mlir";

const char *const k_ring_redundant_acquire = R"mlir(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
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
)mlir";

const char *const k_ring_restart = R"mlir(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
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
)mlir";

const char *const k_ring_skip = R"mlir(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
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
)mlir";

stale::KernelFlowResult flowOf(const char *text) {
  unittest::KernelFixture f(text);
  EXPECT_EQ(f.diags.errorCount(), 0u);
  DeadlockOptions opts;
  opts.bindings.set("T", 2);
  std::vector<stale::KernelFlowResult> r = stale::checkDataFlow(*f.m, f.kernels, opts);
  EXPECT_EQ(r.size(), 1u);
  return r.empty() ? stale::KernelFlowResult{} : r[0];
}

} // namespace

TEST(FlowObserver, CarriedCounterIsClean) {
  stale::KernelFlowResult r = flowOf(k_ring_carried);
  EXPECT_TRUE(r.rings);
  EXPECT_EQ(r.verdict, "clean") << r.reason;
  EXPECT_FALSE(r.stale);
  EXPECT_FALSE(r.lost);
}

TEST(FlowObserver, RedundantAcquireIsClean) {
  stale::KernelFlowResult r = flowOf(k_ring_redundant_acquire);
  EXPECT_EQ(r.verdict, "clean") << r.reason;
}

TEST(FlowObserver, RestartedCounterReadsStaleInOrder) {
  stale::KernelFlowResult r = flowOf(k_ring_restart);
  EXPECT_EQ(r.verdict, "findings");
  ASSERT_TRUE(r.stale);
  EXPECT_EQ(r.stale->hit.slot, "buf[1]");
  EXPECT_EQ(r.stale->strength, Strength::InOrder);
  ASSERT_NE(r.stale->hit.wait, nullptr);
  EXPECT_EQ(r.stale->hit.reader, "partition0");
  EXPECT_FALSE(r.stale->hit.trace.empty());
  ASSERT_TRUE(r.lost);
  EXPECT_EQ(r.lost->strength, Strength::InOrder);
}

TEST(FlowObserver, SkippedRoundLosesAWrite) {
  stale::KernelFlowResult r = flowOf(k_ring_skip);
  ASSERT_TRUE(r.lost);
  EXPECT_FALSE(r.stale);
  EXPECT_EQ(r.lost->hit.slot, "buf[0]");
  EXPECT_NE(r.lost->hit.access, nullptr); // overwritten, not left at the end
  EXPECT_EQ(r.lost->hit.consumers, std::vector<std::string>{"partition0"});
}

TEST(FlowObserver, ExpectedGpuSaysWrongResults) {
  KernelDeadlockResult d;
  d.verdict = "no-deadlock";
  EXPECT_EQ(model::expectedGpuLine(d), "finishes (no hang, no fault)");
  d.inOrderWrong = "a stale read of buf[1] (IR 7), T=2";
  EXPECT_EQ(model::expectedGpuLine(d).rfind("wrong results:", 0), 0u);
}
