// TlxTranslator: renders TTGIR as readable TLX-style Python — functions,
// structured control flow (scf.for / if / while), warp_specialize as
// `with tlx.async_tasks():`, barrier and buffer allocations as TLX calls.
#pragma once

#include <functional>
#include <string>

#include "ir/Module.h"
#include "kernel/Kernel.h"

namespace tscope::translate {

/// What the translation shows besides the code.
struct TlxOptions {
  bool types = false;    // result types (with layouts) as trailing comments
  bool annotate = false; // `# IR line N, file.py:L` on every statement
  /// The functions translated (e.g. the kernels `--kernel` selects, with the
  /// device functions); every one when empty.
  std::function<bool(const kernel::Kernel &)> keep;
};

/// Translates every function of `m`. The result is valid Python syntax (it is
/// meant to be read, not run: it keeps the IR's own dataflow).
std::string translateToTlx(const ir::Module &m, const TlxOptions &opts = {});

} // namespace tscope::translate
