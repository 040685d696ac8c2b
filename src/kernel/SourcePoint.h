// SourcePoint: where an op is, the one location type of the kernel facts:
// the IR line, the op's byte offset (for the real column and the caret) and
// the Python file:line its loc chain names.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace tscope::ir {
struct Operation;
}

namespace tscope::kernel {

class Kernel;

/// Where something is: IR line, byte offset of the op, and the Python line behind it.
struct SourcePoint {
  uint32_t irLine = 0;
  std::optional<uint32_t> offset; ///< byte offset of the op's first byte in the IR buffer
  std::string pyFile;
  uint32_t pyLine = 0;
};

/// The IR line, offset and Python file:line of an op (empty point for null).
SourcePoint pointOf(const Kernel &k, const ir::Operation *op);

} // namespace tscope::kernel
