// warp_specialize inside loops: one fork and one join per tile; barriers
// initialised and invalidated per tile are fresh in every tile.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s --arg tiles=3 --arg k=3 | %FileCheck %s

// One fork per tile; each tile's `done` is fresh, so its first phase is the
// one to wait for.
// CHECK-LABEL: == kernel tiles_one_loop: no-deadlock
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem1 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tiles_one_loop(%tiles: i32, %k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    %done = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    scf.for %t = %c0 to %tiles step %c1 : i32 {
      ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
      ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
      ttng.init_barrier %done, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
      ttg.warp_specialize(%full, %empty, %done, %k)
      default {
        %kp = scf.for %i = %c0 to %k step %c1 iter_args(%p = %c0) -> (i32) : i32 {
          ttng.wait_barrier %full, %p : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
          ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
          %q = arith.xori %p, %c1 : i32
          scf.yield %q : i32
        }
        ttng.arrive_barrier %done, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
        ttg.warp_yield
      }
      partition0(%f: !ttg.memdesc<1xi64, #s1, #smem1, mutable>, %e: !ttg.memdesc<1xi64, #s1, #smem1, mutable>, %d: !ttg.memdesc<1xi64, #s1, #smem1, mutable>, %m: i32) num_warps(1) {
        %z = arith.constant 0 : i32
        %o = arith.constant 1 : i32
        scf.for %j = %z to %m step %o : i32 {
          %p = arith.andi %j, %o : i32
          %q = arith.xori %p, %o : i32
          ttng.wait_barrier %e, %q : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
          ttng.arrive_barrier %f, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
        }
        ttg.warp_return
      } : (!ttg.memdesc<1xi64, #s1, #smem1, mutable>, !ttg.memdesc<1xi64, #s1, #smem1, mutable>, !ttg.memdesc<1xi64, #s1, #smem1, mutable>, i32) -> ()
      ttng.wait_barrier %done, %c0 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
      ttng.inval_barrier %full : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
      ttng.inval_barrier %empty : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
      ttng.inval_barrier %done : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    }
    tt.return
  }
}

// -----

// The same tile body inside two loops (rows and columns of tiles).
// CHECK-LABEL: == kernel tiles_two_loops: no-deadlock
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tiles_two_loops(%tiles: i32, %k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %done = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    scf.for %tm = %c0 to %tiles step %c1 : i32 {
      scf.for %tn = %c0 to %tiles step %c1 : i32 {
        ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.init_barrier %done, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttg.warp_specialize(%full, %empty, %done, %k)
        default {
          %kp = scf.for %i = %c0 to %k step %c1 iter_args(%p = %c0) -> (i32) : i32 {
            ttng.wait_barrier %full, %p : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
            ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
            %q = arith.xori %p, %c1 : i32
            scf.yield %q : i32
          }
          ttng.arrive_barrier %done, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
          ttg.warp_yield
        }
        partition0(%f: !ttg.memdesc<1xi64, #s2, #smem2, mutable>, %e: !ttg.memdesc<1xi64, #s2, #smem2, mutable>, %d: !ttg.memdesc<1xi64, #s2, #smem2, mutable>, %m: i32) num_warps(1) {
          %z = arith.constant 0 : i32
          %o = arith.constant 1 : i32
          scf.for %j = %z to %m step %o : i32 {
            %p = arith.andi %j, %o : i32
            %q = arith.xori %p, %o : i32
            ttng.wait_barrier %e, %q : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
            ttng.arrive_barrier %f, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
          }
          ttg.warp_return
        } : (!ttg.memdesc<1xi64, #s2, #smem2, mutable>, !ttg.memdesc<1xi64, #s2, #smem2, mutable>, !ttg.memdesc<1xi64, #s2, #smem2, mutable>, i32) -> ()
        ttng.wait_barrier %done, %c0 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.inval_barrier %full : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.inval_barrier %empty : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.inval_barrier %done : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      }
    }
    tt.return
  }
}

// -----

// The parity for `done` is carried from tile to tile (handed out by the
// default region through warp_yield) although `done` is initialised again in
// every tile: in the second tile the wait names a phase that never completes.
// CHECK-LABEL: == kernel tiles_carried_phase: deadlock
// CHECK: outside  waits on done for parity 1; its phase 1 (parity 1) is still open
// CHECK: error: kernel tiles_carried_phase hangs
#s3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem3 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @tiles_carried_phase(%tiles: i32, %k: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    %done = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    %fin = scf.for %t = %c0 to %tiles step %c1 iter_args(%dp = %c0) -> (i32) : i32 {
      ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      ttng.init_barrier %done, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      %nd = ttg.warp_specialize(%full, %empty, %done, %k)
      default {
        %kp = scf.for %i = %c0 to %k step %c1 iter_args(%p = %c0) -> (i32) : i32 {
          ttng.wait_barrier %full, %p : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
          ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
          %q = arith.xori %p, %c1 : i32
          scf.yield %q : i32
        }
        ttng.arrive_barrier %done, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
        %x = arith.xori %dp, %c1 : i32
        ttg.warp_yield %x : i32
      }
      partition0(%f: !ttg.memdesc<1xi64, #s3, #smem3, mutable>, %e: !ttg.memdesc<1xi64, #s3, #smem3, mutable>, %d: !ttg.memdesc<1xi64, #s3, #smem3, mutable>, %m: i32) num_warps(1) {
        %z = arith.constant 0 : i32
        %o = arith.constant 1 : i32
        scf.for %j = %z to %m step %o : i32 {
          %p = arith.andi %j, %o : i32
          %q = arith.xori %p, %o : i32
          ttng.wait_barrier %e, %q : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
          ttng.arrive_barrier %f, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
        }
        ttg.warp_return
      } : (!ttg.memdesc<1xi64, #s3, #smem3, mutable>, !ttg.memdesc<1xi64, #s3, #smem3, mutable>, !ttg.memdesc<1xi64, #s3, #smem3, mutable>, i32) -> i32
      ttng.wait_barrier %done, %dp : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      ttng.inval_barrier %full : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      ttng.inval_barrier %empty : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      ttng.inval_barrier %done : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
      scf.yield %nd : i32
    }
    tt.return
  }
}

// CHECK: exit=1
