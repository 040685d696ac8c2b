// PyNames: the Python identifier of every SSA value in a translation — SSA or
// NameLoc names made valid, kept unique within the scopes that can see them.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/Module.h"

namespace tscope::translate {

/// How a value prints: its identifier, or an inlined expression or literal.
struct PyRef {
  std::string text;
  bool atom = true; // a name, literal or call: needs no parentheses as an operand
  int depth = 0;    // nesting of inlined expressions
};

/// Assigns identifiers with a stack of scopes (one per IR region): a name is
/// unique among the names of the open scopes, so sibling regions (two
/// partitions, two loops) may reuse a name; a name defined after a scope
/// closed may repeat one from inside it, which is harmless because nothing
/// outside a region reads its values.
class PyNames {
public:
  /// Makes `raw` a valid Python identifier: strips a leading `%`, maps other
  /// characters to `_`, prefixes `v` to a leading digit, suffixes `_` to
  /// keywords and reserved names. Never empty.
  static std::string sanitize(std::string_view raw);
  /// True for Python keywords and the soft keywords that cannot be names.
  static bool isKeyword(std::string_view s);

  /// Reserves a name in every scope (tl, tlx, triton, range, dialect prefixes).
  void reserve(std::string name);
  /// Opens a nested scope.
  void push();
  /// Closes the innermost scope; its names become free again.
  void pop();
  /// Gives `v` an identifier derived from `base` (sanitized, made unique).
  const std::string &define(const ir::Value *v, std::string_view base);
  /// A fresh identifier derived from `base` that no value owns (helper names).
  std::string fresh(std::string_view base);
  /// Makes `v` print as `ref` (partition arguments, inlined expressions).
  void alias(const ir::Value *v, PyRef ref);
  /// How `v` prints, or null when it has no name yet.
  const PyRef *find(const ir::Value *v) const;

private:
  bool taken(const std::string &n) const;
  std::string unique(std::string_view base);
  std::unordered_set<std::string> reserved_;
  std::vector<std::vector<std::string>> scopes_{1};
  std::unordered_map<std::string, int> live_; // name -> open definitions
  std::unordered_map<const ir::Value *, PyRef> refs_;
};

} // namespace tscope::translate
