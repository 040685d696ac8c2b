// Check id `redundant-wait` (note): a wait served by a phase its partition
// already waited for. Harmless, but usually a copy-paste slip. The note sits
// on the second wait.
// RUN: %python %inputs/exit-code.py %tscope check %s --arg n=4 | %FileCheck %s --implicit-check-not='[redundant-wait]'

// The consumer waits twice on `full` for the same parity in one trip.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @twice(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %n)
    default {
      scf.for %i = %c0 to %n step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        ttng.wait_barrier %full, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
        // CHECK: redundant-wait.mlir:[[@LINE+1]]:{{[0-9]+}}: note: {{.*}}[redundant-wait]
        ttng.wait_barrier %full, %ph : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        %p = arith.andi %j, %o : i32
        %q = arith.xori %p, %o : i32
        ttng.wait_barrier %e, %q : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttng.arrive_barrier %f, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// Two waits on `full` for consecutive parities (the producer arrives twice):
// each is served by a phase of its own.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @two_phases(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %empty, %n)
    default {
      %c0_d = arith.constant 0 : i32
      %c1_d = arith.constant 1 : i32
      ttng.wait_barrier %full, %c0_d : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %empty, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %full, %c1_d : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %e: !ttg.memdesc<1xi64, #s, #smem, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      ttng.arrive_barrier %f, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.wait_barrier %e, %z : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttng.arrive_barrier %f, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<1xi64, #s, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// A note is not an error: the file is clean.
// CHECK: exit=0
