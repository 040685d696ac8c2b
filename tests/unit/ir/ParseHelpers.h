// ParseHelpers: parse a string into a Module for the ir tests.
#pragma once

#include <memory>
#include <string_view>

#include "ir/Parser.h"

namespace tscope::irtest {

/// A parse result with the diagnostics it produced.
struct Parsed {
  support::Diagnostics diags;
  std::unique_ptr<ir::Module> m;
};

/// Parses `text` as the file `t.mlir`.
inline std::unique_ptr<Parsed> parse(std::string_view text) {
  auto p = std::make_unique<Parsed>();
  p->m = ir::parseModule(support::SourceBuffer::fromString("t.mlir", text), p->diags);
  return p;
}

} // namespace tscope::irtest
