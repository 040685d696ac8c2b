// InstrStats: the static instruction mix of PTX or SASS per kernel, grouped
// into the families that matter for Hopper/Blackwell kernels (wgmma, tcgen05,
// mbarrier, bar.sync/arrive, TMA, proxy fences, local loads/stores = spills).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tscope::dumps {

/// The instruction families reported, in print order.
const std::vector<std::string> &instrFamilies();

/// One kernel's mix.
struct KernelInstrStats {
  std::string name;
  uint64_t instructions = 0;
  std::map<std::string, uint64_t> families;              ///< family -> count
  std::map<std::string, std::map<std::string, uint64_t>> opcodes; ///< family -> opcode -> count
  int maxnreg = -1;  ///< PTX `.maxnreg`
  int reqntid = -1;  ///< PTX `.reqntid` (threads per CTA)
  std::map<int, uint64_t> setmaxnregInc, setmaxnregDec; ///< value -> count (PTX) or alloc/dealloc (SASS)
};

/// The mix of one file.
struct InstrStats {
  bool sass = false;
  std::vector<KernelInstrStats> kernels;
};

/// Counts instructions in PTX (`.entry` bodies) or SASS (cuobjdump's
/// `Function : name` or Triton's `Function:name` listings).
InstrStats instrStats(std::string_view text, bool sass);

/// The family of a PTX opcode (e.g. "mbarrier" for mbarrier.try_wait.parity...), or "".
std::string_view ptxFamily(std::string_view opcode);

/// The family of a SASS opcode (e.g. "wgmma" for HGMMA.64x64x16.F32), or "".
std::string_view sassFamily(std::string_view opcode);

} // namespace tscope::dumps
