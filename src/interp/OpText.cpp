// OpText: small byte scanners over an op's source text (see OpText.h).
#include "interp/OpText.h"

#include <string>
#include <vector>

#include "ir/Attribute.h"
#include "ir/Location.h"
#include "ir/Module.h"

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
  ir::Attr a = ir::getAttr(m, op, key);
  return a ? std::optional(a.text()) : std::nullopt;
}

std::optional<int64_t> attrInt(std::string_view value) { return ir::Attr(value).asInt(); }

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
