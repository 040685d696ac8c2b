// StatsReport: the text and JSON views of `tscope stats` over InstrStats.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "dumps/InstrStats.h"

namespace tscope::dumps {

/// Per kernel: total instructions, each family with its opcodes, register directives.
void writeStatsText(std::ostream &os, const std::string &file, const InstrStats &st, bool allOpcodes);

/// One kernel's mix as JSON (shared with `tscope scan`).
nlohmann::json kernelStatsJson(const KernelInstrStats &k);

/// The file's mix as JSON: `kernels`.
nlohmann::json statsJson(const std::string &file, const InstrStats &st);

} // namespace tscope::dumps
