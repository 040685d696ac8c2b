// Races across the warp_specialize shapes: the join orders a tile's
// partitions before the next tile's fork (their process slots are reused,
// their clocks go on), and a race in the second of two warp_specialize ops
// is named by that one.
// RUN: %python %inputs/exit-code.py %tscope races %s --arg tiles=3 | %FileCheck %s

// Per tile: partition0 stores, arrives on the fresh `full`; the default
// region waits and loads; after the join the code outside stores too. Every
// access is ordered, in every tile.
// CHECK-LABEL: == kernel tiles_ordered: no-race
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @tiles_ordered(%tiles: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #s, #smem, mutable>
    %w = arith.constant dense<2.000000e+00> : tensor<32xf32, #bl>
    scf.for %t = %c0 to %tiles step %c1 : i32 {
      ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
      ttg.warp_specialize(%full, %buf)
      default {
          ttng.wait_barrier %full, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
          %x = ttg.local_load %buf : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
          ttg.warp_yield
      }
      partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<32xf32, #s, #smem, mutable>) num_warps(1) {
          %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
          ttg.local_store %v, %d : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
          ttng.arrive_barrier %f, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
          ttg.warp_return
      } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<32xf32, #s, #smem, mutable>) -> ()
      ttg.local_store %w, %buf : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      ttng.inval_barrier %full : !ttg.memdesc<1xi64, #s, #smem, mutable>
    }
    tt.return
  }
}

// -----

// Two warp_specialize ops: the first hands the buffer over with `full`; in
// the second nothing orders partition0's store before the default region's
// load.
// CHECK-LABEL: == kernel second_races: race
// CHECK: error: kernel second_races: race on buf: [[W:ws[0-9]+]].partition0's write (ttg.local_store) is not ordered after [[W]].default's read (ttg.local_load) [race]
// CHECK: trace
// CHECK: [[W1:ws[0-9]+]].partition0 arrive on full
// CHECK: outside     starts 2 partitions  [IR [[#]]]
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32} {
  tt.func @second_races(%tiles: i32) {
    %c0 = arith.constant 0 : i32
    %full = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #s, #smem, mutable>
    ttng.init_barrier %full, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttg.warp_specialize(%full, %buf)
    default {
        ttng.wait_barrier %full, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
        %x = ttg.local_load %buf : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<32xf32, #s, #smem, mutable>) num_warps(1) {
        %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
        ttg.local_store %v, %d : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttng.arrive_barrier %f, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
        ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<32xf32, #s, #smem, mutable>) -> ()
    ttg.warp_specialize(%full, %buf)
    default {
        %x = ttg.local_load %buf : !ttg.memdesc<32xf32, #s, #smem, mutable> -> tensor<32xf32, #bl>
        ttg.warp_yield
    }
    partition0(%f: !ttg.memdesc<1xi64, #s, #smem, mutable>, %d: !ttg.memdesc<32xf32, #s, #smem, mutable>) num_warps(1) {
        %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
        ttg.local_store %v, %d : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        ttg.warp_return
    } : (!ttg.memdesc<1xi64, #s, #smem, mutable>, !ttg.memdesc<32xf32, #s, #smem, mutable>) -> ()
    tt.return
  }
}

// CHECK: exit=1
