// Before code partitioning (tritongpu-partition-loops) a warp-specialized
// loop is one scf.for whose ops name their partitions in `ttg.partition`
// attributes. The model runs one process per partition of the loop, each
// stepping over the ops of the others; an aref enter without a stage (before
// nvws-assign-stage-phase) takes its process's next stage and parity, an
// exit the stage of its enter's token (docs/Deadlock.md, "Before code
// partitioning").
// RUN: %python %inputs/exit-code.py %tscope deadlock %s | %FileCheck %s
// RUN: %python %inputs/exit-code.py %tscope races %s --kernel ring | %FileCheck %s --check-prefix=RACES
#smem = #ttg.shared_memory
#bl = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>

// A two-slot ring: partition 1 puts, partition 0 gets; the put before the
// loop (outside) and the loop's token carry a third aref's accumulator.
// Proved for every %n.
// CHECK-LABEL: == kernel ring: no-deadlock (every interleaving finishes, at every trip count (proof below))
// CHECK: every trip count: proved for every value of %n
// RACES-LABEL: == kernel ring: unknown
// RACES-SAME: is in a kernel whose partitions are still attributes: races and data flow are checked after code partitioning
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @ring(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s, #smem, mutable>
    %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>
    %acc = ttg.local_alloc : () -> !ttg.memdesc<1x32xf32, #s, #smem, mutable>
    %accref = nvws.aref.create %acc : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]>
    %ab, %atk = nvws.aref.put.enter %accref : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem, mutable>, !ttg.async.token
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%t = %atk) -> (!ttg.async.token) : i32 {
      %b, %tk = nvws.aref.put.enter %aref {ttg.partition = array<i32: 1>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem, mutable>, !ttg.async.token
      ttg.local_store %v, %b {ttg.partition = array<i32: 1>} : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      nvws.aref.put.exit %aref, %tk [#nvws.async_op<none>] {ttg.partition = array<i32: 1>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>, !ttg.async.token
      %g, %gk = nvws.aref.get.enter %aref {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem>, !ttg.async.token
      %x = ttg.local_load %g {ttg.partition = array<i32: 0>} : !ttg.memdesc<32xf32, #s, #smem> -> tensor<32xf32, #bl>
      nvws.aref.get.exit %aref, %gk [#nvws.async_op<none>] {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>, !ttg.async.token
      %ab2 = nvws.aref.buffer %accref, %t {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]>, !ttg.async.token -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      ttg.local_store %x, %ab2 {ttg.partition = array<i32: 0>} : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      scf.yield {ttg.partition = array<i32: 0, 1>} %t : !ttg.async.token
    } {tt.warp_specialize, ttg.partition = array<i32: 0, 1>, ttg.partition.outputs = [array<i32: 0>], ttg.partition.stages = [0 : i32, 0 : i32]}
    nvws.aref.put.exit %accref, %last [#nvws.async_op<none>] : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]>, !ttg.async.token
    %r, %rk = nvws.aref.get.enter %accref : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem>, !ttg.async.token
    nvws.aref.get.exit %accref, %rk [#nvws.async_op<none>] : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]>, !ttg.async.token
    tt.return
  }
}

// -----

// The consumer takes two items per trip, the producer puts one: the consumer
// waits for an item that never comes (a hang at every %n >= 1).
// CHECK-LABEL: == kernel greedy_consumer: deadlock
// CHECK: task0{{ +}}stopped at nvws.aref.get.enter
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @greedy_consumer(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s, #smem, mutable>
    %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %b, %tk = nvws.aref.put.enter %aref {ttg.partition = array<i32: 1>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem, mutable>, !ttg.async.token
      ttg.local_store %v, %b {ttg.partition = array<i32: 1>} : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
      nvws.aref.put.exit %aref, %tk [#nvws.async_op<none>] {ttg.partition = array<i32: 1>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>, !ttg.async.token
      %g, %gk = nvws.aref.get.enter %aref {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem>, !ttg.async.token
      nvws.aref.get.exit %aref, %gk [#nvws.async_op<none>] {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>, !ttg.async.token
      %g2, %gk2 = nvws.aref.get.enter %aref {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem>, !ttg.async.token
      nvws.aref.get.exit %aref, %gk2 [#nvws.async_op<none>] {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>, !ttg.async.token
    } {tt.warp_specialize, ttg.partition = array<i32: 0, 1>, ttg.partition.stages = [0 : i32, 0 : i32]}
    tt.return
  }
}

// -----

// A branch in the consumer on a value only the producer computes: code
// partitioning would route it between them; before it the model cannot
// tell, so the verdict is unknown (never a guess).
// CHECK-LABEL: == kernel cross_partition_value: unknown
// CHECK-SAME: computed by another partition (code partitioning has not run)
// CHECK: note: next: check the IR after tritongpu-partition-loops (code partitioning), where each partition has the value it uses
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @cross_partition_value(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32xf32, #s, #smem, mutable>
    %aref = nvws.aref.create %buf : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>
    scf.for %i = %c0 to %n step %c1 : i32 {
      %odd = arith.andi %i, %c1 {ttg.partition = array<i32: 1>} : i32
      %p = arith.cmpi eq, %odd, %c1 {ttg.partition = array<i32: 1>} : i32
      %b, %tk = nvws.aref.put.enter %aref {ttg.partition = array<i32: 1>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem, mutable>, !ttg.async.token
      nvws.aref.put.exit %aref, %tk [#nvws.async_op<none>] {ttg.partition = array<i32: 1>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>, !ttg.async.token
      scf.if %p {
        %g, %gk = nvws.aref.get.enter %aref {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem>, !ttg.async.token
        nvws.aref.get.exit %aref, %gk [#nvws.async_op<none>] {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<2x32xf32, #s, #smem, mutable>]>, !ttg.async.token
      } {ttg.partition = array<i32: 0>}
    } {tt.warp_specialize, ttg.partition = array<i32: 0, 1>, ttg.partition.stages = [0 : i32, 0 : i32]}
    tt.return
  }
}

// -----

// An aref created per output tile (the loop over tiles around the partition
// loop, as Triton 3.6's non-persistent autoWS matmul has it before
// nvws-insert-tmem-aref): the consumer's exit commits its tcgen05 work to
// the empty barrier. The partition loop ends with its async work done (code
// partitioning adds the waits), so the next tile's aref.create does not meet
// a late arrival (which would be a false over-arrival or hang), and the
// accumulator's aref, created again per tile, numbers its enters from 0.
// CHECK-LABEL: == kernel aref_per_tile: no-deadlock (every interleaving finishes, at every trip count (proof below))
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @aref_per_tile(%tiles: i32, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %v = arith.constant dense<1.000000e+00> : tensor<32xf32, #bl>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<1x32xf32, #s, #smem, mutable>
    %abuf = ttg.local_alloc : () -> !ttg.memdesc<1x32xf32, #s, #smem, mutable>
    scf.for %t = %c0 to %tiles step %c1 : i32 {
      %accref = nvws.aref.create %abuf : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]>
      %ab, %atk = nvws.aref.put.enter %accref : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem, mutable>, !ttg.async.token
      %aref = nvws.aref.create %buf : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]>
      scf.for %i = %c0 to %n step %c1 : i32 {
        %b, %tk = nvws.aref.put.enter %aref {ttg.partition = array<i32: 1>} : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem, mutable>, !ttg.async.token
        ttg.local_store %v, %b {ttg.partition = array<i32: 1>} : tensor<32xf32, #bl> -> !ttg.memdesc<32xf32, #s, #smem, mutable>
        nvws.aref.put.exit %aref, %tk [#nvws.async_op<none>] {ttg.partition = array<i32: 1>} : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]>, !ttg.async.token
        %g, %gk = nvws.aref.get.enter %aref {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem>, !ttg.async.token
        nvws.aref.get.exit %aref, %gk [#nvws.async_op<tc5mma>] {ttg.partition = array<i32: 0>} : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]>, !ttg.async.token
      } {tt.warp_specialize, ttg.partition = array<i32: 0, 1>, ttg.partition.stages = [0 : i32, 0 : i32]}
      nvws.aref.put.exit %accref, %atk [#nvws.async_op<none>] : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]>, !ttg.async.token
      %r, %rk = nvws.aref.get.enter %accref : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]> -> !ttg.memdesc<32xf32, #s, #smem>, !ttg.async.token
      nvws.aref.get.exit %accref, %rk [#nvws.async_op<none>] : <[!ttg.memdesc<1x32xf32, #s, #smem, mutable>]>, !ttg.async.token
    }
    tt.return
  }
}
