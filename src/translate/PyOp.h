// PyOp: one TTGIR op as a Python expression — TLX calls for the ops a kernel
// author writes (tlx.barrier_wait, tlx.async_dot, ...), Python operators for
// arith, tl calls for tt, and a plain dotted call for everything else.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/Module.h"
#include "kernel/Kernel.h"
#include "translate/PyNames.h"

namespace tscope::translate {

/// What rendering an op needs from the translation around it.
struct PyOpEnv {
  const ir::Module &module;
  const kernel::Kernel *kernel = nullptr; // null for ops outside any function
  const PyNames &names;
  bool types = false; // keep layout conversions as calls

  /// `v` as a call argument (no parentheses needed).
  std::string arg(const ir::Value *v) const;
  /// `v` as an operand of a Python operator (compound expressions parenthesised).
  std::string operand(const ir::Value *v) const;
  /// `v` before `.method(...)`: literals and compound expressions parenthesised.
  std::string receiver(const ir::Value *v) const;
  /// True when `v` is the constant `true`.
  bool isTrue(const ir::Value *v) const;
  /// The integer value of a constant operand.
  std::optional<int64_t> intConstant(const ir::Value *v) const;
  /// The written type of `v`.
  std::string_view typeOf(const ir::Value *v) const;
};

/// The Python form of one op.
struct PyOp {
  std::string expr;               // the expression or call; empty when nothing is printed
  bool atom = true;               // a name, literal or call (no parentheses needed as an operand)
  bool pure = false;              // free of side effects: may be inlined at its single use
  bool literal = false;           // a scalar constant: always printed in place
  std::vector<std::string> after; // statements printed after the assignment
  /// Per result: the operand index it stands for (a pass-through result such
  /// as the buffers of warp_group_dot_wait), or -1.
  std::vector<int> passThrough;
};

/// Renders `op` (an op without regions, or the call of a region op whose
/// region functions are named `regionFns`).
PyOp renderOp(const PyOpEnv &env, const ir::Operation *op,
              const std::vector<std::string> &regionFns = {});

/// `tl.float16` for "f16"; `tl.dtype("x")` for element types Triton has no name for.
std::string pyDtype(std::string_view elementType);

/// `(128, 64)`; `(128,)` for one dimension.
std::string pyShape(const std::vector<int64_t> &shape);

/// A scalar arith.constant as a Python literal ("0", "True", "1.5"), or nullopt.
std::optional<std::string> scalarLiteral(const ir::Module &m, const ir::Operation *op);

/// The plain-call spelling of an op name: `ttng.tensormap_create`, with each
/// dotted component a valid identifier.
std::string plainCallName(std::string_view opName);

} // namespace tscope::translate
