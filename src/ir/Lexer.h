// Lexer: turns MLIR text into tokens on demand, with no allocation per token.
#pragma once

#include <cstdint>
#include <string>

#include "ir/Token.h"
#include "support/SourceBuffer.h"

namespace tscope::ir {

/// Lexes a SourceBuffer; `// -----` lines become split_marker tokens and other
/// comments are skipped. The lexer reports an error once, as an error token.
class Lexer {
public:
  explicit Lexer(const support::SourceBuffer &buf)
      : buf_(buf), cur_(buf.data()), end_(buf.data() + buf.size()) {}

  /// Lexes and returns the next token.
  Token lex();

  /// A resumable position (for bounded lookahead).
  struct State {
    const char *cur;
    bool lineStart;
  };
  /// The current position.
  State save() const { return {cur_, atLineStart_}; }
  /// Goes back to a saved position.
  void restore(State s) {
    cur_ = s.cur;
    atLineStart_ = s.lineStart;
  }
  /// Skips a bracketed run whose opener was the last token lexed (its first
  /// byte at `open`), through the matching closer, without producing tokens.
  /// Strings, comments and `->` are honoured. On success returns the byte
  /// after the closer; on failure returns null and sets `errorAt` and
  /// errorMessage().
  const char *skipBracketed(const char *open, const char *&errorAt);
  /// Deepest nesting skipBracketed follows.
  static constexpr size_t kMaxNest = 4096;
  /// For a plain bracketed run opening at `open` (one with no `%`, `^`,
  /// comment, `->`, `{-` or `-}` before its closer): where skipBracketed
  /// would end (the byte after the closer). Null for any other run, where
  /// skipBracketed would fail, or where the nesting passes `maxNest` (at
  /// most kMaxNest). Nothing in the lexer changes.
  const char *plainBracketEnd(const char *open, size_t maxNest) const;
  /// Message of the last error token.
  const std::string &errorMessage() const { return error_; }
  /// The buffer being lexed.
  const support::SourceBuffer &buffer() const { return buf_; }
  /// Moves to `p` (must be inside the buffer, at a line start or token
  /// start). The lexer keeps no line count (lines come from offsets: see
  /// SourceBuffer::lineCol), so `line` is not used; it stays for callers.
  void resetTo(const char *p, uint32_t line = 0) {
    (void)line;
    cur_ = p;
    atLineStart_ = false;
  }

private:
  Token make(Token::Kind kind, const char *start, bool nl);
  Token fail(const char *start, const char *at, std::string msg, bool nl);
  Token lexString(const char *start, bool nl);
  Token lexNumber(const char *start, bool nl);
  Token lexPrefixed(Token::Kind kind, const char *start, bool nl);
  template <bool Plain>
  const char *scanBracketed(const char *open, size_t maxNest, const char *&errorAt,
                            std::string *error) const;

  const support::SourceBuffer &buf_;
  const char *cur_;
  const char *end_;
  bool atLineStart_ = true;
  std::string error_;
};

} // namespace tscope::ir
