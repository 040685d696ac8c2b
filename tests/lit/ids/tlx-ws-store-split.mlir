// Check id `tlx-ws-store-split`: automatic warp specialization split one
// tt.store (one source location) between partitions, and the slices do not
// tile the tile: a slice shifted twice leaves rows unwritten and writes
// another tile's rows, or past the end of the tensor at the last tile (the
// Hopper attention fixtures of Triton 3.6, docs/TLX.md). The finding sits on
// the slice farthest along; a correct split, a store with a mask and slices in
// one partition say nothing.
// RUN: %python %inputs/exit-code.py %tscope lint %s | %FileCheck %s --implicit-check-not='[tlx-ws-store-split]'

#bl = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#loc = loc("attn.py":1:0)
#o = loc("attn.py":60:8)
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // The slices at q_row + 0..63 and (q_row + 64) + 0..63: a tiling.
  tt.func @split_ok(%o_ptr: !tt.ptr<f16>, %stride: i32, %n_ctx: i32) {
    ttg.warp_specialize(%o_ptr, %stride, %n_ctx)
    default {
      ttg.warp_yield
    }
    partition0(%p: !tt.ptr<f16>, %s: i32, %n: i32) num_warps(4) {
      %c128 = arith.constant 128 : i32
      %pid = tt.get_program_id x : i32
      %row0 = tt.get_program_id y : i32
      %r0 = arith.muli %row0, %n : i32
      %m = arith.muli %pid, %c128 : i32
      %q = arith.addi %r0, %m : i32
      %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
      %qs = tt.splat %q : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
      %rr = arith.addi %qs, %rows : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
      %re = tt.expand_dims %rr {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64x1xi32, #bl>
      %ss = tt.splat %s : i32 -> tensor<64x1xi32, #bl>
      %ro = arith.muli %re, %ss : tensor<64x1xi32, #bl>
      %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #bl>
      %pr = tt.addptr %ps, %ro : tensor<64x1x!tt.ptr<f16>, #bl>, tensor<64x1xi32, #bl>
      %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bl}>>
      %ce = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x64xi32, #bl>
      %pb = tt.broadcast %pr : tensor<64x1x!tt.ptr<f16>, #bl> -> tensor<64x64x!tt.ptr<f16>, #bl>
      %cb = tt.broadcast %ce : tensor<1x64xi32, #bl> -> tensor<64x64xi32, #bl>
      %ptrs = tt.addptr %pb, %cb : tensor<64x64x!tt.ptr<f16>, #bl>, tensor<64x64xi32, #bl>
      %v = arith.constant dense<0.0> : tensor<64x64xf16, #bl>
      tt.store %ptrs, %v : tensor<64x64x!tt.ptr<f16>, #bl> loc(#o)
      ttg.warp_return
    }
    partition1(%p: !tt.ptr<f16>, %s: i32, %n: i32) num_warps(4) {
      %c64 = arith.constant 64 : i32
      %c128 = arith.constant 128 : i32
      %pid = tt.get_program_id x : i32
      %row0 = tt.get_program_id y : i32
      %r0 = arith.muli %row0, %n : i32
      %m = arith.muli %pid, %c128 : i32
      %q0 = arith.addi %r0, %m : i32
      %q = arith.addi %q0, %c64 : i32
      %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
      %qs = tt.splat %q : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
      %rr = arith.addi %qs, %rows : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
      %re = tt.expand_dims %rr {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64x1xi32, #bl>
      %ss = tt.splat %s : i32 -> tensor<64x1xi32, #bl>
      %ro = arith.muli %re, %ss : tensor<64x1xi32, #bl>
      %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #bl>
      %pr = tt.addptr %ps, %ro : tensor<64x1x!tt.ptr<f16>, #bl>, tensor<64x1xi32, #bl>
      %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bl}>>
      %ce = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x64xi32, #bl>
      %pb = tt.broadcast %pr : tensor<64x1x!tt.ptr<f16>, #bl> -> tensor<64x64x!tt.ptr<f16>, #bl>
      %cb = tt.broadcast %ce : tensor<1x64xi32, #bl> -> tensor<64x64xi32, #bl>
      %ptrs = tt.addptr %pb, %cb : tensor<64x64x!tt.ptr<f16>, #bl>, tensor<64x64xi32, #bl>
      %v = arith.constant dense<0.0> : tensor<64x64xf16, #bl>
      tt.store %ptrs, %v : tensor<64x64x!tt.ptr<f16>, #bl> loc(#o)
      ttg.warp_return
    } : (!tt.ptr<f16>, i32, i32) -> ()
    tt.return
  }

  // Triton 3.6's split: the second slice's base is already q_row + 64 and its
  // row range is 64..128 again, so it writes q_row + 128 .. q_row + 191.
  tt.func @split_twice(%o_ptr: !tt.ptr<f16>, %stride: i32, %n_ctx: i32) {
    ttg.warp_specialize(%o_ptr, %stride, %n_ctx)
    default {
      ttg.warp_yield
    }
    partition0(%p: !tt.ptr<f16>, %s: i32, %n: i32) num_warps(4) {
      %c128 = arith.constant 128 : i32
      %pid = tt.get_program_id x : i32
      %row0 = tt.get_program_id y : i32
      %r0 = arith.muli %row0, %n : i32
      %m = arith.muli %pid, %c128 : i32
      %q = arith.addi %r0, %m : i32
      %rows = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
      %qs = tt.splat %q : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
      %rr = arith.addi %qs, %rows : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
      %re = tt.expand_dims %rr {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64x1xi32, #bl>
      %ss = tt.splat %s : i32 -> tensor<64x1xi32, #bl>
      %ro = arith.muli %re, %ss : tensor<64x1xi32, #bl>
      %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #bl>
      %pr = tt.addptr %ps, %ro : tensor<64x1x!tt.ptr<f16>, #bl>, tensor<64x1xi32, #bl>
      %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bl}>>
      %ce = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x64xi32, #bl>
      %pb = tt.broadcast %pr : tensor<64x1x!tt.ptr<f16>, #bl> -> tensor<64x64x!tt.ptr<f16>, #bl>
      %cb = tt.broadcast %ce : tensor<1x64xi32, #bl> -> tensor<64x64xi32, #bl>
      %ptrs = tt.addptr %pb, %cb : tensor<64x64x!tt.ptr<f16>, #bl>, tensor<64x64xi32, #bl>
      %v = arith.constant dense<0.0> : tensor<64x64xf16, #bl>
      tt.store %ptrs, %v : tensor<64x64x!tt.ptr<f16>, #bl> loc(#o)
      ttg.warp_return
    }
    partition1(%p: !tt.ptr<f16>, %s: i32, %n: i32) num_warps(4) {
      %c64 = arith.constant 64 : i32
      %c128 = arith.constant 128 : i32
      %pid = tt.get_program_id x : i32
      %row0 = tt.get_program_id y : i32
      %r0 = arith.muli %row0, %n : i32
      %m = arith.muli %pid, %c128 : i32
      %q0 = arith.addi %r0, %m : i32
      %q = arith.addi %q0, %c64 : i32
      %rows = tt.make_range {end = 128 : i32, start = 64 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
      %qs = tt.splat %q : i32 -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
      %rr = arith.addi %qs, %rows : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>>
      %re = tt.expand_dims %rr {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #bl}>> -> tensor<64x1xi32, #bl>
      %ss = tt.splat %s : i32 -> tensor<64x1xi32, #bl>
      %ro = arith.muli %re, %ss : tensor<64x1xi32, #bl>
      %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>, #bl>
      %pr = tt.addptr %ps, %ro : tensor<64x1x!tt.ptr<f16>, #bl>, tensor<64x1xi32, #bl>
      %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bl}>>
      %ce = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #bl}>> -> tensor<1x64xi32, #bl>
      %pb = tt.broadcast %pr : tensor<64x1x!tt.ptr<f16>, #bl> -> tensor<64x64x!tt.ptr<f16>, #bl>
      %cb = tt.broadcast %ce : tensor<1x64xi32, #bl> -> tensor<64x64xi32, #bl>
      %ptrs = tt.addptr %pb, %cb : tensor<64x64x!tt.ptr<f16>, #bl>, tensor<64x64xi32, #bl>
      %v = arith.constant dense<0.0> : tensor<64x64xf16, #bl>
      // CHECK: tlx-ws-store-split.mlir:[[@LINE+1]]:7: error: the warp-specialized partitions store one tile in 2 slices of 64 along dimension 0 (rows) that do not tile it: relative to the first, they write 0..63 (partition0), 128..191 (partition1) of the 128 the tile has; 64..127 are written by none; 64 written lie outside the tile{{.*}}[tlx-ws-store-split]
      tt.store %ptrs, %v : tensor<64x64x!tt.ptr<f16>, #bl> loc(#o)
      // CHECK: attn.py:60: note: Python source
      // CHECK: note: another slice of the same store, in partition0
      ttg.warp_return
    } : (!tt.ptr<f16>, i32, i32) -> ()
    tt.return
  }
}
// CHECK: exit=1
