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
    uint32_t line;
    bool lineStart;
  };
  /// The current position.
  State save() const { return {cur_, line_, atLineStart_}; }
  /// Goes back to a saved position.
  void restore(State s) {
    cur_ = s.cur;
    line_ = s.line;
    atLineStart_ = s.lineStart;
  }
  /// Skips a bracketed run whose opener was the last token lexed (its first
  /// byte at `open`), through the matching closer, without producing tokens.
  /// Strings, comments and `->` are honoured. On success returns the byte
  /// after the closer; on failure returns null and sets `errorAt` and
  /// errorMessage().
  const char *skipBracketed(const char *open, const char *&errorAt);
  /// Message of the last error token.
  const std::string &errorMessage() const { return error_; }
  /// The buffer being lexed.
  const support::SourceBuffer &buffer() const { return buf_; }
  /// Moves to `p` (must be inside the buffer, at a line start or token start).
  void resetTo(const char *p, uint32_t line) {
    cur_ = p;
    line_ = line;
    atLineStart_ = false;
  }

private:
  Token make(Token::Kind kind, const char *start, bool nl, uint32_t line);
  Token fail(const char *start, const char *at, std::string msg, bool nl,
             uint32_t line);
  Token lexString(const char *start, bool nl, uint32_t line);
  Token lexNumber(const char *start, bool nl, uint32_t line);
  Token lexPrefixed(Token::Kind kind, const char *start, bool nl,
                    uint32_t line);

  const support::SourceBuffer &buf_;
  const char *cur_;
  const char *end_;
  uint32_t line_ = 1;
  bool atLineStart_ = true;
  std::string error_;
};

} // namespace tscope::ir
