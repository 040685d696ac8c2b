// UnknownWords: why a value the interpreter could not compute is unknown, in
// the user's words, and what the user can give (an --arg, a --grid, or
// nothing until tscope models an op). Every check that stops on an unknown
// value (the model checker, the TMA replay) words it here.
#pragma once

#include <string>

#include "interp/Scalar.h"
#include "kernel/Kernel.h"

namespace tscope::checks {

/// Why a value is unknown, and the next step (empty when there is none).
struct UnknownWords {
  std::string why, next;
};

/// The words for unknown `s` of kernel `k`.
UnknownWords unknownWords(const ir::Module &m, const kernel::Kernel &k, const interp::Scalar &s);

} // namespace tscope::checks
