// Lexer: token classes, split markers, line tracking and error tokens.
#include <gtest/gtest.h>
#include <vector>

#include "ir/Lexer.h"

using namespace tscope;
using ir::Token;

static std::vector<Token> lexAll(const support::SourceBuffer &b) {
  ir::Lexer lex(b);
  std::vector<Token> out;
  for (;;) {
    Token t = lex.lex();
    out.push_back(t);
    if (t.kind == Token::eof || t.kind == Token::error)
      return out;
  }
}

TEST(Lexer, Identifiers) {
  auto b = support::SourceBuffer::fromString(
      "t", "%x#1 %c-1_i32 ^bb0 @f @\"q s\" #loc3 !tt.ptr tt.load i32 -> 0x1F 1.5e-3 \"a\\\"b\"");
  auto toks = lexAll(*b);
  std::vector<Token::Kind> kinds;
  for (auto &t : toks)
    kinds.push_back(t.kind);
  std::vector<Token::Kind> want = {
      Token::percent_identifier, Token::percent_identifier, Token::caret_identifier,
      Token::at_identifier,      Token::at_identifier,      Token::hash_identifier,
      Token::exclamation_identifier, Token::bare_identifier, Token::bare_identifier,
      Token::arrow,              Token::integer,            Token::floatliteral,
      Token::string,             Token::eof};
  EXPECT_EQ(kinds, want);
  EXPECT_EQ(toks[0].spelling, "%x#1");
  EXPECT_EQ(toks[1].spelling, "%c-1_i32");
  EXPECT_EQ(toks[4].spelling, "@\"q s\"");
}

TEST(Lexer, SplitMarkerOnlyAtLineStart) {
  auto b = support::SourceBuffer::fromString("t", "a // -----\n// -----\nb\n  // ----- x\n");
  auto toks = lexAll(*b);
  ASSERT_EQ(toks.size(), 5u);
  EXPECT_EQ(toks[0].kind, Token::bare_identifier);
  EXPECT_EQ(toks[1].kind, Token::split_marker);
  EXPECT_EQ(toks[2].kind, Token::bare_identifier);
  EXPECT_EQ(b->lineCol(b->offsetOf(toks[2].spelling.data())).first, 3u);
  EXPECT_EQ(toks[3].kind, Token::split_marker);
}

TEST(Lexer, NewlineFlagAndMetadata) {
  auto b = support::SourceBuffer::fromString("t", "{-# x #-}\nfoo");
  auto toks = lexAll(*b);
  EXPECT_EQ(toks[0].kind, Token::file_metadata_begin);
  EXPECT_EQ(toks[2].kind, Token::file_metadata_end);
  EXPECT_FALSE(toks[2].newlineBefore);
  EXPECT_TRUE(toks[3].newlineBefore);
}

TEST(Lexer, ErrorsAreSticky) {
  auto b = support::SourceBuffer::fromString("t", std::string("a \x01 b", 5));
  ir::Lexer lex(*b);
  EXPECT_EQ(lex.lex().kind, Token::bare_identifier);
  Token e = lex.lex();
  EXPECT_EQ(e.kind, Token::error);
  EXPECT_EQ(lex.lex().kind, Token::error);
  auto s = support::SourceBuffer::fromString("t", "\"abc");
  EXPECT_EQ(lexAll(*s).back().kind, Token::error);
}
