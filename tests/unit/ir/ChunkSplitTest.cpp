// ChunkSplit: the `// -----` byte scan finds the lines the lexer reads as
// split markers, and no others.
#include "ir/ChunkSplit.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ir/Lexer.h"

namespace tscope::ir {
namespace {

std::vector<uint32_t> markers(const std::string &s) { return findChunkMarkers(s.data(), s.size()); }

/// Offsets of the split_marker tokens the lexer gives for `s`.
std::vector<uint32_t> lexerMarkers(const std::string &s) {
  auto buf = support::SourceBuffer::fromString("t.mlir", s);
  Lexer lex(*buf);
  std::vector<uint32_t> out;
  for (;;) {
    Token t = lex.lex();
    if (t.kind == Token::eof || t.kind == Token::error)
      break;
    if (t.kind == Token::split_marker)
      out.push_back(static_cast<uint32_t>(t.spelling.data() - buf->data()));
  }
  return out;
}

using V = std::vector<uint32_t>;

TEST(ChunkSplit, MarkersAtStartMiddleAndEnd) {
  std::string s = "// -----\na.b\n// -----\nc.d\n// -----";
  EXPECT_EQ(markers(s), (V{0, 13, 26}));
  EXPECT_EQ(markers(s), lexerMarkers(s));
}

TEST(ChunkSplit, EmptyChunksAndNoTrailingNewline) {
  std::string s = "// -----\n// -----\n\n// -----";
  EXPECT_EQ(markers(s), (V{0, 9, 19}));
  EXPECT_EQ(markers(s), lexerMarkers(s));
  EXPECT_EQ(markers(""), V{});
  EXPECT_EQ(markers("// ----"), V{}); // four dashes
}

TEST(ChunkSplit, BlanksAroundTheSlashes) {
  std::string s = "a.b\n  \t// -----\nc.d\n//-----\ne.f\n//  \t-----------// IR Dump Before X\n";
  EXPECT_EQ(markers(s), (V{7, 20, 32}));
  EXPECT_EQ(markers(s), lexerMarkers(s));
}

TEST(ChunkSplit, NotAtLineStart) {
  // After a token, inside a string, after `///` or dashes not right after `//`.
  std::string s = "a.b // -----\n\"x // -----\"\n/// -----\n// -- -----\nx-----\n";
  EXPECT_EQ(markers(s), V{});
  EXPECT_EQ(markers(s), lexerMarkers(s));
}

TEST(ChunkSplit, CrLf) {
  std::string s = "a.b\r\n// -----\r\nc.d\r\n// -----\r\n";
  EXPECT_EQ(markers(s), (V{5, 20}));
  EXPECT_EQ(markers(s), lexerMarkers(s));
}

TEST(ChunkSplit, NotAfterABackslashLine) {
  // A backslash-newline continues the line (the lexer sees no line start)
  // or a string: never a cut.
  EXPECT_EQ(markers("a.b \\\n// -----\n"), V{});
  EXPECT_EQ(markers("a.b \\\r\n// -----\n"), V{});
  EXPECT_EQ(lexerMarkers("a.b \\\n// -----\n"), V{});
  EXPECT_EQ(markers("\"x\\\n// -----\n\""), V{});
}

TEST(ChunkSplit, PiecesScannedInParallelFindTheSame) {
  // 9 MB of lines scanned in 4 MiB+ pieces: markers and dash runs on both
  // sides of every piece boundary (3 pieces of 3 MB), found once each.
  std::string s;
  while (s.size() < 9'000'000)
    s += "%1 = arith.addi %0, %0 : i32 -> \"-----\"\n";
  size_t step = (s.size() + 2) / 3;
  for (size_t b : {step, 2 * step})
    for (size_t d : {size_t(0), size_t(1), size_t(3), size_t(5), size_t(9), size_t(40)}) {
      size_t at = s.rfind('\n', b - d) + 1;
      s.insert(at, "// --------\n");
    }
  std::vector<uint32_t> one = findChunkMarkers(s.data(), s.size(), 1);
  EXPECT_EQ(one.size(), 12u);
  EXPECT_EQ(one, findChunkMarkers(s.data(), s.size(), 4));
  EXPECT_EQ(one, findChunkMarkers(s.data(), s.size(), 2));
  EXPECT_EQ(one, lexerMarkers(s));
}

} // namespace
} // namespace tscope::ir
