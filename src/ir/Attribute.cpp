// Attribute: dictionary entries, the per-op cache and the typed views
// (see Attribute.h).
#include "ir/Attribute.h"

#include "ir/AttrCache.h"
#include "ir/Module.h"
#include "ir/TextScan.h"

namespace tscope::ir {

namespace {

using detail::isSpace;

/// `text` before its first top-level `:` (the type suffix), trimmed.
std::string_view withoutType(std::string_view text) {
  std::vector<std::string_view> parts;
  detail::splitTopLevel(text, ':', parts);
  return parts.empty() ? std::string_view() : parts[0];
}

/// The text between `open` (at `text[0..]`) and its matching `>` or `]`,
/// or nullopt when unbalanced.
std::optional<std::string_view> bracketBody(std::string_view text, size_t open) {
  char close = text[open] == '[' ? ']' : '>';
  int depth = 0;
  for (size_t i = open; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      i = detail::skipString(text, i);
      continue;
    }
    if (c == text[open])
      ++depth;
    else if (c == close && !(close == '>' && text[i - 1] == '-') && --depth == 0)
      return text.substr(open + 1, i - open - 1);
  }
  return std::nullopt;
}

/// Integers of a comma list; entries that are not integers are left out.
std::vector<int64_t> intList(std::string_view list) {
  std::vector<std::string_view> parts;
  detail::splitTopLevel(list, ',', parts);
  std::vector<int64_t> out;
  for (std::string_view p : parts)
    if (auto v = parseIntLiteral(withoutType(p)))
      out.push_back(*v);
  return out;
}

/// One `key = value` or `key` entry; nullopt when it reads as neither.
std::optional<NamedAttr> parseEntry(std::string_view e) {
  size_t i = 0;
  NamedAttr a;
  if (!e.empty() && e[0] == '"') {
    size_t j = 1;
    while (j < e.size() && e[j] != '"')
      j += e[j] == '\\' ? 2 : 1;
    if (j >= e.size())
      return std::nullopt;
    a.name = e.substr(1, j - 1);
    i = j + 1;
  } else {
    while (i < e.size() && e[i] != '=' && !isSpace(e[i]))
      ++i;
    a.name = e.substr(0, i);
  }
  if (a.name.empty())
    return std::nullopt;
  while (i < e.size() && isSpace(e[i]))
    ++i;
  if (i >= e.size()) {
    a.value = "unit";
    return a;
  }
  if (e[i] != '=')
    return std::nullopt;
  a.value = detail::trim(e.substr(i + 1));
  return a;
}

bool isWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

} // namespace

std::optional<int64_t> Attr::asInt() const {
  if (!present_)
    return std::nullopt;
  return parseIntLiteral(withoutType(text_));
}

std::optional<bool> Attr::asBool() const {
  if (isUnit())
    return true;
  auto v = asInt();
  if (!v || (*v != 0 && *v != 1))
    return std::nullopt;
  return *v == 1;
}

std::optional<std::vector<int64_t>> Attr::asIntArray() const {
  std::string_view t = withoutType(text_);
  if (t.substr(0, 6) == "array<") {
    auto body = bracketBody(t, 5);
    if (!body)
      return std::nullopt;
    size_t colon = body->find(':');
    return colon == std::string_view::npos ? std::vector<int64_t>()
                                           : intList(body->substr(colon + 1));
  }
  if (t.substr(0, 6) == "dense<") {
    auto body = bracketBody(t, 5);
    if (!body)
      return std::nullopt;
    std::string_view b = detail::trim(*body);
    if (!b.empty() && b.front() == '[') {
      auto inner = bracketBody(b, 0);
      return inner ? intList(*inner) : std::vector<int64_t>();
    }
    return intList(b);
  }
  if (!t.empty() && t.front() == '[') {
    auto body = bracketBody(t, 0);
    if (!body)
      return std::nullopt;
    return intList(*body);
  }
  if (auto v = parseIntLiteral(t))
    return std::vector<int64_t>{*v};
  return std::nullopt;
}

std::optional<int64_t> Attr::asSplat() const {
  std::string_view t = withoutType(text_);
  if (t.substr(0, 6) != "dense<")
    return std::nullopt;
  auto body = bracketBody(t, 5);
  if (!body)
    return std::nullopt;
  return parseIntLiteral(*body);
}

std::optional<std::string> Attr::asString() const {
  std::string_view t = text_;
  if (t.size() < 2 || t.front() != '"' || t.back() != '"')
    return std::nullopt;
  std::string out;
  for (size_t i = 1; i + 1 < t.size(); ++i) {
    char c = t[i];
    if (c == '"')
      return std::nullopt; // a second string follows: not one literal
    if (c != '\\') {
      out += c;
      continue;
    }
    if (i + 2 >= t.size())
      return std::nullopt;
    char n = t[++i];
    if (n == 'n')
      out += '\n';
    else if (n == 't')
      out += '\t';
    else if (n == '"' || n == '\\')
      out += n;
    else if (auto hex = parseIntLiteral(std::string("0x") + std::string(t.substr(i, 2)));
             hex && i + 2 < t.size()) {
      out += static_cast<char>(*hex);
      ++i;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

std::optional<std::string_view> Attr::asSymbol() const {
  std::string_view t = text_;
  if (t.size() < 2 || t.front() != '@')
    return std::nullopt;
  t.remove_prefix(1);
  if (t.front() == '"')
    return t.size() >= 2 && t.back() == '"' ? std::optional(t.substr(1, t.size() - 2))
                                            : std::nullopt;
  for (char c : t)
    if (!isWordChar(c) && c != '$' && c != '.' && c != '-')
      return std::nullopt;
  return t;
}

std::vector<NamedAttr> parseAttrDict(std::string_view text) {
  std::vector<NamedAttr> out;
  text = detail::trim(text);
  if (text.size() >= 4 && text.substr(0, 2) == "<{" && text.substr(text.size() - 2) == "}>")
    text = text.substr(2, text.size() - 4);
  else if (text.size() >= 2 && text.front() == '{' && text.back() == '}')
    text = text.substr(1, text.size() - 2);
  else
    return out;
  std::vector<std::string_view> entries;
  detail::splitTopLevel(text, ',', entries);
  for (std::string_view e : entries)
    if (auto a = parseEntry(e))
      out.push_back(*a);
  return out;
}

const std::vector<NamedAttr> &attrsOf(const Module &m, const Operation &op) {
  AttrCache &cache = m.attrCache();
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto [it, fresh] = cache.byOp.try_emplace(&op);
  if (fresh) {
    if (!op.props.empty())
      it->second = parseAttrDict(m.str(op.props));
    if (!op.attrs.empty())
      for (const NamedAttr &a : parseAttrDict(m.str(op.attrs)))
        it->second.push_back(a);
  }
  return it->second;
}

Attr getAttr(const Module &m, const Operation &op, std::string_view name) {
  if (op.props.empty() && op.attrs.empty())
    return {};
  for (const NamedAttr &a : attrsOf(m, op))
    if (a.name == name)
      return Attr(a.value);
  return {};
}

std::vector<int64_t> keywordInts(const Module &m, const Operation &op, std::string_view keyword) {
  std::vector<int64_t> out;
  std::string_view text = m.str(op.range);
  for (size_t pos = 0; (pos = text.find(keyword, pos)) != std::string_view::npos;) {
    uint32_t at = op.range.offset + static_cast<uint32_t>(pos);
    bool inRegion = false;
    for (const Region *r = op.firstRegion; r; r = r->next)
      inRegion |= at > r->range.offset && at < r->range.end();
    bool word = (pos == 0 || !isWordChar(text[pos - 1])) && pos + keyword.size() < text.size() &&
                text[pos + keyword.size()] == '(';
    pos += keyword.size();
    if (inRegion || !word)
      continue;
    int64_t v = 0;
    for (++pos; pos < text.size() && text[pos] >= '0' && text[pos] <= '9' && v < (int64_t(1) << 40);
         ++pos)
      v = v * 10 + (text[pos] - '0');
    out.push_back(v);
  }
  return out;
}

std::optional<int64_t> parseIntLiteral(std::string_view s) {
  s = detail::trim(s);
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
  bool hex = s.size() - i > 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
  unsigned base = hex ? 16 : 10;
  for (i += hex ? 2 : 0; i < s.size(); ++i) {
    char c = s[i];
    unsigned d;
    if (c >= '0' && c <= '9')
      d = static_cast<unsigned>(c - '0');
    else if (hex && c >= 'a' && c <= 'f')
      d = static_cast<unsigned>(c - 'a' + 10);
    else if (hex && c >= 'A' && c <= 'F')
      d = static_cast<unsigned>(c - 'A' + 10);
    else
      return std::nullopt;
    if (v > (~uint64_t(0) - d) / base)
      return std::nullopt;
    v = v * base + d;
  }
  if (neg) {
    if (v > uint64_t(1) << 63)
      return std::nullopt;
    return static_cast<int64_t>(~v + 1);
  }
  return static_cast<int64_t>(v);
}

void splitAttrList(std::string_view text, char sep, std::vector<std::string_view> &out) {
  detail::splitTopLevel(text, sep, out);
}

std::string_view trim(std::string_view s) { return detail::trim(s); }

} // namespace tscope::ir
