// OpText: small byte scanners over an op's source text (see OpText.h).
#include "interp/OpText.h"

#include <string>
#include <vector>

#include "ir/Location.h"
#include "ir/Module.h"
#include "ir/Parser.h"

namespace tscope::interp {
namespace {

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool isWordStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isWordChar(char c) { return isWordStart(c) || (c >= '0' && c <= '9'); }

size_t skipSpace(std::string_view s, size_t i) {
  while (i < s.size() && isSpace(s[i]))
    ++i;
  return i;
}

/// Index past the bracketed run opening at s[i] ('{', '(' or '['); strings
/// are honoured and `<`/`>` are not counted (they appear in `->`). Returns
/// s.size() when unbalanced.
size_t skipBracketed(std::string_view s, size_t i) {
  int depth = 0;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i)
        if (s[i] == '\\')
          ++i;
      continue;
    }
    if (c == '{' || c == '(' || c == '[')
      ++depth;
    else if (c == '}' || c == ')' || c == ']') {
      if (--depth == 0)
        return i + 1;
    }
  }
  return s.size();
}

/// `text` without a leading `{` and trailing `}` (and `<`/`>` around them).
std::string_view dictBody(std::string_view text) {
  text = ir::trim(text);
  if (text.size() >= 4 && text.front() == '<' && text.back() == '>')
    text = text.substr(1, text.size() - 2);
  if (text.size() >= 2 && text.front() == '{' && text.back() == '}')
    text = text.substr(1, text.size() - 2);
  return text;
}

std::optional<std::string_view> findInDict(std::string_view dict, std::string_view key) {
  if (dict.empty())
    return std::nullopt;
  std::vector<std::string_view> entries;
  ir::splitTopLevel(dictBody(dict), ',', entries);
  for (std::string_view e : entries) {
    size_t i = 0;
    std::string_view k;
    if (!e.empty() && e[0] == '"') {
      size_t j = 1;
      while (j < e.size() && e[j] != '"')
        j += e[j] == '\\' ? 2 : 1;
      k = e.substr(1, j > 1 ? j - 1 : 0);
      i = j + 1;
    } else {
      while (i < e.size() && e[i] != '=' && !isSpace(e[i]))
        ++i;
      k = e.substr(0, i);
    }
    if (k != key)
      continue;
    i = skipSpace(e, i);
    if (i >= e.size())
      return std::string_view("unit");
    if (e[i] != '=')
      continue;
    return ir::trim(e.substr(i + 1));
  }
  return std::nullopt;
}

} // namespace

unsigned intWidth(std::string_view t) {
  t = ir::trim(t);
  if (t == "index")
    return 64;
  if (t.size() < 2 || t[0] != 'i')
    return 0;
  unsigned w = 0;
  for (size_t i = 1; i < t.size(); ++i) {
    if (t[i] < '0' || t[i] > '9')
      return 0;
    if (w < 100000)
      w = w * 10 + static_cast<unsigned>(t[i] - '0');
  }
  if (w == 0)
    return 0;
  return w > 64 ? kTooWide : w;
}

std::optional<int64_t> parseIntLiteral(std::string_view s) {
  s = ir::trim(s);
  if (s == "true")
    return 1;
  if (s == "false")
    return 0;
  bool neg = false;
  size_t i = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) {
    neg = s[i] == '-';
    ++i;
  }
  if (i >= s.size())
    return std::nullopt;
  uint64_t v = 0;
  if (s.size() - i > 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
    i += 2;
    for (; i < s.size(); ++i) {
      char c = s[i];
      unsigned d;
      if (c >= '0' && c <= '9')
        d = static_cast<unsigned>(c - '0');
      else if (c >= 'a' && c <= 'f')
        d = static_cast<unsigned>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        d = static_cast<unsigned>(c - 'A' + 10);
      else
        return std::nullopt;
      if (v > (~uint64_t(0) >> 4))
        return std::nullopt;
      v = v << 4 | d;
    }
  } else {
    for (; i < s.size(); ++i) {
      char c = s[i];
      if (c < '0' || c > '9')
        return std::nullopt;
      uint64_t d = static_cast<uint64_t>(c - '0');
      if (v > (~uint64_t(0) - d) / 10)
        return std::nullopt;
      v = v * 10 + d;
    }
  }
  if (neg) {
    if (v > uint64_t(1) << 63)
      return std::nullopt;
    return static_cast<int64_t>(~v + 1);
  }
  return static_cast<int64_t>(v);
}

std::string_view textAfterName(const ir::Module &m, const ir::Operation &op) {
  std::string_view text = m.str(op.range);
  std::string_view name = op.opName();
  size_t i = 0;
  if (op.form == ir::Operation::Form::Generic) {
    size_t q = text.find('"');
    if (q == std::string_view::npos)
      return {};
    i = q + 1 + name.size() + 1; // past `"name"`
  } else {
    if (op.numResults > 0) {
      // `%a, %b:2 = name`: result names cannot hold '='.
      size_t eq = text.find('=');
      if (eq != std::string_view::npos)
        i = skipSpace(text, eq + 1);
    }
    if (text.substr(i, name.size()) != name) {
      size_t at = text.find(name);
      if (at == std::string_view::npos)
        return {};
      i = at;
    }
    i += name.size();
  }
  return i <= text.size() ? text.substr(i) : std::string_view();
}

std::string_view firstWord(const ir::Module &m, const ir::Operation &op) {
  if (op.form == ir::Operation::Form::Generic)
    return {};
  std::string_view s = textAfterName(m, op);
  size_t i = skipSpace(s, 0);
  if (i < s.size() && s[i] == '{')
    i = skipSpace(s, skipBracketed(s, i));
  if (i >= s.size() || !isWordStart(s[i]))
    return {};
  size_t b = i;
  while (i < s.size() && isWordChar(s[i]))
    ++i;
  return s.substr(b, i - b);
}

std::optional<std::string_view> attrValue(const ir::Module &m, const ir::Operation &op,
                                          std::string_view key) {
  if (!op.props.empty())
    if (auto v = findInDict(m.str(op.props), key))
      return v;
  if (!op.attrs.empty())
    return findInDict(m.str(op.attrs), key);
  return std::nullopt;
}

std::optional<int64_t> attrInt(std::string_view value) {
  std::vector<std::string_view> parts;
  ir::splitTopLevel(value, ':', parts);
  if (parts.empty())
    return std::nullopt;
  return parseIntLiteral(parts[0]);
}

std::string_view prettyConstantLiteral(const ir::Module &m, const ir::Operation &op) {
  std::string_view s = textAfterName(m, op);
  size_t i = skipSpace(s, 0);
  if (i < s.size() && s[i] == '{')
    i = skipSpace(s, skipBracketed(s, i));
  size_t b = i;
  while (i < s.size() && !isSpace(s[i]) && s[i] != ':')
    ++i;
  return s.substr(b, i - b);
}

std::string argLocName(const ir::Module &m, const ir::Value &arg) {
  if (arg.kind != ir::Value::BlockArgument || arg.type.empty())
    return {};
  const ir::Block *b = arg.ownerBlock();
  const ir::Operation *owner = b && b->parent ? b->parent->parent : nullptr;
  const ir::Chunk *chunk = owner ? m.chunkOf(owner) : nullptr;
  if (!chunk)
    return {};
  // `%x: T {attrs} loc(...)`: the parser records T; what follows is text.
  std::string_view all = m.buffer().text();
  size_t i = skipSpace(all, arg.type.end());
  if (i < all.size() && all[i] == '{')
    i = skipSpace(all, skipBracketed(all, i));
  if (all.substr(i, 4) != "loc(")
    return {};
  size_t end = skipBracketed(all, i + 3);
  return ir::resolveLocation(m, *chunk, all.substr(i, end - i)).name;
}

} // namespace tscope::interp
