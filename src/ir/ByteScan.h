// ByteScan: bulk byte scanning for the lexer and parser, 16 bytes at a time
// with SSE2 (baseline on x86-64; a scalar loop elsewhere). Every function
// reads only bytes in [p, end): a 16-byte load is made only when 16 bytes
// remain, so no load crosses the end of the buffer. Private to src/ir.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tscope::ir::detail {

/// True for the whitespace MLIR skips: ' ' and '\t' '\n' '\v' '\f' '\r'.
inline bool isBlank(unsigned char c) { return c == ' ' || (c >= 9 && c <= 13); }

/// True for bytes a bracket matcher can pass over without a look: printable
/// ASCII other than brackets, quotes and '/', and also '\t'.
constexpr bool isBoringSlow(unsigned char c) {
  if (c == '\t')
    return true;
  if (c < 0x20 || c >= 0x7f)
    return false;
  switch (c) {
  case '(': case ')': case '[': case ']': case '{': case '}':
  case '<': case '>': case '"': case '/':
    return false;
  default:
    return true;
  }
}
struct BoringTable {
  bool t[256];
  constexpr BoringTable() : t() {
    for (int c = 0; c < 256; ++c)
      t[c] = isBoringSlow(static_cast<unsigned char>(c));
  }
};
inline constexpr BoringTable kBoringTable{};
inline bool isBoring(unsigned char c) { return kBoringTable.t[c]; }

/// isBoring less '%', '^' and '-': the bytes a scan for a plain bracketed run
/// (no SSA or block names, no arrows; see Parser.cpp) must look at too.
struct PlainBoringTable {
  bool t[256];
  constexpr PlainBoringTable() : t() {
    for (int c = 0; c < 256; ++c)
      t[c] = isBoringSlow(static_cast<unsigned char>(c)) && c != '%' && c != '^' && c != '-';
  }
};
inline constexpr PlainBoringTable kPlainBoringTable{};

#if defined(__SSE2__)
inline unsigned blankMask(__m128i x) {
  __m128i sp = _mm_cmpeq_epi8(x, _mm_set1_epi8(' '));
  __m128i ctl = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8(8)), _mm_cmplt_epi8(x, _mm_set1_epi8(14)));
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(sp, ctl)));
}

inline unsigned boringMask(__m128i x) {
  // Signed compares: bytes >= 0x80 are negative, so neither > 0x1f.
  __m128i printable = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8(0x1f)),
                                    _mm_cmplt_epi8(x, _mm_set1_epi8(0x7f)));
  __m128i s = _mm_cmpeq_epi8(x, _mm_set1_epi8('('));
  s = _mm_or_si128(s, _mm_cmpeq_epi8(x, _mm_set1_epi8(')')));
  s = _mm_or_si128(s, _mm_cmpeq_epi8(x, _mm_set1_epi8('[')));
  s = _mm_or_si128(s, _mm_cmpeq_epi8(x, _mm_set1_epi8(']')));
  s = _mm_or_si128(s, _mm_cmpeq_epi8(x, _mm_set1_epi8('{')));
  s = _mm_or_si128(s, _mm_cmpeq_epi8(x, _mm_set1_epi8('}')));
  s = _mm_or_si128(s, _mm_cmpeq_epi8(x, _mm_set1_epi8('<')));
  s = _mm_or_si128(s, _mm_cmpeq_epi8(x, _mm_set1_epi8('>')));
  s = _mm_or_si128(s, _mm_cmpeq_epi8(x, _mm_set1_epi8('"')));
  s = _mm_or_si128(s, _mm_cmpeq_epi8(x, _mm_set1_epi8('/')));
  __m128i boring = _mm_or_si128(_mm_andnot_si128(s, printable), _mm_cmpeq_epi8(x, _mm_set1_epi8('\t')));
  return static_cast<unsigned>(_mm_movemask_epi8(boring));
}
#endif

/// The first byte at or after `p` that is not blank (or `end`); sets
/// `newline` when a '\n' was passed over.
inline const char *skipBlanks(const char *p, const char *end, bool &newline) {
#if defined(__SSE2__)
  while (end - p >= 16) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    unsigned blank = blankMask(x);
    unsigned nl = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('\n'))));
    if (blank == 0xffff) {
      newline |= nl != 0;
      p += 16;
      continue;
    }
    unsigned n = static_cast<unsigned>(__builtin_ctz(~blank));
    newline |= (nl & ((1u << n) - 1)) != 0;
    return p + n;
  }
#endif
  while (p < end && isBlank(static_cast<unsigned char>(*p))) {
    newline |= *p == '\n';
    ++p;
  }
  return p;
}

/// The first byte at or after `p` that is not boring (see isBoring; with
/// Plain, kPlainBoringTable), or `end`.
template <bool Plain = false> inline const char *skipBoring(const char *p, const char *end) {
  const bool *table = Plain ? kPlainBoringTable.t : kBoringTable.t;
  // Most runs in type and attribute bodies are a few bytes (`<f32>`,
  // `#loc3`): look at 8 bytes one by one before going 16 at a time.
  for (int k = 0; k < 8; ++k, ++p)
    if (p >= end || !table[static_cast<unsigned char>(*p)])
      return p;
#if defined(__SSE2__)
  while (end - p >= 16) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
    unsigned m = boringMask(x);
    if constexpr (Plain) {
      __m128i s = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('%')), _mm_cmpeq_epi8(x, _mm_set1_epi8('^')));
      s = _mm_or_si128(s, _mm_cmpeq_epi8(x, _mm_set1_epi8('-')));
      m &= ~static_cast<unsigned>(_mm_movemask_epi8(s));
    }
    if (m != 0xffff)
      return p + __builtin_ctz(~m);
    p += 16;
  }
#endif
  while (p < end && table[static_cast<unsigned char>(*p)])
    ++p;
  return p;
}

/// The index of the first byte at or after `i` in `t` that is one of the
/// (up to 5, repeats allowed) bytes `a`..`e`, or t.size() (`i` itself when
/// past the end).
inline size_t findAnyOf5(std::string_view t, size_t i, char a, char b, char c, char d, char e) {
  if (i >= t.size())
    return i;
  const char *base = t.data();
  size_t n = t.size();
#if defined(__SSE2__)
  const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b), vc = _mm_set1_epi8(c), vd = _mm_set1_epi8(d),
                ve = _mm_set1_epi8(e);
  for (; i + 16 <= n; i += 16) {
    __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i *>(base + i));
    __m128i m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, va), _mm_cmpeq_epi8(x, vb)),
                             _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(x, vc), _mm_cmpeq_epi8(x, vd)),
                                          _mm_cmpeq_epi8(x, ve)));
    if (unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(m)))
      return i + static_cast<size_t>(__builtin_ctz(mask));
  }
#endif
  for (; i < n; ++i) {
    char x = base[i];
    if (x == a || x == b || x == c || x == d || x == e)
      return i;
  }
  return n;
}

/// The number of '\n' in [p, end).
inline uint32_t countNewlines(const char *p, const char *end) {
  uint32_t n = 0;
#if defined(__SSE2__)
  // Per-byte counters (a match is -1: subtract it), summed by psadbw before
  // they can wrap; no popcnt, which baseline x86-64 lacks.
  const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
  while (end - p >= 16) {
    __m128i acc = zero;
    for (int k = 0; k < 255 && end - p >= 16; ++k, p += 16)
      acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p)), nl));
    __m128i sums = _mm_sad_epu8(acc, zero);
    n += static_cast<uint32_t>(_mm_cvtsi128_si32(sums) + _mm_cvtsi128_si32(_mm_srli_si128(sums, 8)));
  }
#endif
  for (; p < end; ++p)
    n += *p == '\n';
  return n;
}

} // namespace tscope::ir::detail
