// OpText: reads the few facts the interpreter needs from an op's text — a
// predicate or axis word, a property or attribute value, an integer literal,
// an integer type's width, the NameLoc name of a function argument. Pretty
// and generic forms both.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ir/Attribute.h"

namespace tscope::ir {
struct Value;
} // namespace tscope::ir

namespace tscope::interp {

/// Width returned by intWidth for an integer type wider than 64 bits.
inline constexpr unsigned kTooWide = 255;

/// Bit width of a scalar integer type: `iN` (N in 1..64) gives N, `index`
/// gives 64, `iN` with N > 64 gives kTooWide; anything else (tensors, floats,
/// pointers, `si32`) gives 0.
unsigned intWidth(std::string_view type);

/// Integer literals read as ir::parseIntLiteral reads them.
using ir::parseIntLiteral;

/// The op's text after its name, through the end of the op: for
/// `%p = arith.cmpi slt, %a, %b : i32` it is ` slt, %a, %b : i32`.
std::string_view textAfterName(const ir::Module &m, const ir::Operation &op);

/// The first bare word of a pretty-form op after its name, skipping an
/// attribute dictionary written there: `slt` in `arith.cmpi slt, ...`, `x` in
/// `tt.get_program_id x {...} : i32`, `unsigned` in `scf.for unsigned %i`.
/// Empty when the op is generic or the next token is not a word.
std::string_view firstWord(const ir::Module &m, const ir::Operation &op);

/// The value text of `key` in the op's properties `<{...}>` or, failing
/// that, its attribute dictionary `{...}` (ir::getAttr): "2 : i64" for
/// `predicate`. An entry written without `=` (a unit attribute) gives "unit".
std::optional<std::string_view> attrValue(const ir::Module &m,
                                          const ir::Operation &op,
                                          std::string_view key);

/// The integer of an attribute value such as `2 : i64`, `true` or `-1`.
std::optional<int64_t> attrInt(std::string_view value);

/// The NameLoc name of a block argument written with a location, as Triton
/// prints function and partition arguments: `K` for
/// `%K: i32 {tt.divisibility = 16 : i32} loc("K"(#loc1))` or for
/// `loc(#loc60)` where `#loc60 = loc("K"(#loc1))` (ir::resolveLocation
/// follows the chain). Empty when there is none.
std::string argLocName(const ir::Module &m, const ir::Value &arg);

} // namespace tscope::interp
