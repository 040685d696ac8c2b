// ChunkSplit: the `// -----` byte scan (the rule is the lexer's: see
// Lexer::lex, where `//` at a line start followed by blanks and `-----`
// becomes a split_marker token).
#include "ir/ChunkSplit.h"

#include <algorithm>
#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "support/Parallel.h"

namespace tscope::ir {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t'; }

/// The first `//` starting in [p, end), or null. SSE2: 16 bytes compared
/// at a time, stepping 15 so that a pair starting in a block lies inside it
/// (baseline on x86-64; a byte loop elsewhere and for the tail). `/` is
/// rare in IR and `//` rarer: nearly every block is one compare.
const char *findSlashes(const char *p, const char *end) {
#if defined(__SSE2__)
  const __m128i slash = _mm_set1_epi8('/');
  while (end - p >= 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    unsigned m = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, slash)));
    unsigned pair = m & (m >> 1) & 0x7FFFu;
    if (pair)
      return p + __builtin_ctz(pair);
    p += 15;
  }
#endif
  for (; end - p >= 2; ++p)
    if (p[0] == '/' && p[1] == '/')
      return p;
  return nullptr;
}

/// Appends the markers whose `//` starts in [from, to) (reading the lines
/// around them anywhere in the buffer).
void scan(const char *data, size_t size, size_t from, size_t to, std::vector<uint32_t> &out) {
  const char *end = data + size;
  const char *p = data + from;
  const char *stop = data + std::min(size, to + 1); // a pair must start before `to`
  while (const char *slash = findSlashes(p, stop)) {
    if (slash >= data + to)
      break;
    // Only the first `//` of a line can have nothing but blanks before it.
    const char *eol = static_cast<const char *>(
        std::memchr(slash, '\n', static_cast<size_t>(end - slash)));
    p = eol && eol + 1 < stop ? eol + 1 : stop;
    const char *q = slash + 2;
    while (q < end && isBlank(*q))
      ++q;
    if (end - q < 5 || std::memcmp(q, "-----", 5) != 0)
      continue;
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
}

} // namespace

std::vector<uint32_t> findChunkMarkers(const char *data, size_t size, unsigned threads) {
  // Pieces of at least 4 MiB: a marker belongs to the piece its `//` starts
  // in, and only the first `//` of a line can pass the checks, so pieces
  // need not start at line starts.
  constexpr size_t kPiece = size_t(4) << 20;
  size_t pieces = std::min<size_t>(threads > 1 ? threads * 2 : 1, (size + kPiece - 1) / kPiece);
  std::vector<uint32_t> out;
  if (pieces <= 1) {
    scan(data, size, 0, size, out);
    return out;
  }
  std::vector<std::vector<uint32_t>> found(pieces);
  size_t step = (size + pieces - 1) / pieces;
  support::parallelFor(pieces, threads, [&](size_t i) {
    scan(data, size, i * step, std::min(size, (i + 1) * step), found[i]);
  }, 1);
  for (const auto &f : found)
    out.insert(out.end(), f.begin(), f.end());
  return out;
}

} // namespace tscope::ir
