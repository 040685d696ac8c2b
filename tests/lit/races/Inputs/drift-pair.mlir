// Two partitions that arrive with no wait between them: they drift apart, and
// the race check's states grow with the square of the trip count.
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func @counts_match(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %empty = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %empty, 2 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %pair = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>
    %p0 = ttg.memdesc_index %pair[%c0] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %p0, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    %p1 = ttg.memdesc_index %pair[%c1] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttng.init_barrier %p1, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
    ttg.warp_specialize(%empty, %pair, %n)
    default {
      ttg.warp_yield
    }
    partition0(%e: !ttg.memdesc<1xi64, #s2, #smem2, mutable>, %pr: !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        %b = ttg.memdesc_index %pr[%z] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      }
      ttg.warp_return
    }
    partition1(%e: !ttg.memdesc<1xi64, #s2, #smem2, mutable>, %pr: !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>, %m: i32) num_warps(1) {
      %z = arith.constant 0 : i32
      %o = arith.constant 1 : i32
      scf.for %j = %z to %m step %o : i32 {
        ttng.arrive_barrier %e, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        %b = ttg.memdesc_index %pr[%o] : !ttg.memdesc<2x1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #smem2, mutable>
        ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s2, #smem2, mutable>, !ttg.memdesc<2x1xi64, #s2, #smem2, mutable>, i32) -> ()
    tt.return
  }
}

