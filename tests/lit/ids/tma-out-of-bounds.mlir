// Check id `tma-out-of-bounds`: a TMA tile with negative coordinates (error),
// entirely past the tensor (warning) or on its edge (info), replayed over the
// grid of a launch record (Inputs/tma-launches.jsonl: a 256x64 or 250x64 f32
// tensor, 32x64 boxes, one record per kernel). The finding sits on the TMA op.
// RUN: %python %inputs/exit-code.py %tscope check %s --launches %S/Inputs/tma-launches.jsonl | %FileCheck %s --implicit-check-not='[tma-out-of-bounds]'
// Without a launch record the check is skipped, never guessed.
// RUN: %python %inputs/exit-code.py %tscope check %s | %FileCheck %s --check-prefix=NOREC
// NOREC-NOT: [tma-out-of-bounds]
// NOREC: exit=0

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Rows shifted up by 16: program 0 asks for row -16.
  tt.func public @shifted_up(%x_desc: !tt.tensordesc<tensor<32x64xf32, #shared>>, %x_desc_0: i32, %x_desc_1: i32, %x_desc_2: i64, %x_desc_3: i64) {
    %c32_i32 = arith.constant 32 : i32
    %shift = arith.constant -16 : i32
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    %pid = tt.get_program_id x : i32
    %row0 = arith.muli %pid, %c32_i32 : i32
    %row = arith.addi %row0, %shift : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: tma-out-of-bounds.mlir:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}[tma-out-of-bounds]
    ttng.async_tma_copy_global_to_local %x_desc[%row, %c0_i32] %buf, %bar, %true : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0_i32 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
  // Grid of 10 over 8 tiles: programs 8 and 9 read wholly past the end.
  tt.func public @extra_programs(%x_desc: !tt.tensordesc<tensor<32x64xf32, #shared>>, %x_desc_0: i32, %x_desc_1: i32, %x_desc_2: i64, %x_desc_3: i64) {
    %c32_i32 = arith.constant 32 : i32
    %shift = arith.constant 0 : i32
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    %pid = tt.get_program_id x : i32
    %row0 = arith.muli %pid, %c32_i32 : i32
    %row = arith.addi %row0, %shift : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: tma-out-of-bounds.mlir:[[@LINE+1]]:{{[0-9]+}}: warning: {{.*}}[tma-out-of-bounds]
    ttng.async_tma_copy_global_to_local %x_desc[%row, %c0_i32] %buf, %bar, %true : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0_i32 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
  // 250 rows: the last tile (rows 224..255) hangs over the edge and is
  // zero-filled; legal, reported as info.
  tt.func public @ragged_edge(%x_desc: !tt.tensordesc<tensor<32x64xf32, #shared>>, %x_desc_0: i32, %x_desc_1: i32, %x_desc_2: i64, %x_desc_3: i64) {
    %c32_i32 = arith.constant 32 : i32
    %shift = arith.constant 0 : i32
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    %pid = tt.get_program_id x : i32
    %row0 = arith.muli %pid, %c32_i32 : i32
    %row = arith.addi %row0, %shift : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: tma-out-of-bounds.mlir:[[@LINE+1]]:{{[0-9]+}}: {{info|note}}: {{.*}}[tma-out-of-bounds]
    ttng.async_tma_copy_global_to_local %x_desc[%row, %c0_i32] %buf, %bar, %true : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0_i32 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
  // Must not fire: 8 tiles of 32 rows cover 256 rows exactly.
  tt.func public @exact_fit(%x_desc: !tt.tensordesc<tensor<32x64xf32, #shared>>, %x_desc_0: i32, %x_desc_1: i32, %x_desc_2: i64, %x_desc_3: i64) {
    %c32_i32 = arith.constant 32 : i32
    %shift = arith.constant 0 : i32
    %true = arith.constant true
    %c0_i32 = arith.constant 0 : i32
    %pid = tt.get_program_id x : i32
    %row0 = arith.muli %pid, %c32_i32 : i32
    %row = arith.addi %row0, %shift : i32
    %buf = ttg.local_alloc : () -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %x_desc[%row, %c0_i32] %buf, %bar, %true : !tt.tensordesc<tensor<32x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0_i32 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// CHECK: exit=1
