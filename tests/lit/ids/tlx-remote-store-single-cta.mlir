// Check id `tlx-remote-store-single-cta`: a store into a remote CTA's shared
// memory in a kernel launched with one CTA per cluster, where there is no peer
// CTA. The finding sits on the store.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --implicit-check-not='[tlx-remote-store-single-cta]'

#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @one_cta(%v: tensor<128xf32, #blocked>, %dst: !ttg.memdesc<128xf32, #s, #smem, mutable>) {
    %c1 = arith.constant 1 : i32
    // CHECK: tlx-remote-store-single-cta.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-remote-store-single-cta]
    ttg.remote_shmem_store %v, rank %c1, %dst : tensor<128xf32, #blocked> -> !ttg.memdesc<128xf32, #s, #smem, mutable>
    // Must not fire: a local store.
    ttg.local_store %v, %dst : tensor<128xf32, #blocked> -> !ttg.memdesc<128xf32, #s, #smem, mutable>
    tt.return
  }
}

// -----

// Must not fire: the same store in a 2-CTA cluster.
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.cluster-dim-x" = 2 : i32, "ttg.cluster-dim-y" = 1 : i32, "ttg.cluster-dim-z" = 1 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @cluster_of_two(%v: tensor<128xf32, #blocked>, %dst: !ttg.memdesc<128xf32, #s, #smem, mutable>) {
    %c1 = arith.constant 1 : i32
    ttg.remote_shmem_store %v, rank %c1, %dst : tensor<128xf32, #blocked> -> !ttg.memdesc<128xf32, #s, #smem, mutable>
    tt.return
  }
}

// CHECK: exit=1
