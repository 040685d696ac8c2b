// Check id `tlx-remote-arrive-single-cta`: an arrive on a remote CTA's barrier
// (map_to_remote_buffer) in a kernel launched with one CTA per cluster, where
// there is no peer CTA. The finding sits on the arrive.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --implicit-check-not='[tlx-remote-arrive-single-cta]'

#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @one_cta(%bar: !ttg.memdesc<1xi64, #s, #smem, mutable>) {
    %c1 = arith.constant 1 : i32
    %peer = ttng.map_to_remote_buffer %bar, %c1 : !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #ttng.shared_cluster_memory, mutable>
    // CHECK: tlx-remote-arrive-single-cta.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tlx-remote-arrive-single-cta]
    ttng.arrive_barrier %peer, 1 : !ttg.memdesc<1xi64, #s, #ttng.shared_cluster_memory, mutable>
    // Must not fire: a local arrive.
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}

// -----

// Must not fire: the same code in a 2-CTA cluster (TLX keeps ttg.num-ctas = 1
// and sets the cluster dims).
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.cluster-dim-x" = 2 : i32, "ttg.cluster-dim-y" = 1 : i32, "ttg.cluster-dim-z" = 1 : i32, "ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @cluster_of_two(%bar: !ttg.memdesc<1xi64, #s, #smem, mutable>) {
    %c1 = arith.constant 1 : i32
    %peer = ttng.map_to_remote_buffer %bar, %c1 : !ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #ttng.shared_cluster_memory, mutable>
    ttng.arrive_barrier %peer, 1 : !ttg.memdesc<1xi64, #s, #ttng.shared_cluster_memory, mutable>
    tt.return
  }
}

// CHECK: exit=1
