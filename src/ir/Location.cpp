// Location resolution by a small scanner over location text; never recursive.
#include "ir/Location.h"

#include <cctype>

namespace tscope::ir {
namespace {

std::string_view stripLoc(std::string_view t) {
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front())))
    t.remove_prefix(1);
  if (t.substr(0, 4) == "loc(" && t.size() >= 5 && t.back() == ')')
    t = t.substr(4, t.size() - 5);
  return t;
}

std::string unescape(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
      out.push_back(static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16)));
      i += 2;
    } else if (s[i] == '\\' && i + 1 < s.size()) {
      out.push_back(s[++i]);
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

/// Reads a string literal at s[i] == '"'; returns its unescaped body.
std::string readString(std::string_view s, size_t &i) {
  size_t start = ++i;
  while (i < s.size() && s[i] != '"')
    i += s[i] == '\\' ? 2 : 1;
  std::string body = unescape(s.substr(start, (i < s.size() ? i : s.size()) - start));
  if (i < s.size())
    ++i;
  return body;
}

uint32_t readInt(std::string_view s, size_t &i) {
  uint32_t v = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
    if (v < 100000000)
      v = v * 10 + static_cast<uint32_t>(s[i] - '0');
    ++i;
  }
  return v;
}

} // namespace

ResolvedLoc resolveLocation(const Module &m, const Chunk &chunk, std::string_view locText) {
  ResolvedLoc out;
  std::string_view t = stripLoc(locText);
  for (int step = 0; step < 64 && !t.empty(); ++step) {
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front())))
      t.remove_prefix(1);
    if (t.empty())
      break;
    if (t.front() == '#') {
      size_t e = 1;
      while (e < t.size() && (std::isalnum(static_cast<unsigned char>(t[e])) || t[e] == '_' ||
                              t[e] == '$' || t[e] == '.' || t[e] == '-'))
        ++e;
      const AliasDef *a = chunk.findAlias(t.substr(0, e));
      if (!a)
        break;
      t = stripLoc(m.str(a->value));
      continue;
    }
    if (t.substr(0, 8) == "callsite") {
      // callsite(CALLEE at CALLER): the callee is where the op was written.
      size_t open = t.find('(');
      if (open == std::string_view::npos)
        break;
      t = t.substr(open + 1);
      continue;
    }
    if (t.substr(0, 5) == "fused") {
      size_t open = t.find('[');
      if (open == std::string_view::npos)
        break;
      t = t.substr(open + 1);
      continue;
    }
    if (t.front() == '"') {
      size_t i = 0;
      std::string s = readString(t, i);
      if (i < t.size() && t[i] == ':') {
        // FileLineCol: "file":line:col
        ++i;
        out.file = s;
        out.line = readInt(t, i);
        if (i < t.size() && t[i] == ':') {
          ++i;
          out.col = readInt(t, i);
        }
        return out;
      }
      // NameLoc: "name" or "name"(child); the outermost name is the one the
      // frontend attached to this value.
      if (out.name.empty())
        out.name = s;
      if (i < t.size() && t[i] == '(') {
        t = t.substr(i + 1);
        continue;
      }
      return out;
    }
    break; // unknown, or syntax we do not follow
  }
  return out;
}

ResolvedLoc resolveLocation(const Module &m, const Operation *op) {
  if (op->loc.empty())
    return {};
  const Chunk *c = m.chunkOf(op);
  if (!c)
    return {};
  return resolveLocation(m, *c, m.str(op->loc));
}

} // namespace tscope::ir
