// TextScan: the byte-level splitters the parser and the attribute reader
// share. Private to src/ir: code above ir reads attributes through
// ir/Attribute.h instead of cutting text itself.
#pragma once

#include <string_view>
#include <vector>

namespace tscope::ir::detail {

/// True for the ASCII whitespace MLIR text uses.
inline bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/// `s` without ASCII whitespace at either end.
inline std::string_view trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && isSpace(s[b]))
    ++b;
  while (e > b && isSpace(s[e - 1]))
    --e;
  return s.substr(b, e - b);
}

/// The index of the `"` that closes the string opening at `s[i]` (escapes
/// honoured), or s.size() when it is not closed.
inline size_t skipString(std::string_view s, size_t i) {
  for (++i; i < s.size() && s[i] != '"'; ++i)
    if (s[i] == '\\')
      ++i;
  return i < s.size() ? i : s.size();
}

/// Splits `text` at top-level occurrences of `sep` (outside (), [], {}, <>
/// and strings; the `>` of `->` does not close); pieces are trimmed.
/// Inline because the parser calls it for every op's type list.
inline void splitTopLevel(std::string_view text, char sep, std::vector<std::string_view> &out) {
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      i = skipString(text, i);
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<')
      ++depth;
    else if (c == ')' || c == ']' || c == '}')
      --depth;
    else if (c == '>' && !(i > 0 && text[i - 1] == '-'))
      --depth;
    else if (c == sep && depth == 0) {
      out.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  std::string_view last = trim(text.substr(start));
  if (!last.empty() || !out.empty())
    out.push_back(last);
}

} // namespace tscope::ir::detail
