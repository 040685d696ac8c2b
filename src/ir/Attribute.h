// Attribute: the one reader of an op's attribute dictionary `{...}` and its
// generic-form properties `<{...}>`, with typed views over a value's text.
// Properties are read before the dictionary (docs/Parser.md says why).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tscope::ir {

class Module;
class Operation;

/// One entry of an attribute dictionary. A unit attribute (`key` alone) has
/// the value "unit", which is how MLIR spells the same attribute in full.
struct NamedAttr {
  std::string_view name;  ///< the key, quotes removed (`ttg.num-warps`)
  std::string_view value; ///< the value text, trimmed (`4 : i32`)
};

/// An attribute value's text and typed views of it. Every view returns
/// nullopt when the text is not of its form; none of them throws.
class Attr {
public:
  Attr() = default;
  /// Wraps the text of a value (not a whole `key = value` entry).
  explicit Attr(std::string_view text) : text_(text), present_(true) {}

  /// True when the attribute was found.
  bool present() const { return present_; }
  explicit operator bool() const { return present_; }
  /// The value text ("" when absent, "unit" for a unit attribute).
  std::string_view text() const { return text_; }
  /// True for a unit attribute.
  bool isUnit() const { return present_ && text_ == "unit"; }

  /// `42`, `-1`, `0x10`, `true`, with or without a `: i32` type suffix.
  std::optional<int64_t> asInt() const;
  /// `true`/`false` (with or without `: i1`), `1`/`0`, or a unit attribute.
  std::optional<bool> asBool() const;
  /// `array<i32: 1, 2>`, `[1, 2]`, `dense<[1, 2]> : tensor<2xi32>`, a splat
  /// `dense<3>` (one element) or a single integer. Elements that are not
  /// integers are left out.
  std::optional<std::vector<int64_t>> asIntArray() const;
  /// The integer of a splat `dense<0> : tensor<...>`.
  std::optional<int64_t> asSplat() const;
  /// A string literal `"..."` with MLIR's escapes (`\"`, `\\`, `\n`, `\t`,
  /// `\XX` hex) decoded.
  std::optional<std::string> asString() const;
  /// A symbol reference `@foo` (or `@"foo"`): `foo`.
  std::optional<std::string_view> asSymbol() const;

private:
  std::string_view text_;
  bool present_ = false;
};

/// The entries of a `{...}` or `<{...}>` text in written order; a text of
/// another shape gives none, an entry that does not read as `key = value` or
/// `key` is left out.
std::vector<NamedAttr> parseAttrDict(std::string_view text);

/// Every attribute of `op`: its properties, then its attribute dictionary.
/// Read once per op and kept in the Module (safe from several threads).
const std::vector<NamedAttr> &attrsOf(const Module &m, const Operation &op);

/// Attribute `name` of `op`, properties first (MLIR keeps an op's inherent
/// attributes there in generic form), then the attribute dictionary.
Attr getAttr(const Module &m, const Operation &op, std::string_view name);

/// The integers `N` of every `keyword(N)` written in the op's own text
/// (outside its regions) in order, such as `num_warps(4)` after each
/// partition of a pretty-form `ttg.warp_specialize`; 0 where N is not a
/// decimal number.
std::vector<int64_t> keywordInts(const Module &m, const Operation &op, std::string_view keyword);

/// Parses a decimal (optionally signed) or `0x` hexadecimal integer, or
/// `true`/`false`, as MLIR prints integer attributes. Values above INT64_MAX
/// written unsigned (up to UINT64_MAX) are returned as their two's-complement
/// bits. Nullopt for anything else (floats, `dense<...>`, out of range).
std::optional<int64_t> parseIntLiteral(std::string_view s);

/// Splits an attribute or type list at top-level `sep` (outside brackets,
/// angle brackets and strings); pieces are trimmed. For callers above ir
/// that still cut lists themselves (translate's Python emitter).
void splitAttrList(std::string_view text, char sep, std::vector<std::string_view> &out);

/// `s` without ASCII whitespace at either end.
std::string_view trim(std::string_view s);

} // namespace tscope::ir
