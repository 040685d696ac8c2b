// Check id `not-verified` (warning): a check could not decide a kernel, so
// "clean" would not mean checked. Here the barrier a wait uses is picked by
// a value loaded from memory, which no --arg can give: the warning sits on
// the first op that uses that barrier and says so.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --implicit-check-not='[not-verified]'

// CHECK: not-verified.mlir:[[@LINE+13]]:5: warning: deadlock not verified for kernel loaded_slot: {{.*}}[not-verified]
// CHECK: note: next:
// CHECK: not-verified.mlir:[[@LINE+11]]:5: warning: races not verified for kernel loaded_slot: {{.*}}[not-verified]
// CHECK: kernels: 0 verified, 1 not verified
// CHECK: exit=0
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @loaded_slot(%p: !tt.ptr<i32>) {
    %c0 = arith.constant 0 : i32
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
    %i = tt.load %p : !tt.ptr<i32>
    %bar = ttg.memdesc_index %bars[%i] : !ttg.memdesc<2x1xi64, #s, #smem, mutable> -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #s, #smem, mutable>
    tt.return
  }
}
