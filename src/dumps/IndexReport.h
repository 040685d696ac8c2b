// IndexReport: the text table and JSON of `tscope ls` over a DumpIndex.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>

#include "dumps/DumpIndex.h"

namespace tscope::dumps {

/// Human-readable size: 812, 3.1K, 1.2M.
std::string humanBytes(int64_t n);

/// Writes each section: kernels × stages with sizes, config, status.
void writeIndexText(std::ostream &os, const DumpIndex &idx);

/// The index as JSON: `sections` with their `kernels`.
nlohmann::json indexJson(const DumpIndex &idx);

/// One entry as JSON (shared with `tscope scan`).
nlohmann::json entryJson(const KernelEntry &e);

} // namespace tscope::dumps
