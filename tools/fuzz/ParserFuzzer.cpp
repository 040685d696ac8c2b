// libFuzzer target: parse arbitrary bytes, then print the generic form; any
// crash, hang, leak or sanitizer report is a bug.
#include <cstddef>
#include <cstdint>
#include <sstream>

#include "ir/GenericPrinter.h"
#include "ir/Parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace tscope;
  auto buf = support::SourceBuffer::fromString(
      "fuzz.mlir", std::string_view(reinterpret_cast<const char *>(data), size));
  support::Diagnostics diags;
  auto m = ir::parseModule(std::move(buf), diags);
  std::ostringstream sink;
  diags.print(sink);
  if (diags.errorCount() == 0)
    ir::printGeneric(*m, sink);
  return 0;
}
