// ByteScan: the SSE2 scanners against byte-at-a-time references, on random
// text with every start offset and length (the 16-byte loads must stop at
// the end and agree with the scalar tail).
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "ir/ByteScan.h"

using namespace tscope::ir;

namespace {

std::string randomText(std::mt19937 &rng, size_t n) {
  static const char alphabet[] = "  \t\n\r\v\fab09_-.,:=%#@!<>()[]{}\"/\\x\x01\x7f\x80\xff";
  std::uniform_int_distribution<size_t> pick(0, sizeof(alphabet) - 2);
  std::uniform_int_distribution<int> runs(0, 3);
  std::string s;
  while (s.size() < n) {
    char c = alphabet[pick(rng)];
    // Long runs of one byte class, as in indentation and type bodies.
    size_t len = runs(rng) == 0 ? 20 : 1;
    s.append(len, c);
  }
  s.resize(n);
  return s;
}

} // namespace

TEST(ByteScan, MatchesScalarReferences) {
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    std::string s = randomText(rng, 1 + static_cast<size_t>(round) % 70);
    const char *b = s.data(), *e = s.data() + s.size();
    for (const char *p = b; p <= e; ++p) {
      bool nl = false, refNl = false;
      const char *q = p;
      while (q < e && detail::isBlank(static_cast<unsigned char>(*q))) {
        refNl |= *q == '\n';
        ++q;
      }
      EXPECT_EQ(detail::skipBlanks(p, e, nl), q);
      EXPECT_EQ(nl, refNl);
      q = p;
      while (q < e && detail::isBoring(static_cast<unsigned char>(*q)))
        ++q;
      EXPECT_EQ(detail::skipBoring(p, e), q);
      uint32_t lines = 0;
      for (const char *r = p; r < e; ++r)
        lines += *r == '\n';
      EXPECT_EQ(detail::countNewlines(p, e), lines);
    }
  }
}

TEST(ByteScan, BoringBytesAreTheBracketScannersOnes) {
  for (int c = 0; c < 256; ++c) {
    bool want = c == '\t' || (c >= 0x20 && c < 0x7f && std::string("()[]{}<>\"/").find(static_cast<char>(c)) ==
                                                          std::string::npos);
    EXPECT_EQ(detail::isBoring(static_cast<unsigned char>(c)), want) << c;
  }
}
