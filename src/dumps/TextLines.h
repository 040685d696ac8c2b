// TextLines: small helpers over byte ranges of log text (line iteration,
// prefix tests, integer fields); every string_view points into the caller's buffer.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tscope::dumps {

/// Iterates the lines of `text` without copying; a final line without '\n' counts.
class LineCursor {
public:
  /// Starts at the first byte of `text`.
  explicit LineCursor(std::string_view text) : text_(text) {}
  /// The next line without its '\n' (and without a trailing '\r'); false at the end.
  bool next(std::string_view &line) {
    if (pos_ >= text_.size())
      return false;
    const char *b = text_.data() + pos_;
    const void *nl = std::memchr(b, '\n', text_.size() - pos_);
    size_t len = nl ? static_cast<const char *>(nl) - b : text_.size() - pos_;
    line = std::string_view(b, len);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    lineStart_ = pos_;
    pos_ += len + (nl ? 1 : 0);
    ++lineNo_;
    return true;
  }
  /// Skips whole lines until one starts with a byte that `stop` accepts (or
  /// the end); the next call of next() returns that line. The hot loop of
  /// the pass-log splitter: one memchr per line, nothing else.
  template <typename Stop> void skipUntil(Stop stop) {
    const char *base = text_.data();
    size_t n = text_.size();
    size_t pos = pos_;
    if (pos >= n || stop(base[pos]))
      return;
    uint32_t lines = 0;
#if defined(__SSE2__)
    // 16 bytes at a time: a bit per '\n', then a look at the byte after it.
    const __m128i nl = _mm_set1_epi8('\n');
    while (pos + 16 <= n) {
      __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(base + pos));
      unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl)));
      while (mask) {
        unsigned bit = static_cast<unsigned>(__builtin_ctz(mask));
        mask &= mask - 1;
        ++lines;
        size_t next = pos + bit + 1;
        if (next >= n || stop(base[next])) {
          pos_ = next;
          lineNo_ += lines;
          return;
        }
      }
      pos += 16;
    }
#endif
    while (pos < n) {
      const void *hit = std::memchr(base + pos, '\n', n - pos);
      ++lines;
      if (!hit) {
        pos = n;
        break;
      }
      pos = static_cast<const char *>(hit) - base + 1;
      if (pos >= n || stop(base[pos]))
        break;
    }
    pos_ = pos;
    lineNo_ += lines;
  }
#if defined(__SSE2__)
  /// Skips whole lines until one whose first two bytes `stop(b0, b1)` accepts
  /// (or the end). `stop` works on 16 lines' starts at once: b0 and b1 hold,
  /// at lane i, the two bytes after the i-th byte of a block, and it returns
  /// 0xFF in the lanes to stop at. No branch per line.
  template <typename StopVec> void skipUntilVec(StopVec stop) {
    const char *base = text_.data();
    size_t n = text_.size();
    size_t pos = pos_;
    if (pos >= n)
      return;
    // The line at pos itself: test it through a copy, as the block loop does.
    {
      char tmp[32] = {};
      size_t k = std::min<size_t>(16, n - pos);
      std::memcpy(tmp + 1, base + pos, k);
      tmp[0] = '\n';
      __m128i v0 = _mm_loadu_si128(reinterpret_cast<const __m128i *>(tmp + 1));
      __m128i v1 = _mm_loadu_si128(reinterpret_cast<const __m128i *>(tmp + 2));
      unsigned m = static_cast<unsigned>(_mm_movemask_epi8(stop(v0, v1)));
      if (m & 1u)
        return;
    }
    uint32_t lines = 0;
    const __m128i nl = _mm_set1_epi8('\n');
    // Newlines are counted in byte lanes (each compare adds 1 per '\n') and
    // folded into `lines` every 255 blocks, so no popcount per block.
    __m128i acc = _mm_setzero_si128();
    unsigned blocks = 0;
    auto fold = [&] {
      __m128i sad = _mm_sad_epu8(acc, _mm_setzero_si128());
      lines += static_cast<uint32_t>(_mm_cvtsi128_si32(sad) + _mm_extract_epi16(sad, 4));
      acc = _mm_setzero_si128();
      blocks = 0;
    };
    while (pos + 18 <= n) {
      __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(base + pos));
      __m128i v1 = _mm_loadu_si128(reinterpret_cast<const __m128i *>(base + pos + 1));
      __m128i v2 = _mm_loadu_si128(reinterpret_cast<const __m128i *>(base + pos + 2));
      __m128i isNl = _mm_cmpeq_epi8(v, nl);
      unsigned hit = static_cast<unsigned>(_mm_movemask_epi8(_mm_and_si128(isNl, stop(v1, v2))));
      if (hit) {
        fold();
        unsigned nlMask = static_cast<unsigned>(_mm_movemask_epi8(isNl));
        unsigned bit = static_cast<unsigned>(__builtin_ctz(hit));
        for (unsigned m = nlMask & ((2u << bit) - 1); m; m &= m - 1)
          ++lines;
        pos_ = pos + bit + 1;
        lineNo_ += lines;
        return;
      }
      acc = _mm_sub_epi8(acc, isNl);
      if (++blocks == 255)
        fold();
      pos += 16;
    }
    fold();
    // The last bytes: one line at a time, through the same test.
    while (pos < n) {
      const void *nlp = std::memchr(base + pos, '\n', n - pos);
      if (!nlp) {
        pos = n;
        ++lines;
        break;
      }
      pos = static_cast<const char *>(nlp) - base + 1;
      ++lines;
      if (pos >= n)
        break;
      char tmp[32] = {};
      std::memcpy(tmp, base + pos, std::min<size_t>(17, n - pos));
      __m128i v0 = _mm_loadu_si128(reinterpret_cast<const __m128i *>(tmp));
      __m128i v1 = _mm_loadu_si128(reinterpret_cast<const __m128i *>(tmp + 1));
      if (static_cast<unsigned>(_mm_movemask_epi8(stop(v0, v1))) & 1u)
        break;
    }
    pos_ = pos;
    lineNo_ += lines;
  }
#endif
  /// Moves to `pos`, a line start, past `lines` whole lines the caller
  /// already knows (PassLog's replay of repeated IR).
  void jump(size_t pos, uint32_t lines) {
    pos_ = pos;
    lineNo_ += lines;
  }
  /// 1-based number of the line last returned.
  uint32_t lineNo() const { return lineNo_; }
  /// Byte offset of the line last returned.
  size_t lineStart() const { return lineStart_; }
  /// Byte offset just past the line last returned (its '\n' included).
  size_t pos() const { return pos_; }

private:
  std::string_view text_;
  size_t pos_ = 0;
  size_t lineStart_ = 0;
  uint32_t lineNo_ = 0;
};

/// Calls fn(line) for every line of `text` (without '\n'; a final line
/// without one counts). Finds line ends 16 bytes at a time where SSE2 is
/// there, so short lines cost no library call each.
template <typename Fn> void forEachLine(std::string_view text, Fn &&fn) {
  const char *base = text.data();
  size_t n = text.size(), start = 0, pos = 0;
#if defined(__SSE2__)
  const __m128i nl = _mm_set1_epi8('\n');
  while (pos + 16 <= n) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(base + pos));
    unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, nl)));
    while (mask) {
      size_t end = pos + static_cast<unsigned>(__builtin_ctz(mask));
      mask &= mask - 1;
      fn(std::string_view(base + start, end - start));
      start = end + 1;
    }
    pos += 16;
  }
#endif
  for (; pos < n; ++pos)
    if (base[pos] == '\n') {
      fn(std::string_view(base + start, pos - start));
      start = pos + 1;
    }
  if (start < n)
    fn(std::string_view(base + start, n - start));
}

/// True when `s` begins with `p`.
inline bool startsWith(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.compare(0, p.size(), p) == 0;
}

/// `s` without leading spaces and tabs.
inline std::string_view skipBlanks(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t'))
    ++i;
  return s.substr(i);
}

/// `s` without ASCII whitespace at either end.
inline std::string_view trimmed(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r' || s[b] == '\n'))
    ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r' || s[e - 1] == '\n'))
    --e;
  return s.substr(b, e - b);
}

/// Parses a non-negative decimal at the start of `s` (saturating at 2^62);
/// advances `s` past the digits. Nullopt when `s` does not start with a digit.
inline std::optional<int64_t> takeInt(std::string_view &s) {
  size_t i = 0;
  int64_t v = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
    if (v < (int64_t(1) << 58))
      v = v * 10 + (s[i] - '0');
    else
      v = int64_t(1) << 62; // checked: absurd counts from untrusted logs saturate
    ++i;
  }
  if (i == 0)
    return std::nullopt;
  s.remove_prefix(i);
  return v;
}

/// The integer that directly precedes `word` in `s` ("12 bytes spill" with word
/// " bytes spill"), or nullopt.
inline std::optional<int64_t> intBefore(std::string_view s, std::string_view word) {
  size_t at = s.find(word);
  if (at == std::string_view::npos || at == 0)
    return std::nullopt;
  size_t b = at;
  while (b > 0 && s[b - 1] >= '0' && s[b - 1] <= '9')
    --b;
  if (b == at)
    return std::nullopt;
  std::string_view digits = s.substr(b, at - b);
  return takeInt(digits);
}

} // namespace tscope::dumps
