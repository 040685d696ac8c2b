// Token: a kind and a string_view into the source buffer.
#pragma once

#include <cstdint>
#include <string_view>

namespace tscope::ir {

/// A lexed token; `spelling` points into the SourceBuffer that owns the bytes.
struct Token {
  /// The token kinds, from TokenKinds.def.
  enum Kind : uint8_t {
#define TOK_MARKER(NAME) NAME,
#define TOK_IDENTIFIER(NAME) NAME,
#define TOK_LITERAL(NAME) NAME,
#define TOK_PUNCTUATION(NAME, SPELLING) NAME,
#include "ir/TokenKinds.def"
  };
  Kind kind = eof;
  bool newlineBefore = false; // a line break separates it from the last token
  // No line number: lines come from the spelling's offset when printed
  // (SourceBuffer::lineCol), so lexing counts no newlines.
  std::string_view spelling;

  /// True when the token has kind `k`.
  bool is(Kind k) const { return kind == k; }
  /// True for a bare identifier spelled exactly `word`.
  bool isKeyword(std::string_view word) const {
    return kind == bare_identifier && spelling == word;
  }
};

/// Human name of a token kind for diagnostics ("'('", "identifier", ...).
const char *tokenKindName(Token::Kind kind);

} // namespace tscope::ir
