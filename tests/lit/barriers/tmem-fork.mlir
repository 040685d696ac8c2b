// Column packing as Meta's fork writes it after code partitioning: members of
// one buffer.id share the owner's columns (the member without buffer.offset
// owns them). Hand-written: Triton 3.6 from PyPI does not emit buffer.offset.
// RUN: %tscope barriers %s | %FileCheck %s
// RUN: %tscope barriers --format json %s > %t.json
// RUN: %python %inputs/check-barriers-schema.py %t.json | %FileCheck %s --check-prefix=SCHEMA

// CHECK-LABEL: == kernel packed_missing
// CHECK: owner qk  128 columns  buffer.id 8
// CHECK: p        0..64    buffer.offset 0
// CHECK: alpha    64..65   buffer.offset 64
// CHECK: full-overwrite MMA writer: partition1 tcgen05_mma use_acc=false into qk
// CHECK: ✗ MISSING  alpha    partition0 tmem_load
// CHECK: ✓ ordered  p        partition1 tcgen05_mma operand A
// The accumulator o starts with use_acc=false on the first step, but its loop
// runs n times, which may be zero: then the default partition's zero store is
// what o holds, so it is not redundant (docs/Barriers.md).
// CHECK: ✓  o {{.*}} its loop at IR {{[0-9]+}} runs from 0 to n, which may be zero times
// CHECK-LABEL: == kernel packed_ordered
// CHECK: ✓ ordered  alpha    partition0 tmem_load {{.*}} p_ready: partition0 arrive @{{[0-9]+}} -> partition1 wait phase
// CHECK-NOT: {{✗}}
// SCHEMA: schema ok: 2 kernels
// SCHEMA: tmem: 2 owners, 4 orders, 4 init rows, 1 findings (tmem-packed-order error)
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem1 = #ttng.tensor_memory_encoding<blockM = 128, blockN = 1, colStride = 1>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @packed_missing(%n: i32, %a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %v: !ttg.memdesc<128x128xf16, #shared, #smem>) {
    %qk = ttng.tmem_alloc {buffer.copy = 1 : i32, buffer.id = 8 : i32} : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %p = ttng.tmem_alloc {buffer.copy = 1 : i32, buffer.id = 8 : i32, buffer.offset = 0 : i32} : () -> !ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable>
    %alpha = ttng.tmem_alloc {buffer.copy = 1 : i32, buffer.id = 8 : i32, buffer.offset = 64 : i32} : () -> !ttg.memdesc<128x1xf32, #tmem1, #ttng.tensor_memory, mutable>
    %o = ttng.tmem_alloc {buffer.copy = 1 : i32, buffer.id = 9 : i32} : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %s_ready = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %p_ready = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %true = arith.constant true
    ttg.warp_specialize(%qk, %p, %alpha, %o, %s_ready, %p_ready, %n, %a, %b, %v)
    default {
      ttng.tmem_store %zero, %o, %true : tensor<128x128xf32, #blocked> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      ttg.warp_yield
    }
    partition0(%qk0: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %p0: !ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable>, %al0: !ttg.memdesc<128x1xf32, #tmem1, #ttng.tensor_memory, mutable>, %o0: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %sr0: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %pr0: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %n0: i32, %a0: !ttg.memdesc<128x64xf16, #shared, #smem>, %b0: !ttg.memdesc<64x128xf16, #shared, #smem>, %v0: !ttg.memdesc<128x128xf16, #shared, #smem>) num_warps(4) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      scf.for %i = %c0 to %n0 step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        ttng.wait_barrier %sr0, %ph : !ttg.memdesc<1xi64, #bar, #smem, mutable>
        %s = ttng.tmem_load %qk0 : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
        ttng.arrive_barrier %pr0, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
        %x = ttng.tmem_load %al0 : !ttg.memdesc<128x1xf32, #tmem1, #ttng.tensor_memory, mutable> -> tensor<128x1xf32, #blocked>
      }
      ttg.warp_return
    }
    partition1(%qk1: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %p1: !ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable>, %al1: !ttg.memdesc<128x1xf32, #tmem1, #ttng.tensor_memory, mutable>, %o1: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %sr1: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %pr1: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %n1: i32, %a1: !ttg.memdesc<128x64xf16, #shared, #smem>, %b1: !ttg.memdesc<64x128xf16, #shared, #smem>, %v1: !ttg.memdesc<128x128xf16, #shared, #smem>) num_warps(1) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %false = arith.constant false
      %true1 = arith.constant true
      scf.for %i = %c0 to %n1 step %c1 : i32 {
        ttng.tc_gen5_mma %a1, %b1, %qk1, %false, %true1, %sr1[%true1] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
        %ph = arith.andi %i, %c1 : i32
        ttng.wait_barrier %pr1, %ph : !ttg.memdesc<1xi64, #bar, #smem, mutable>
        %use = arith.cmpi sgt, %i, %c0 : i32
        ttng.tc_gen5_mma %p1, %v1, %o1, %use, %true1 : !ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x1xf32, #tmem1, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, i32, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf16, #shared, #smem>) -> ()
    tt.return
  }
  tt.func @packed_ordered(%n: i32, %a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>, %v: !ttg.memdesc<128x128xf16, #shared, #smem>) {
    %qk = ttng.tmem_alloc {buffer.copy = 1 : i32, buffer.id = 8 : i32} : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %p = ttng.tmem_alloc {buffer.copy = 1 : i32, buffer.id = 8 : i32, buffer.offset = 0 : i32} : () -> !ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable>
    %alpha = ttng.tmem_alloc {buffer.copy = 1 : i32, buffer.id = 8 : i32, buffer.offset = 64 : i32} : () -> !ttg.memdesc<128x1xf32, #tmem1, #ttng.tensor_memory, mutable>
    %o = ttng.tmem_alloc {buffer.copy = 1 : i32, buffer.id = 9 : i32} : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %s_ready = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %p_ready = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #blocked>
    %true = arith.constant true
    ttg.warp_specialize(%qk, %p, %alpha, %o, %s_ready, %p_ready, %n, %a, %b, %v)
    default {
      ttg.warp_yield
    }
    partition0(%qk0: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %p0: !ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable>, %al0: !ttg.memdesc<128x1xf32, #tmem1, #ttng.tensor_memory, mutable>, %o0: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %sr0: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %pr0: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %n0: i32, %a0: !ttg.memdesc<128x64xf16, #shared, #smem>, %b0: !ttg.memdesc<64x128xf16, #shared, #smem>, %v0: !ttg.memdesc<128x128xf16, #shared, #smem>) num_warps(4) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      scf.for %i = %c0 to %n0 step %c1 : i32 {
        %ph = arith.andi %i, %c1 : i32
        ttng.wait_barrier %sr0, %ph : !ttg.memdesc<1xi64, #bar, #smem, mutable>
        %s = ttng.tmem_load %qk0 : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #blocked>
        %x = ttng.tmem_load %al0 : !ttg.memdesc<128x1xf32, #tmem1, #ttng.tensor_memory, mutable> -> tensor<128x1xf32, #blocked>
        ttng.arrive_barrier %pr0, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
      }
      ttg.warp_return
    }
    partition1(%qk1: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %p1: !ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable>, %al1: !ttg.memdesc<128x1xf32, #tmem1, #ttng.tensor_memory, mutable>, %o1: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %sr1: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %pr1: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %n1: i32, %a1: !ttg.memdesc<128x64xf16, #shared, #smem>, %b1: !ttg.memdesc<64x128xf16, #shared, #smem>, %v1: !ttg.memdesc<128x128xf16, #shared, #smem>) num_warps(1) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %false = arith.constant false
      %true1 = arith.constant true
      scf.for %i = %c0 to %n1 step %c1 : i32 {
        ttng.tc_gen5_mma %a1, %b1, %qk1, %false, %true1, %sr1[%true1] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>
        %ph = arith.andi %i, %c1 : i32
        ttng.wait_barrier %pr1, %ph : !ttg.memdesc<1xi64, #bar, #smem, mutable>
        %use = arith.cmpi sgt, %i, %c0 : i32
        ttng.tc_gen5_mma %p1, %v1, %o1, %use, %true1 : !ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x128xf16, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x1xf32, #tmem1, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, !ttg.memdesc<1xi64, #bar, #smem, mutable>, i32, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf16, #shared, #smem>) -> ()
    tt.return
  }
}
