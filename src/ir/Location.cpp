// Location resolution by a small scanner over location text; never recursive.
#include "ir/Location.h"

#include "ir/ByteScan.h"
#include "support/Parallel.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <string>
#include <unordered_map>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

namespace {

constexpr bool isAliasCharSlow(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         c == '.' || c == '-';
}
struct AliasCharTable {
  bool t[256];
  constexpr AliasCharTable() : t() {
    for (int c = 0; c < 256; ++c)
      t[c] = isAliasCharSlow(static_cast<unsigned char>(c));
  }
};
constexpr AliasCharTable kAliasChar{};

bool isAliasChar(char c) { return kAliasChar.t[static_cast<unsigned char>(c)]; }

/// The next `loc(` or `//` in `text` from `from`, or npos. Compares over 16
/// positions at a time: memmem's per-call setup costs more than the scan on
/// IR, which has a location on every line.
size_t findLocOrComment(std::string_view text, size_t from) {
  size_t i = from;
#if defined(__SSE2__)
  const __m128i l = _mm_set1_epi8('l'), p = _mm_set1_epi8('('), slash = _mm_set1_epi8('/');
  for (; i + 19 <= text.size(); i += 16) {
    auto at = [&](size_t k) { return _mm_loadu_si128(reinterpret_cast<const __m128i *>(text.data() + i + k)); };
    __m128i v0 = at(0), v1 = at(1);
    // `l..(` and `//` mark candidates; the `oc` of a `l..(` is checked per
    // candidate (IR rarely has an `l` three bytes before a `(` otherwise).
    __m128i loc = _mm_and_si128(_mm_cmpeq_epi8(v0, l), _mm_cmpeq_epi8(at(3), p));
    __m128i comment = _mm_and_si128(_mm_cmpeq_epi8(v0, slash), _mm_cmpeq_epi8(v1, slash));
    for (unsigned mask = static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(loc, comment))); mask;
         mask &= mask - 1) {
      size_t k = i + static_cast<size_t>(__builtin_ctz(mask));
      if (text[k] == '/' || (text[k + 1] == 'o' && text[k + 2] == 'c'))
        return k;
    }
  }
#endif
  return std::min(text.find("loc(", i), text.find("//", i));
}

/// N of an alias named `#locN` (digits, no leading zero), or -1.
int64_t locNumber(std::string_view name) {
  if (name.size() < 5 || name.substr(0, 4) != "#loc" || name[4] == '0' || name.size() > 13)
    return name == "#loc0" ? 0 : -1;
  int64_t n = 0;
  for (char c : name.substr(4)) {
    if (c < '0' || c > '9')
      return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

/// Which aliases a chunk defines, asked once per location use: `#locN` (what
/// MLIR names them) by a bit per N, any other name through the chunk's index.
class DefinedAliases {
public:
  explicit DefinedAliases(const Module &m, const Chunk &c) : chunk_(c) {
    for (const AliasDef &a : c.aliases) {
      int64_t n = locNumber(m.str(a.name));
      if (n >= 0 && n < kMaxNumbered) {
        if (static_cast<size_t>(n) >= numbered_.size())
          numbered_.resize(static_cast<size_t>(n) + 1);
        numbered_[static_cast<size_t>(n)] = true;
      }
    }
  }
  bool has(std::string_view name) const {
    // Uses repeat (`loc(#loc)` on most ops of a pretty dump): remember the last.
    if (name == lastName_)
      return lastHas_;
    lastName_ = name;
    lastHas_ = lookup(name);
    return lastHas_;
  }

private:
  bool lookup(std::string_view name) const {
    int64_t n = locNumber(name);
    if (n >= 0 && n < kMaxNumbered)
      return static_cast<size_t>(n) < numbered_.size() && numbered_[static_cast<size_t>(n)];
    return chunk_.findAlias(name) != nullptr;
  }

  static constexpr int64_t kMaxNumbered = int64_t(1) << 24;
  mutable std::string_view lastName_;
  mutable bool lastHas_ = false;
  const Chunk &chunk_;
  std::vector<bool> numbered_;
};

} // namespace

namespace {

/// The undefined location aliases of chunk `c`, appended to `out` in order
/// of first use.
void missingInChunk(const Module &m, const Chunk &c, std::vector<MissingLocAlias> &out) {
  std::string_view all = m.buffer().text();
  {
    std::unordered_map<std::string_view, size_t> seen; // name -> index into out
    DefinedAliases defined(m, c);
    std::string_view text = all.substr(c.range.offset, c.range.size);
    // Every `loc(` that starts a location (not the tail of `local_alloc(`),
    // to the end of its parentheses or line; the `#name`s inside are
    // location aliases. Strings are skipped: a NameLoc may hold any text.
    // The alias named at text[j] (`#name`): counted when undefined. Returns
    // the byte after the name.
    auto aliasAt = [&](size_t j) {
      size_t e = j + 1;
      while (e < text.size() && isAliasChar(text[e]))
        ++e;
      std::string_view name = text.substr(j, e - j);
      if (name.size() > 1 && !defined.has(name)) {
        auto [it, fresh] = seen.emplace(name, out.size());
        if (fresh)
          out.push_back({name, static_cast<uint32_t>(c.range.offset + j), 0});
        ++out[it->second].uses;
      }
      return e;
    };
    for (size_t at = 0;;) {
      size_t i = findLocOrComment(text, at);
      if (i == std::string_view::npos)
        break;
      if (text[i] == '/') {
        // A comment line (`// CHECK: loc(#loc{{.*}})` in a test) holds no location.
        size_t b = i;
        while (b > 0 && (text[b - 1] == ' ' || text[b - 1] == '\t'))
          --b;
        size_t eol = b == 0 || text[b - 1] == '\n' ? text.find('\n', i) : i + 1;
        at = eol == std::string_view::npos ? text.size() : eol + 1;
        continue;
      }
      at = i + 4;
      if (i > 0 && (isAliasChar(text[i - 1]) || text[i - 1] == '#' || text[i - 1] == '"'))
        continue;
      int depth = 1;
      size_t j = i + 4;
      // `loc(#name)`, the location of most ops, without the general scan.
      if (j < text.size() && text[j] == '#') {
        size_t e = j + 1;
        while (e < text.size() && isAliasChar(text[e]))
          ++e;
        if (e < text.size() && text[e] == ')') {
          at = aliasAt(j) + 1;
          continue;
        }
      }
      // Only `"`, `(`, `)`, `#` and the line's end matter: jump between them.
      for (; depth > 0; ++j) {
        j = detail::findAnyOf5(text, j, '"', '(', ')', '#', '\n');
        if (j >= text.size() || text[j] == '\n')
          break;
        char ch = text[j];
        if (ch == '"') {
          for (++j;;) {
            j = detail::findAnyOf5(text, j, '"', '\\', '\n', '"', '"');
            if (j >= text.size() || text[j] != '\\')
              break;
            j += 2;
          }
        } else if (ch == '(') {
          ++depth;
        } else if (ch == ')') {
          --depth;
        } else if (ch == '#') {
          j = aliasAt(j) - 1;
        }
      }
      at = j;
    }
  }
}

} // namespace

std::vector<MissingLocAlias> missingLocAliases(const Module &m, unsigned threads) {
  std::vector<MissingLocAlias> out;
  const std::vector<Chunk> &chunks = m.chunks();
  if (threads <= 1 || chunks.size() < 2) {
    for (const Chunk &c : chunks)
      missingInChunk(m, c, out);
    return out;
  }
  // Chunks are independent (each has its own aliases): scanned in parallel,
  // joined in chunk order, as the loop above gives them.
  std::vector<std::vector<MissingLocAlias>> per(chunks.size());
  support::parallelFor(chunks.size(), threads, [&](size_t i) { missingInChunk(m, chunks[i], per[i]); }, 4);
  for (const auto &v : per)
    out.insert(out.end(), v.begin(), v.end());
  return out;
}

void warnMissingLocAliases(const Module &m, support::Diagnostics &diags, unsigned threads) {
  std::vector<MissingLocAlias> missing = missingLocAliases(m, threads);
  for (size_t i = 0; i < missing.size() && i < kMissingLocWarnings; ++i) {
    const MissingLocAlias &a = missing[i];
    diags.report(support::Severity::Warning, &m.buffer(), a.firstUse,
                 "location alias '" + std::string(a.name) + "' is used" +
                     (a.uses > 1 ? " " + std::to_string(a.uses) + " times" : "") +
                     " but never defined: the Python lines behind it are lost (were the #loc "
                     "definitions at the end of the file cut off?)");
  }
  if (missing.size() <= kMissingLocWarnings)
    return;
  uint64_t uses = 0;
  for (size_t i = kMissingLocWarnings; i < missing.size(); ++i)
    uses += missing[i].uses;
  diags.report(support::Severity::Warning, &m.buffer(), missing[kMissingLocWarnings].firstUse,
               std::to_string(missing.size() - kMissingLocWarnings) + " more location aliases (from '" +
                   std::string(missing[kMissingLocWarnings].name) + "' on, " + std::to_string(uses) +
                   " uses) are used but never defined");
}

} // namespace tscope::ir
