// Small TTGIR kernels for the fence unit tests: a module header, one function
// and a body written in the pretty form.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/Parser.h"
#include "kernel/Kernel.h"

namespace tscope::testing {

/// Wraps `body` into `tt.func @k` with a 64x64xf16 buffer %x, a 2-slot ring
/// %ring, barriers %bar (1 slot) and %ready (2 slots), a tensor %v, an
/// accumulator %acc, a descriptor %desc, a bound %n and a condition %cond.
inline std::string kernelIr(const std::string &body, const std::string &target = "cuda:90",
                            const std::string &extraAllocs = "") {
  return R"(#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#n = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = ")" +
         target + R"("} {
  tt.func @k(%desc: !tt.tensordesc<tensor<64x64xf16, #n>>, %v: tensor<64x64xf16, #b>, %acc: tensor<64x64xf32, #b>, %n: i32, %cond: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>
    %ring = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #n, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #s, #smem, mutable>
    %ready = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #s, #smem, mutable>
)" + extraAllocs +
         body + R"(    tt.return
  }
}
)";
}

/// Op texts for kernelIr bodies.
namespace ops {
inline const char *kStoreX =
    "    ttg.local_store %v, %x : tensor<64x64xf16, #b> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>\n";
inline const char *kLoadX =
    "    %l = ttg.local_load %x : !ttg.memdesc<64x64xf16, #n, #smem, mutable> -> tensor<64x64xf16, #b>\n";
inline const char *kFence = "    ttng.fence_async_shared {bCluster = false}\n";
inline const char *kTmaStoreX =
    "    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #n>>, "
    "!ttg.memdesc<64x64xf16, #n, #smem, mutable>\n";
inline const char *kTmaLoadX =
    "    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %x, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #n>>, "
    "!ttg.memdesc<1xi64, #s, #smem, mutable> -> !ttg.memdesc<64x64xf16, #n, #smem, mutable>\n";
inline const char *kStoreWait = "    ttng.async_tma_store_wait {pendings = 0 : i32}\n";
inline const char *kWgmmaX =
    "    %d = ttng.warp_group_dot %x, %x, %acc, %true {inputPrecision = 0 : i32, isAsync = true} : "
    "!ttg.memdesc<64x64xf16, #n, #smem, mutable> * !ttg.memdesc<64x64xf16, #n, #smem, mutable> -> "
    "tensor<64x64xf32, #b>\n";
} // namespace ops

/// A parsed module and its kernels.
struct ParsedIr {
  support::Diagnostics diags;
  std::unique_ptr<ir::Module> m;
  std::vector<kernel::Kernel> kernels;
  explicit ParsedIr(const std::string &text) {
    m = ir::parseModule(support::SourceBuffer::fromString("k.ttgir", text), diags);
    kernels = kernel::Kernel::build(*m);
  }
  /// The nth op named `name` of the first kernel.
  const ir::Operation *find(std::string_view name, int nth = 0) const {
    const ir::Operation *found = nullptr;
    kernels.at(0).walk([&](const ir::Operation *op, const kernel::Placement &) {
      if (op->is(name) && nth-- == 0)
        found = op;
    });
    return found;
  }
};

} // namespace tscope::testing
