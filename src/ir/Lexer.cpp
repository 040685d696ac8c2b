// Lexer for the MLIR textual format (see MLIR's mlir/lib/AsmParser/Lexer.cpp
// for the grammar of each token class).
#include "ir/Lexer.h"

#include <array>
#include <cstring>

#include "ir/ByteScan.h"

namespace tscope::ir {
namespace {

enum CharClass : uint8_t {
  kIdStart = 1,  // letter or '_'
  kIdCont = 2,   // letter, digit, '_', '$', '.'
  kSuffix = 4,   // letter, digit, '_', '$', '.', '-' (%, ^, #, ! names)
  kDigit = 8,
  kSpace = 16,
  kHex = 32,
};

constexpr std::array<uint8_t, 256> makeTable() {
  std::array<uint8_t, 256> t{};
  for (int c = 'a'; c <= 'z'; ++c)
    t[c] = kIdStart | kIdCont | kSuffix;
  for (int c = 'A'; c <= 'Z'; ++c)
    t[c] = kIdStart | kIdCont | kSuffix;
  for (int c = '0'; c <= '9'; ++c)
    t[c] = kIdCont | kSuffix | kDigit | kHex;
  for (int c = 'a'; c <= 'f'; ++c)
    t[c] |= kHex;
  for (int c = 'A'; c <= 'F'; ++c)
    t[c] |= kHex;
  t['_'] = kIdStart | kIdCont | kSuffix;
  t['$'] = kIdCont | kSuffix;
  t['.'] = kIdCont | kSuffix;
  t['-'] = kSuffix;
  t[' '] = kSpace;
  t['\t'] = kSpace;
  t['\r'] = kSpace;
  t['\n'] = kSpace;
  t['\v'] = kSpace;
  t['\f'] = kSpace;
  return t;
}
constexpr std::array<uint8_t, 256> kTable = makeTable();

// Bytes inside a string literal that need no attention.
constexpr std::array<bool, 256> makeStringPlain() {
  std::array<bool, 256> t{};
  for (int c = 0x20; c < 256; ++c)
    t[c] = true;
  t['"'] = false;
  t['\\'] = false;
  t['\t'] = true;
  return t;
}
constexpr std::array<bool, 256> kStringPlain = makeStringPlain();

inline bool is(char c, uint8_t cls) {
  return kTable[static_cast<unsigned char>(c)] & cls;
}

} // namespace

const char *tokenKindName(Token::Kind kind) {
  switch (kind) {
  case Token::eof:
    return "end of file";
  case Token::error:
    return "invalid token";
  case Token::split_marker:
    return "'// -----'";
  case Token::bare_identifier:
    return "identifier";
  case Token::percent_identifier:
    return "SSA value";
  case Token::caret_identifier:
    return "block label";
  case Token::at_identifier:
    return "symbol";
  case Token::hash_identifier:
    return "attribute";
  case Token::exclamation_identifier:
    return "type";
  case Token::integer:
    return "integer";
  case Token::floatliteral:
    return "float";
  case Token::string:
    return "string";
#define TOK_PUNCTUATION(NAME, SPELLING)                                        \
  case Token::NAME:                                                            \
    return "'" SPELLING "'";
#include "ir/TokenKinds.def"
  }
  return "token";
}

Token Lexer::make(Token::Kind kind, const char *start, bool nl) {
  Token t;
  t.kind = kind;
  t.newlineBefore = nl;
  t.spelling = std::string_view(start, static_cast<size_t>(cur_ - start));
  return t;
}

Token Lexer::fail(const char *start, const char *at, std::string msg, bool nl) {
  error_ = std::move(msg);
  cur_ = at;
  Token t = make(Token::error, start, nl);
  t.spelling = std::string_view(at, 1);
  // Stay on the error: every later lex() reports it again without moving, so
  // errors do not cascade.
  return t;
}

Token Lexer::lex() {
  bool nl = false;
  for (;;) {
    // Skip whitespace (lines are counted from offsets when asked for).
    if (cur_[0] == ' ' && !is(cur_[1], kSpace)) {
      ++cur_; // one space between tokens: the common case
    } else if (is(*cur_, kSpace)) {
      bool sawNewline = false;
      cur_ = detail::skipBlanks(cur_, end_, sawNewline);
      if (sawNewline) {
        nl = true;
        atLineStart_ = true;
      }
    }
    if (cur_ >= end_)
      return make(Token::eof, cur_, nl);
    // A backslash before a newline continues the line (seen in Triton tests).
    if (cur_[0] == '\\' && (cur_[1] == '\n' || (cur_[1] == '\r' && cur_[2] == '\n'))) {
      cur_ += cur_[1] == '\n' ? 2 : 3;
      continue;
    }
    if (cur_[0] == '/' && cur_[1] == '/') {
      const char *start = cur_;
      bool lineStart = atLineStart_ || start == buf_.data();
      cur_ += 2;
      const char *p = cur_;
      while (*p == ' ' || *p == '\t')
        ++p;
      bool split = lineStart && p[0] == '-' && p[1] == '-' && p[2] == '-' &&
                   p[3] == '-' && p[4] == '-';
      const void *eol = std::memchr(cur_, '\n', static_cast<size_t>(end_ - cur_));
      cur_ = eol ? static_cast<const char *>(eol) : end_;
      if (split) {
        atLineStart_ = false;
        return make(Token::split_marker, start, true);
      }
      continue;
    }
    break;
  }
  const char *start = cur_;
  atLineStart_ = false;
  char c = *cur_++;
  switch (c) {
  case '(':
    return make(Token::l_paren, start, nl);
  case ')':
    return make(Token::r_paren, start, nl);
  case '[':
    return make(Token::l_square, start, nl);
  case ']':
    return make(Token::r_square, start, nl);
  case '{':
    if (cur_[0] == '-' && cur_[1] == '#') {
      cur_ += 2;
      return make(Token::file_metadata_begin, start, nl);
    }
    return make(Token::l_brace, start, nl);
  case '}':
    return make(Token::r_brace, start, nl);
  case '<':
    return make(Token::less, start, nl);
  case '>':
    return make(Token::greater, start, nl);
  case ',':
    return make(Token::comma, start, nl);
  case ':':
    return make(Token::colon, start, nl);
  case '=':
    return make(Token::equal, start, nl);
  case '?':
    return make(Token::question, start, nl);
  case '*':
    return make(Token::star, start, nl);
  case '+':
    return make(Token::plus, start, nl);
  case '|':
    return make(Token::vertical_bar, start, nl);
  case '-':
    if (*cur_ == '>') {
      ++cur_;
      return make(Token::arrow, start, nl);
    }
    return make(Token::minus, start, nl);
  case '"':
    return lexString(start, nl);
  case '%':
    return lexPrefixed(Token::percent_identifier, start, nl);
  case '^':
    return lexPrefixed(Token::caret_identifier, start, nl);
  case '!':
    return lexPrefixed(Token::exclamation_identifier, start, nl);
  case '#':
    if (cur_[0] == '-' && cur_[1] == '}') {
      cur_ += 2;
      return make(Token::file_metadata_end, start, nl);
    }
    return lexPrefixed(Token::hash_identifier, start, nl);
  case '@':
    if (*cur_ == '"') {
      Token t = lexString(cur_++, nl);
      if (t.kind == Token::error)
        return t;
      t.kind = Token::at_identifier;
      t.spelling = std::string_view(start, static_cast<size_t>(cur_ - start));
      return t;
    }
    return lexPrefixed(Token::at_identifier, start, nl);
  default:
    break;
  }
  if (is(c, kDigit))
    return lexNumber(start, nl);
  if (is(c, kIdStart)) {
    while (is(*cur_, kIdCont))
      ++cur_;
    return make(Token::bare_identifier, start, nl);
  }
  unsigned char u = static_cast<unsigned char>(c);
  if (u > 0x20 && u < 0x7f)
    return make(Token::other, start, nl);
  static const char *hex = "0123456789abcdef";
  std::string msg = "unexpected byte 0x";
  msg += hex[u >> 4];
  msg += hex[u & 15];
  msg += " outside a string or comment";
  if (u < 0x20 || u == 0x7f)
    msg += " (binary data?)";
  return fail(start, start, std::move(msg), nl);
}

const char *Lexer::skipBracketed(const char *open, const char *&errorAt) {
  const char *p = scanBracketed<false>(open, kMaxNest, errorAt, &error_);
  if (p) {
    cur_ = p;
    atLineStart_ = false;
  }
  return p;
}

const char *Lexer::plainBracketEnd(const char *open, size_t maxNest) const {
  const char *errorAt = nullptr;
  return scanBracketed<true>(open, maxNest < kMaxNest ? maxNest : kMaxNest, errorAt, nullptr);
}

template <bool Plain>
const char *Lexer::scanBracketed(const char *open, size_t maxNest, const char *&errorAt,
                                 std::string *error) const {
  // Expected closers, one per open bracket.
  char stackBuf[kMaxNest];
  size_t depth = 0;
  auto closerOf = [](char c) {
    return c == '(' ? ')' : c == '[' ? ']' : c == '{' ? '}' : '>';
  };
  stackBuf[depth++] = closerOf(*open);
  const char *p = open + 1;
  const char *lineStart = p;
  for (;;) {
    // Most bytes of a type or attribute body mean nothing to bracket
    // matching: skip them in a tight loop.
    p = detail::skipBoring<Plain>(p, end_);
    char c = *p;
    if constexpr (Plain) {
      // What the token loop must see: names, comments, arrows, resources.
      if (c == '%' || c == '^' || c == '/' || (c == '-' && (p[1] == '>' || p[1] == '}')) ||
          (c == '-' && p > open && p[-1] == '{'))
        return nullptr;
      if (c == '-') {
        ++p;
        continue;
      }
    }
    switch (c) {
    case '(':
    case '[':
    case '{':
    case '<':
      if (depth == maxNest) {
        errorAt = p;
        if (error)
          *error = "nesting deeper than 4096 brackets";
        return nullptr;
      }
      stackBuf[depth++] = closerOf(c);
      ++p;
      continue;
    case ')':
    case ']':
    case '}':
      if (stackBuf[depth - 1] != c) {
        errorAt = p;
        if (error) {
          *error = std::string("unbalanced '") + c + "'";
          if (stackBuf[depth - 1] != '>')
            *error += std::string(", expected '") + stackBuf[depth - 1] + "'";
        }
        return nullptr;
      }
      ++p;
      if (--depth == 0)
        return p;
      continue;
    case '>':
      ++p;
      if (p - 2 >= open && p[-2] == '-')
        continue; // `->`
      if (stackBuf[depth - 1] != '>')
        continue; // a stray '>' in a dialect body (`>=`)
      if (--depth == 0)
        return p;
      continue;
    case '"':
      for (++p;; ++p) {
        while (kStringPlain[static_cast<unsigned char>(*p)])
          ++p;
        if (*p == '\\' && p + 1 < end_) {
          ++p;
          continue;
        }
        if (*p == '"')
          break;
        if (*p == '\n' || p >= end_) {
          errorAt = p;
          if (error)
            *error = "expected '\"' to end the string literal";
          return nullptr;
        }
      }
      ++p;
      continue;
    case '\n':
      ++p;
      lineStart = p;
      continue;
    case '/':
      if (p[1] == '/') {
        const char *q = p + 2;
        while (*q == ' ' || *q == '\t')
          ++q;
        bool onlySpace = true;
        for (const char *r = lineStart; r < p; ++r)
          onlySpace &= *r == ' ' || *r == '\t';
        if (onlySpace && q[0] == '-' && q[1] == '-' && q[2] == '-' && q[3] == '-' &&
            q[4] == '-') {
          errorAt = p;
          if (error)
            *error = std::string("expected '") + stackBuf[depth - 1] +
                     "' before the '// -----' marker";
          return nullptr;
        }
        while (p < end_ && *p != '\n')
          ++p;
        continue;
      }
      ++p;
      continue;
    default: {
      unsigned char u = static_cast<unsigned char>(c);
      if (p >= end_) {
        errorAt = p;
        if (error)
          *error = std::string("expected '") + stackBuf[depth - 1] +
                   "' to close the bracket, found end of file";
        return nullptr;
      }
      if ((u < 0x20 && c != '\t' && c != '\r') || u >= 0x7f) {
        errorAt = p;
        if (error)
          *error = "unexpected byte outside a string or comment (binary data?)";
        return nullptr;
      }
      ++p;
      continue;
    }
    }
  }
}

Token Lexer::lexPrefixed(Token::Kind kind, const char *start, bool nl) {
  // %name, %12, %name#3 ; ^bb0 ; !dialect.type ; #alias ; @sym
  if (!is(*cur_, kSuffix)) {
    if (kind == Token::percent_identifier)
      return fail(start, cur_, "expected SSA value name after '%'", nl);
    if (kind == Token::caret_identifier)
      return fail(start, cur_, "expected block name after '^'", nl);
    // A bare '!', '#' or '@' is only meaningful inside dialect bodies.
    return make(Token::other, start, nl);
  }
  while (is(*cur_, kSuffix))
    ++cur_;
  if (kind == Token::percent_identifier && *cur_ == '#' && is(cur_[1], kDigit)) {
    ++cur_;
    while (is(*cur_, kDigit))
      ++cur_;
  }
  return make(kind, start, nl);
}

Token Lexer::lexNumber(const char *start, bool nl) {
  // integer ::= [0-9]+ | 0x[0-9a-fA-F]+ ; float ::= [0-9]+ . [0-9]* ([eE][+-]?[0-9]+)?
  if (start[0] == '0' && *cur_ == 'x' && is(cur_[1], kHex)) {
    ++cur_;
    while (is(*cur_, kHex))
      ++cur_;
    return make(Token::integer, start, nl);
  }
  while (is(*cur_, kDigit))
    ++cur_;
  if (*cur_ != '.')
    return make(Token::integer, start, nl);
  ++cur_;
  while (is(*cur_, kDigit))
    ++cur_;
  if (*cur_ == 'e' || *cur_ == 'E') {
    const char *p = cur_ + 1;
    if (*p == '+' || *p == '-')
      ++p;
    if (is(*p, kDigit)) {
      cur_ = p;
      while (is(*cur_, kDigit))
        ++cur_;
    }
  }
  return make(Token::floatliteral, start, nl);
}

Token Lexer::lexString(const char *start, bool nl) {
  for (;;) {
    while (kStringPlain[static_cast<unsigned char>(*cur_)])
      ++cur_;
    if (cur_ >= end_)
      return fail(start, start, "expected '\"' to end the string literal", nl);
    char c = *cur_++;
    if (c == '"')
      return make(Token::string, start, nl);
    if (c == '\n')
      return fail(start, start, "expected '\"' to end the string literal", nl);
    if (c == '\\') {
      if (cur_ >= end_)
        continue;
      ++cur_;
    }
  }
}

} // namespace tscope::ir
