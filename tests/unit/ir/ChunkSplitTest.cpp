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

} // namespace
} // namespace tscope::ir
