// Remote-CTA rules (tlx-remote-*) on hand-written TTGIR of our own: a mapa'd
// barrier arrive or a shared::cluster store needs a peer CTA, which a launch
// with one CTA per cluster does not have.
// RUN: %python %inputs/exit-code.py %tscope lint %s | %FileCheck %s --implicit-check-not=tlx-

#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @one_cta(%bar: !ttg.memdesc<1xi64, #s, #smem, mutable>, %v: tensor<128xf32, #blocked>, %dst: !ttg.memdesc<128xf32, #s, #smem, mutable>) {
    %c1 = arith.constant 1 : i32
    %peer = ttng.map_to_remote_buffer %bar, %c1 : !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #ttng.shared_cluster_memory, mutable>
// CHECK: remote-cta.mlir:[[@LINE+1]]:5: error: barrier_arrive on a remote CTA's barrier (bar through remote_view) but the kernel is launched with one CTA per cluster (ttg.num-ctas = 1, no cluster dims), so there is no peer CTA; drop remote_cta_rank or launch with a cluster (ctas_per_cga) [tlx-remote-arrive-single-cta]
    ttng.arrive_barrier %peer, 1 : !ttg.memdesc<1xi64, #s, #ttng.shared_cluster_memory, mutable>
// CHECK: remote-cta.mlir:[[@LINE+1]]:5: error: ttg.remote_shmem_store writes another CTA's shared memory but the kernel is launched with one CTA per cluster {{.*}} [tlx-remote-store-single-cta]
    ttg.remote_shmem_store %v, rank %c1, %dst : tensor<128xf32, #blocked> -> !ttg.memdesc<128xf32, #s, #smem, mutable>
    // A local arrive is fine.
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// The same code in a 2-CTA cluster (TLX keeps ttg.num-ctas = 1 and sets the
// cluster dims): nothing fires.
#s2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#smem2 = #ttg.shared_memory
module attributes {"ttg.cluster-dim-x" = 2 : i32, "ttg.cluster-dim-y" = 1 : i32, "ttg.cluster-dim-z" = 1 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @cluster_of_two(%bar: !ttg.memdesc<1xi64, #s2, #smem2, mutable>, %v: tensor<128xf32, #blocked2>, %dst: !ttg.memdesc<128xf32, #s2, #smem2, mutable>) {
    %c1 = arith.constant 1 : i32
    %peer = ttng.map_to_remote_buffer %bar, %c1 : !ttg.memdesc<1xi64, #s2, #smem2, mutable> -> !ttg.memdesc<1xi64, #s2, #ttng.shared_cluster_memory, mutable>
    ttng.arrive_barrier %peer, 1 : !ttg.memdesc<1xi64, #s2, #ttng.shared_cluster_memory, mutable>
    ttg.remote_shmem_store %v, rank %c1, %dst : tensor<128xf32, #blocked2> -> !ttg.memdesc<128xf32, #s2, #smem2, mutable>
    tt.return
  }
}

// CHECK: remote-cta.mlir: 2 errors, 0 warnings, 0 notes
// CHECK: exit=1
