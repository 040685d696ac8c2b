// InstrStats: PTX instructions are the first word of a statement inside a
// kernel body (after an optional @predicate; inline asm included); SASS
// lines are `/*addr*/ OPCODE ...;` (cuobjdump) or `ctrl<TAB>OPCODE ...;` (Triton).
#include "dumps/InstrStats.h"

#include <cstdlib>

#include "dumps/TextLines.h"

namespace tscope::dumps {
namespace {

bool has(std::string_view s, std::string_view p) { return startsWith(s, p); }

std::string_view firstWord(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && s[i] != ' ' && s[i] != '\t' && s[i] != ';' && s[i] != ',')
    ++i;
  return s.substr(0, i);
}

std::string_view skipPredicate(std::string_view s) {
  s = skipBlanks(s);
  if (!s.empty() && s[0] == '@') {
    size_t sp = s.find_first_of(" \t");
    if (sp == std::string_view::npos)
      return {};
    s = skipBlanks(s.substr(sp));
  }
  return s;
}

int intAfter(std::string_view s) {
  s = skipBlanks(s);
  auto v = takeInt(s);
  return v && *v < (1 << 20) ? static_cast<int>(*v) : -1;
}

void add(KernelInstrStats &k, std::string_view family, std::string_view opcode) {
  ++k.instructions;
  if (family.empty())
    return;
  ++k.families[std::string(family)];
  ++k.opcodes[std::string(family)][std::string(opcode)];
}

/// The value of `setmaxnreg.inc.sync.aligned.u32 232;`.
void noteSetmaxnreg(KernelInstrStats &k, std::string_view op, std::string_view rest) {
  int v = intAfter(rest);
  if (v < 0)
    return;
  if (op.find(".inc") != std::string_view::npos)
    ++k.setmaxnregInc[v];
  else if (op.find(".dec") != std::string_view::npos)
    ++k.setmaxnregDec[v];
}

InstrStats ptxStats(std::string_view text) {
  InstrStats st;
  LineCursor cur(text);
  std::string_view line;
  KernelInstrStats *k = nullptr;
  int depth = 0;
  bool inBody = false;
  while (cur.next(line)) {
    std::string_view s = skipBlanks(line);
    if (has(s, ".visible .entry ") || has(s, ".entry ") || has(s, ".visible .func ") || has(s, ".func ")) {
      size_t at = s.find(".entry ");
      if (at == std::string_view::npos)
        at = s.find(".func ") == std::string_view::npos ? 0 : s.find(".func ") - 1;
      std::string_view nameStart = skipBlanks(s.substr(s.find(' ', at + 1)));
      // `.func (.param .b32 r) name(` puts the return value first.
      if (!nameStart.empty() && nameStart[0] == '(') {
        size_t close = nameStart.find(')');
        nameStart = close == std::string_view::npos ? std::string_view() : skipBlanks(nameStart.substr(close + 1));
      }
      size_t e = 0;
      while (e < nameStart.size() && nameStart[e] != '(' && nameStart[e] != ' ')
        ++e;
      st.kernels.emplace_back();
      k = &st.kernels.back();
      k->name = std::string(nameStart.substr(0, e));
      depth = 0;
      inBody = false;
      continue;
    }
    if (!k)
      continue;
    if (has(s, ".maxnreg")) {
      k->maxnreg = intAfter(s.substr(8));
      continue;
    }
    if (has(s, ".reqntid")) {
      k->reqntid = intAfter(s.substr(8));
      continue;
    }
    bool closes = false;
    for (char c : s) {
      if (c == '{') {
        ++depth;
        inBody = true;
      } else if (c == '}') {
        --depth;
        closes = true;
      }
    }
    if (inBody && closes && depth <= 0) {
      inBody = false; // the kernel's closing brace
      continue;
    }
    if (!inBody || s.empty() || s[0] == '.' || s[0] == '/' || s[0] == '{' || s[0] == '}' || s[0] == '$' ||
        s[0] == ')' || s[0] == '(')
      continue;
    std::string_view p = skipPredicate(s);
    std::string_view op = firstWord(p);
    if (op.empty() || op.back() == ':')
      continue;
    add(*k, ptxFamily(op), op);
    if (has(op, "setmaxnreg"))
      noteSetmaxnreg(*k, op, p.substr(op.size()));
  }
  return st;
}

InstrStats sassStats(std::string_view text) {
  InstrStats st;
  st.sass = true;
  LineCursor cur(text);
  std::string_view line;
  KernelInstrStats *k = nullptr;
  while (cur.next(line)) {
    std::string_view s = skipBlanks(line);
    if (has(s, "Function :") || has(s, "Function:")) {
      st.kernels.emplace_back();
      k = &st.kernels.back();
      k->name = std::string(trimmed(s.substr(s.find(':') + 1)));
      continue;
    }
    if (!k || s.empty())
      continue;
    std::string_view body;
    if (has(s, "/*")) {
      // cuobjdump: /*0040*/   @!P0 BRA 0x90 ;   /* 0x... */
      size_t close = s.find("*/");
      if (close == std::string_view::npos)
        continue;
      std::string_view addr = s.substr(2, close - 2);
      if (addr.empty() || addr.find_first_not_of("0123456789abcdefABCDEF") != std::string_view::npos)
        continue;
      body = s.substr(close + 2);
    } else {
      // Triton: control codes, a tab, then the instruction.
      size_t tab = s.find('\t');
      if (tab == std::string_view::npos)
        continue;
      std::string_view ctrl = s.substr(0, tab);
      if (ctrl.empty() || ctrl.find_first_not_of("-0123456789abcdefABCDEFY:") != std::string_view::npos)
        continue;
      body = s.substr(tab + 1);
    }
    std::string_view p = skipPredicate(body);
    std::string_view op = firstWord(p);
    if (op.empty() || op[0] < 'A' || op[0] > 'Z')
      continue;
    add(*k, sassFamily(op), op);
    if (has(op, "USETMAXREG")) {
      size_t comma = p.rfind(',');
      std::string_view v = comma == std::string_view::npos ? std::string_view() : trimmed(p.substr(comma + 1));
      int regs = -1;
      if (has(v, "0x"))
        regs = static_cast<int>(std::strtol(std::string(v.substr(2)).c_str(), nullptr, 16));
      if (regs >= 0) {
        if (op.find("DEALLOC") != std::string_view::npos)
          ++k->setmaxnregDec[regs];
        else
          ++k->setmaxnregInc[regs];
      }
    }
  }
  return st;
}

} // namespace

const std::vector<std::string> &instrFamilies() {
  static const std::vector<std::string> f = {"wgmma",        "tcgen05",     "mma",    "mbarrier", "bar.sync/arrive",
                                             "tma",          "bulk-copy",   "cp.async", "fence.proxy", "fence",
                                             "local (spill)", "setmaxnreg", "elect",  "ldmatrix/stmatrix"};
  return f;
}

std::string_view ptxFamily(std::string_view op) {
  if (has(op, "wgmma."))
    return "wgmma";
  if (has(op, "tcgen05."))
    return "tcgen05";
  if (has(op, "mma.") || op == "mma")
    return "mma";
  if (has(op, "mbarrier."))
    return "mbarrier";
  if (has(op, "bar.") || has(op, "barrier.") || op == "bar" || op == "barrier")
    return "bar.sync/arrive";
  if (has(op, "cp.async.bulk.tensor") || has(op, "cp.reduce.async.bulk.tensor"))
    return "tma";
  if (has(op, "cp.async.bulk") || has(op, "cp.reduce.async.bulk"))
    return "bulk-copy";
  if (has(op, "cp.async"))
    return "cp.async";
  if (has(op, "fence.proxy"))
    return "fence.proxy";
  if (has(op, "fence") || has(op, "membar"))
    return "fence";
  if (has(op, "ld.local") || has(op, "st.local"))
    return "local (spill)";
  if (has(op, "setmaxnreg"))
    return "setmaxnreg";
  if (has(op, "elect."))
    return "elect";
  if (has(op, "ldmatrix") || has(op, "stmatrix"))
    return "ldmatrix/stmatrix";
  return {};
}

std::string_view sassFamily(std::string_view op) {
  if (has(op, "HGMMA") || has(op, "IGMMA") || has(op, "QGMMA") || has(op, "BGMMA") || has(op, "WARPGROUP."))
    return "wgmma";
  if (has(op, "UTC") && !has(op, "UTCATOMSWS"))
    return "tcgen05";
  if (has(op, "LDTM") || has(op, "STTM") || has(op, "UTCATOMSWS"))
    return "tcgen05";
  if (has(op, "HMMA") || has(op, "IMMA") || has(op, "DMMA"))
    return "mma";
  if (has(op, "SYNCS."))
    return "mbarrier";
  if (has(op, "BAR.") || op == "BAR")
    return "bar.sync/arrive";
  if (has(op, "UTMA"))
    return "tma";
  if (has(op, "UBLKCP") || has(op, "UBLKRED"))
    return "bulk-copy";
  if (has(op, "LDGSTS") || has(op, "LDGDEPBAR"))
    return "cp.async";
  if (has(op, "FENCE.VIEW.ASYNC"))
    return "fence.proxy";
  if (has(op, "MEMBAR") || has(op, "FENCE"))
    return "fence";
  if (has(op, "LDL") || has(op, "STL"))
    return "local (spill)";
  if (has(op, "USETMAXREG"))
    return "setmaxnreg";
  if (has(op, "ELECT"))
    return "elect";
  if (has(op, "LDSM") || has(op, "STSM"))
    return "ldmatrix/stmatrix";
  return {};
}

InstrStats instrStats(std::string_view text, bool sass) { return sass ? sassStats(text) : ptxStats(text); }

} // namespace tscope::dumps
