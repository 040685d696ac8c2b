// ContentHash: a fast 128-bit hash of a byte range, for telling identical IR
// dumps apart without comparing them byte by byte (PassEffects memoises
// per-dump and per-pair work on it). Not cryptographic: a crafted log could
// make two different dumps collide and be reported as "unchanged".
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace tscope::dumps {

/// A 128-bit digest with the length beside it.
struct ContentHash {
  uint64_t lo = 0, hi = 0, size = 0;
  /// Equal digests and sizes.
  bool operator==(const ContentHash &o) const { return lo == o.lo && hi == o.hi && size == o.size; }
};

namespace detail {
inline uint64_t load64(const char *p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
/// 64x64 -> 128 multiply folded to 64 bits (the mixing step of wyhash).
inline uint64_t fold(uint64_t a, uint64_t b) {
  __uint128_t r = static_cast<__uint128_t>(a) * b;
  return static_cast<uint64_t>(r) ^ static_cast<uint64_t>(r >> 64);
}
constexpr uint64_t kS0 = 0xa0761d6478bd642full, kS1 = 0xe7037ed1a0b428dbull, kS2 = 0x8ebc6af09c88c6e3ull,
                   kS3 = 0x589965cc75374cc3ull;
} // namespace detail

/// Hashes `s`: four independent lanes over 64-byte blocks, then the tail.
inline ContentHash hashContent(std::string_view s) {
  using namespace detail;
  const char *p = s.data();
  size_t n = s.size();
  uint64_t a = kS0 ^ n, b = kS1, c = kS2, d = kS3;
  while (n >= 64) {
    a = fold(load64(p) ^ a ^ kS0, load64(p + 8) ^ kS1);
    b = fold(load64(p + 16) ^ b ^ kS2, load64(p + 24) ^ kS3);
    c = fold(load64(p + 32) ^ c ^ kS1, load64(p + 40) ^ kS0);
    d = fold(load64(p + 48) ^ d ^ kS3, load64(p + 56) ^ kS2);
    p += 64;
    n -= 64;
  }
  char tail[64] = {};
  std::memcpy(tail, p, n);
  a = fold(load64(tail) ^ a ^ kS0, load64(tail + 8) ^ kS1 ^ n);
  b = fold(load64(tail + 16) ^ b ^ kS2, load64(tail + 24) ^ kS3);
  c = fold(load64(tail + 32) ^ c ^ kS1, load64(tail + 40) ^ kS0);
  d = fold(load64(tail + 48) ^ d ^ kS3, load64(tail + 56) ^ kS2);
  ContentHash h;
  h.lo = fold(a ^ kS1, c ^ kS2) ^ b;
  h.hi = fold(b ^ kS3, d ^ kS0) ^ c;
  h.size = s.size();
  return h;
}

/// For unordered containers keyed by a ContentHash.
struct ContentHashKey {
  size_t operator()(const ContentHash &h) const { return static_cast<size_t>(h.lo ^ (h.hi * 31)); }
};

} // namespace tscope::dumps
