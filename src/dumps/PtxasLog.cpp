// PtxasLog: a line scan. ptxas prints warnings about an entry before its
// "Compiling entry function" line, so they are held until the next entry.
#include "dumps/PtxasLog.h"

#include <cstdlib>

#include "dumps/TextLines.h"

namespace tscope::dumps {
namespace {

std::optional<int> intField(std::string_view cfg, std::string_view key) {
  size_t at = cfg.find(key);
  if (at == std::string_view::npos)
    return std::nullopt;
  std::string_view v = cfg.substr(at + key.size());
  auto n = takeInt(v);
  if (!n || *n > (1 << 20))
    return std::nullopt;
  return static_cast<int>(*n);
}

/// "ptxas info    : " / "ptxas-blackwell warning : " -> (tool, kind, message)
bool splitPtxasLine(std::string_view line, std::string_view &tool, std::string_view &kind,
                    std::string_view &msg) {
  if (!startsWith(line, "ptxas"))
    return false;
  size_t sp = line.find(' ');
  if (sp == std::string_view::npos)
    return false;
  tool = line.substr(0, sp);
  std::string_view rest = skipBlanks(line.substr(sp));
  size_t colon = rest.find(':');
  if (colon == std::string_view::npos)
    return false;
  kind = trimmed(rest.substr(0, colon));
  msg = trimmed(rest.substr(colon + 1));
  return true;
}

std::string_view quoted(std::string_view s, size_t from) {
  size_t a = s.find('\'', from);
  if (a == std::string_view::npos)
    return {};
  size_t b = s.find('\'', a + 1);
  return b == std::string_view::npos ? std::string_view() : s.substr(a + 1, b - a - 1);
}

} // namespace

AutotuneConfig parseAutotuneConfig(std::string_view text) {
  AutotuneConfig c;
  c.text = std::string(trimmed(text));
  c.numWarps = intField(text, "num_warps: ");
  c.numStages = intField(text, "num_stages: ");
  c.numCtas = intField(text, "num_ctas: ");
  c.maxnreg = intField(text, "maxnreg: ");
  return c;
}

PtxasLog parsePtxasLog(std::string_view text) {
  PtxasLog log;
  LineCursor cur(text);
  std::string_view line;
  std::vector<std::string> pendingWarnings;
  std::optional<AutotuneConfig> config;
  std::string configKernel;
  PtxasEntry *open = nullptr;
  int64_t pendingGmem = -1;
  while (cur.next(line)) {
    std::string_view tool, kind, msg;
    if (startsWith(line, "Autotuning kernel ")) {
      // "Autotuning kernel K with config C"
      std::string_view rest = line.substr(18);
      size_t w = rest.find(" with config ");
      if (w != std::string_view::npos) {
        configKernel = std::string(rest.substr(0, w));
        config = parseAutotuneConfig(rest.substr(w + 13));
      }
      continue;
    }
    if (startsWith(line, "Triton autotuning for function ")) {
      AutotuneResult r;
      r.line = cur.lineNo();
      std::string_view k = line.substr(31);
      if (!k.empty() && k.back() == ',')
        k.remove_suffix(1);
      r.kernel = std::string(k);
      // The verdict spans lines: "with key as ...,", "finished after 1.23s,",
      // "best config selected: C;".
      LineCursor look(text.substr(cur.pos()));
      std::string_view l2;
      for (int i = 0; i < 4 && look.next(l2); ++i) {
        if (startsWith(l2, "finished after "))
          r.seconds = std::strtod(std::string(l2.substr(15)).c_str(), nullptr);
        if (startsWith(l2, "best config selected: ")) {
          std::string_view b = l2.substr(22);
          if (!b.empty() && b.back() == ';')
            b.remove_suffix(1);
          r.bestConfig = std::string(b);
          break;
        }
      }
      log.results.push_back(r);
      continue;
    }
    if (splitPtxasLine(line, tool, kind, msg)) {
      if (kind == "warning" || kind == "error") {
        pendingWarnings.push_back(std::string(kind) + ": " + std::string(msg));
        continue;
      }
      if (startsWith(msg, "Compiling entry function")) {
        PtxasEntry e;
        e.function = std::string(quoted(msg, 0));
        size_t forAt = msg.find(" for ");
        if (forAt != std::string_view::npos)
          e.arch = std::string(quoted(msg, forAt));
        e.tool = std::string(tool);
        e.line = cur.lineNo();
        e.gmem = pendingGmem;
        pendingGmem = -1;
        e.warnings = std::move(pendingWarnings);
        pendingWarnings.clear();
        e.config = config;
        e.kernelName = configKernel;
        config.reset(); // one config, one compile
        log.entries.push_back(std::move(e));
        open = &log.entries.back();
        continue;
      }
      if (auto g = intBefore(msg, " bytes gmem")) {
        // ptxas prints the module's gmem before its entries.
        pendingGmem = *g;
        continue;
      }
      if (!open)
        continue;
      if (startsWith(msg, "Used ")) {
        std::string_view v = msg.substr(5);
        if (auto r = takeInt(v))
          open->registers = static_cast<int>(*r);
        if (auto b = intBefore(msg, " barriers"))
          open->barriers = static_cast<int>(*b);
        if (auto s = intBefore(msg, " bytes smem"))
          open->smem = *s;
        if (auto c = intBefore(msg, " bytes cmem[0]"))
          open->cmem0 = *c;
      } else if (startsWith(msg, "Compile time = ")) {
        open->compileMs = std::strtod(std::string(msg.substr(15)).c_str(), nullptr);
      }
      continue;
    }
    // "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads"
    if (open && line.find("bytes stack frame") != std::string_view::npos) {
      if (auto v = intBefore(line, " bytes stack frame"))
        open->stackFrame = *v;
      if (auto v = intBefore(line, " bytes spill stores"))
        open->spillStores = *v;
      if (auto v = intBefore(line, " bytes spill loads"))
        open->spillLoads = *v;
    }
  }
  return log;
}

} // namespace tscope::dumps
