// OpCounts: the line scan reads only the first word of each line; the parsed
// variant walks the ir::Module with an explicit worklist.
#include "dumps/OpCounts.h"

#include <algorithm>
#include <unordered_map>

#include "dumps/TextLines.h"
#include "ir/Parser.h"

namespace tscope::dumps {
namespace {

inline bool identChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '$';
}

/// The word at the start of `s` (identifier characters).
std::string_view word(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && identChar(s[i]))
    ++i;
  return s.substr(0, i);
}

/// `s` past a result list `%a, %b:2 = `; unchanged when there is none.
std::string_view skipResults(std::string_view s) {
  if (s.empty() || s[0] != '%')
    return s;
  size_t eq = s.find(" = ");
  if (eq == std::string_view::npos)
    return {};
  return skipBlanks(s.substr(eq + 3));
}

std::string_view mlirOpName(std::string_view line) {
  std::string_view s = skipBlanks(line);
  if (s.empty())
    return {};
  char c = s[0];
  if (c == '%') {
    s = skipResults(s);
    if (s.empty())
      return {};
    c = s[0];
  }
  if (c == '"') {
    size_t end = s.find('"', 1);
    return end == std::string_view::npos ? std::string_view() : s.substr(1, end - 1);
  }
  if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')))
    return {};
  std::string_view w = word(s);
  if (w.find('.') != std::string_view::npos)
    return w;
  // `module` is the one op MLIR prints without a dialect prefix; the generic
  // form spells it builtin.module, and so does the count.
  return w == "module" ? std::string_view("builtin.module") : std::string_view();
}

std::string_view llvmOpName(std::string_view line) {
  if (line.empty() || line[0] == ';')
    return {};
  if (line[0] != ' ' && line[0] != '\t') {
    std::string_view w = word(line);
    return (w == "define" || w == "declare") ? w : std::string_view();
  }
  std::string_view s = skipResults(skipBlanks(line));
  std::string_view w = word(s);
  if (w == "tail" || w == "musttail" || w == "notail") {
    s = skipBlanks(s.substr(w.size()));
    w = word(s);
  }
  if (w == "call" || w == "invoke") {
    size_t at = s.find('@');
    size_t asmAt = s.find(" asm ");
    if (asmAt != std::string_view::npos && (at == std::string_view::npos || asmAt < at))
      return "asm";
    if (at == std::string_view::npos)
      return w;
    size_t e = at + 1;
    while (e < s.size() && identChar(s[e]))
      ++e;
    return s.substr(at, e - at);
  }
  return w;
}

std::string_view ptxOpName(std::string_view line) {
  std::string_view s = skipBlanks(line);
  if (s.empty() || s[0] == '.' || s[0] == '/' || s[0] == '{' || s[0] == '}' || s[0] == '$' ||
      s[0] == ')' || s[0] == '(')
    return {};
  if (s[0] == '@') {
    size_t sp = s.find_first_of(" \t");
    if (sp == std::string_view::npos)
      return {};
    s = skipBlanks(s.substr(sp));
  }
  std::string_view w;
  size_t i = 0;
  while (i < s.size() && (identChar(s[i]) || s[i] == ':'))
    ++i;
  w = s.substr(0, i);
  if (w.empty() || (i < s.size() && s[i] == ':' ) || w.back() == ':')
    return {}; // a label
  return w;
}

std::string_view mirOpName(std::string_view line) {
  // After slot indexing, each instruction starts with its index ("16B\t").
  size_t i = 0;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9')
    ++i;
  if (i && i < line.size() && line[i] == 'B')
    line = line.substr(i + 1);
  if (line.empty() || (line[0] != ' ' && line[0] != '\t'))
    return {};
  std::string_view s = skipBlanks(line);
  if (s.empty() || s[0] == '#' || s[0] == ';')
    return {};
  size_t eq = s.find(" = ");
  if (eq != std::string_view::npos && (s[0] == '%' || s[0] == '$'))
    s = skipBlanks(s.substr(eq + 3));
  std::string_view w = word(s);
  return (!w.empty() && w[0] >= 'A' && w[0] <= 'Z') ? w : std::string_view();
}

OpCounts sorted(std::unordered_map<std::string_view, uint32_t> &m) {
  OpCounts out;
  out.reserve(m.size());
  for (auto &[k, v] : m)
    out.push_back({k, v});
  std::sort(out.begin(), out.end(), [](const OpCount &a, const OpCount &b) { return a.name < b.name; });
  return out;
}

} // namespace

OpCounts countOpsFast(std::string_view ir, IrLanguage language) {
  std::unordered_map<std::string_view, uint32_t> m;
  m.reserve(64);
  // A one-entry cache: runs of the same op name are common.
  std::string_view lastName;
  uint32_t *lastSlot = nullptr;
  forEachLine(ir, [&](std::string_view line) {
    std::string_view name;
    switch (language) {
    case IrLanguage::Mlir: name = mlirOpName(line); break;
    case IrLanguage::LlvmIr: name = llvmOpName(line); break;
    case IrLanguage::MachineIr: name = mirOpName(line); break;
    case IrLanguage::Ptx: name = ptxOpName(line); break;
    }
    if (name.empty())
      return;
    if (lastSlot && name == lastName) {
      ++*lastSlot;
      return;
    }
    lastSlot = &m[name];
    lastName = name;
    ++*lastSlot;
  });
  return sorted(m);
}

OpCounts countOpsParsed(std::string_view ir, std::deque<std::string> &pool, size_t &parseErrors) {
  support::Diagnostics diags;
  // Called per snapshot on the pass-log workers: one thread each.
  auto m = ir::parseModule(support::SourceBuffer::fromString("snapshot", ir), diags, {.threads = 1});
  parseErrors = diags.errorCount();
  std::unordered_map<std::string_view, uint32_t> counts;
  std::vector<const ir::Region *> work;
  for (const ir::Chunk &c : m->chunks())
    if (c.body)
      work.push_back(c.body);
  while (!work.empty()) {
    const ir::Region *r = work.back();
    work.pop_back();
    for (const ir::Block *b = r->first; b; b = b->next)
      for (const ir::Operation *op = b->first; op; op = op->next) {
        std::string_view name = op->opName();
        ++counts[name == "module" ? std::string_view("builtin.module") : name];
        for (const ir::Region *sub = op->firstRegion; sub; sub = sub->next)
          work.push_back(sub);
      }
  }
  // The names live in the Module, which goes away: intern them.
  std::unordered_map<std::string_view, uint32_t> owned;
  for (auto &[k, v] : counts) {
    auto it = std::find(pool.begin(), pool.end(), k);
    if (it == pool.end()) {
      pool.emplace_back(k);
      it = std::prev(pool.end());
    }
    owned[std::string_view(*it)] = v;
  }
  return sorted(owned);
}

uint64_t totalOps(const OpCounts &c) {
  uint64_t n = 0;
  for (const OpCount &o : c)
    n += o.count;
  return n;
}

uint32_t countOf(const OpCounts &c, std::string_view name) {
  auto it = std::lower_bound(c.begin(), c.end(), name,
                             [](const OpCount &o, std::string_view n) { return o.name < n; });
  return (it != c.end() && it->name == name) ? it->count : 0;
}

} // namespace tscope::dumps
