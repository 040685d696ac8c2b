// ChunkSplit: the `// -----` byte scan (the rule is the lexer's: see
// Lexer::lex, where `//` at a line start followed by blanks and `-----`
// becomes a split_marker token).
#include "ir/ChunkSplit.h"

#include <cstring>
#include <string.h> // memmem

namespace tscope::ir {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t'; }

} // namespace

std::vector<uint32_t> findChunkMarkers(const char *data, size_t size) {
  std::vector<uint32_t> out;
  const char *end = data + size;
  const char *p = data;
  // Look for the dashes (rare in IR text) and check the line around them.
  while (const void *hit = ::memmem(p, static_cast<size_t>(end - p), "-----", 5)) {
    const char *dash = static_cast<const char *>(hit);
    const char *eol = static_cast<const char *>(
        std::memchr(dash, '\n', static_cast<size_t>(end - dash)));
    p = eol ? eol + 1 : end; // one marker per line at most
    const char *q = dash;
    while (q > data && isBlank(q[-1]))
      --q;
    if (q - data < 2 || q[-1] != '/' || q[-2] != '/')
      continue;
    const char *slash = q - 2;
    const char *r = slash;
    while (r > data && isBlank(r[-1]))
      --r;
    if (r > data) {
      if (r[-1] != '\n')
        continue; // something else before `//` on its line
      // A line ending in a backslash continues into this one (the lexer
      // then does not see a line start, or a string goes on).
      const char *nl = r - 1;
      if (nl > data && nl[-1] == '\\')
        continue;
      if (nl - data >= 2 && nl[-1] == '\r' && nl[-2] == '\\')
        continue;
    }
    out.push_back(static_cast<uint32_t>(slash - data));
  }
  return out;
}

} // namespace tscope::ir
