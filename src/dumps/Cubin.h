// Cubin: per-kernel resources read from a CUDA cubin (an ELF file) without the
// CUDA toolkit: the register count and frame size that ptxas records in the
// `.nv.info` section, so a bare Triton cache (no ptxas log) still has them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tscope::dumps {

/// What a cubin says about one kernel (function symbol).
struct CubinKernel {
  std::string name;
  int registers = -1;       ///< EIATTR_REGCOUNT
  int64_t frameSize = -1;   ///< EIATTR_FRAME_SIZE (bytes of stack frame per thread)
  int64_t staticShared = 0; ///< size of `.nv.shared.<name>` (static shared memory)
};

/// Parses `bytes` as a 64-bit little-endian ELF cubin; nullopt (with `error`)
/// when it is not one. Every offset and size is bounds-checked.
std::optional<std::vector<CubinKernel>> readCubin(std::string_view bytes, std::string &error);

} // namespace tscope::dumps
