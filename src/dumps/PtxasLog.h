// PtxasLog: reads `ptxas -v` output (TRITON_DUMP_PTXAS_LOG=1) and the
// autotuner's "Autotuning kernel K with config ..." lines interleaved with it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tscope::dumps {

/// An autotune config as TRITON_PRINT_AUTOTUNING prints it.
struct AutotuneConfig {
  std::string text;        ///< "BLOCK: 256, num_warps: 1, num_ctas: 1, num_stages: 3, maxnreg: None"
  std::optional<int> numWarps, numStages, numCtas, maxnreg;
};

/// What ptxas said about one entry function.
struct PtxasEntry {
  std::string function;
  std::string arch;   ///< "sm_90a"
  std::string tool;   ///< "ptxas" or "ptxas-blackwell"
  uint32_t line = 0;  ///< 1-based line of "Compiling entry function"
  int registers = -1; ///< "Used N registers"
  int barriers = -1;  ///< "used M barriers"
  int64_t stackFrame = -1, spillStores = -1, spillLoads = -1;
  int64_t smem = -1, cmem0 = -1; ///< static shared / constant bank 0, when printed
  int64_t gmem = -1;
  double compileMs = -1;
  std::vector<std::string> warnings; ///< ptxas warnings printed for this entry
  std::optional<AutotuneConfig> config; ///< the autotune config being compiled, when printed before
  std::string kernelName; ///< the autotuned kernel's name from the config line
};

/// The autotuner's verdict.
struct AutotuneResult {
  std::string kernel;
  std::string bestConfig;
  double seconds = -1;
  uint32_t line = 0;
};

/// Everything read from one log.
struct PtxasLog {
  std::vector<PtxasEntry> entries;
  std::vector<AutotuneResult> results;
};

/// Reads `text`; lines that are neither ptxas nor autotuner output are skipped.
PtxasLog parsePtxasLog(std::string_view text);

/// Parses "K: V, num_warps: 4, ..." (the Config's __str__).
AutotuneConfig parseAutotuneConfig(std::string_view text);

} // namespace tscope::dumps
