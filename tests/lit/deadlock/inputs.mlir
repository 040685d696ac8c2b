// Unbound i1 inputs are explored both ways: an scf.if or an op predicate on
// a function argument (or on arithmetic of arguments only) takes each side
// in some launch. One argument takes the same side everywhere on a path
// (partitions included); a condition on anything else stays unknown.
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s

// Producer and consumer both guard on %flag: consistent on every path.
// CHECK-LABEL: == kernel same_flag: no-deadlock
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @same_flag(%flag: i1) {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%bar, %flag)
    default {
      scf.if %flag {
        ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<1xi64, #s, #smem, mutable>, %f: i1) num_warps(1) {
      ttng.arrive_barrier %b, 1, %f : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, i1) -> ()
    tt.return
  }
}

// -----

// The arrive is predicated on %flag, the wait is not: a launch with
// flag = false hangs.
// CHECK-LABEL: == kernel pred_false_hangs: deadlock
// CHECK: outside{{ +}}assumes unbound %flag is false (some launch)
// CHECK-NEXT: outside{{ +}}skips arrive on bar (predicate false)
#s1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem1 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @pred_false_hangs(%flag: i1) {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    ttng.arrive_barrier %bar, 1, %flag : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s1, #smem1, mutable>
    tt.return
  }
}

// -----

// An scf.if on a value derived from two arguments: both sides explored; the
// true side waits for an arrival that never comes.
// CHECK-LABEL: == kernel derived_if: deadlock
// CHECK: takes the true side of scf.if on unbound %c
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @derived_if(%a: i1, %b: i1) {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %c = arith.andi %a, %b : i1
    scf.if %c {
      ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    }
    tt.return
  }
}

// -----

// A condition read from memory is not an input: both sides are explored
// (docs/Deadlock.md, "Branches on data"), and the hang on the true side stays
// unknown, since the data may never take it.
// CHECK-LABEL: == kernel loaded_if: unknown
// CHECK-SAME: the kernel hangs on a path that takes a side of a branch on data the model does not compute
#s3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem3 = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @loaded_if(%p: !tt.ptr<i1>) {
    %c0 = arith.constant 0 : i32
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    %c = tt.load %p : !tt.ptr<i1>
    scf.if %c {
      ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s3, #smem3, mutable>
    }
    tt.return
  }
}
