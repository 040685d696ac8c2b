// PassLog: one pass over the log text; a small state machine finds where each
// dump's IR ends so that diagnostics and tracebacks printed between dumps are
// kept apart from the IR.
#include "dumps/PassLog.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

#include "dumps/ContentHash.h"
#include "support/Parallel.h"
#include "dumps/TextLines.h"

namespace tscope::dumps {

using support::parallelFor;
using support::prefault;
using support::workerCount;

const char *headerKindName(HeaderKind k) {
  switch (k) {
  case HeaderKind::MlirBefore: return "before";
  case HeaderKind::MlirAfter: return "after";
  case HeaderKind::MlirAfterFailed: return "after-failed";
  case HeaderKind::MlirInternal: return "internal";
  case HeaderKind::LlvmBefore: return "llvm-before";
  case HeaderKind::LlvmAfter: return "llvm-after";
  case HeaderKind::MachineAfter: return "machine-after";
  case HeaderKind::Nvptx: return "nvptx";
  }
  return "?";
}

namespace {

constexpr std::string_view kMlirPrefix = "// -----// ";
constexpr std::string_view kMlirSuffix = " //----- //";

/// Splits "Pass (arg)" into pass and arg; "Pass" alone has no arg.
void splitPassArg(std::string_view s, Snapshot &snap) {
  s = trimmed(s);
  if (!s.empty() && s.back() == ')') {
    size_t open = s.rfind(" (");
    if (open != std::string_view::npos) {
      snap.pass = s.substr(0, open);
      snap.arg = s.substr(open + 2, s.size() - open - 3);
      return;
    }
  }
  snap.pass = s;
}

std::optional<Snapshot> parseMlirHeader(std::string_view line) {
  Snapshot snap;
  snap.header = line;
  std::string_view rest = line.substr(kMlirPrefix.size());
  if (rest.size() >= kMlirSuffix.size() &&
      rest.substr(rest.size() - kMlirSuffix.size()) == kMlirSuffix)
    rest.remove_suffix(kMlirSuffix.size());
  if (rest == "NVPTX Dump") {
    snap.kind = HeaderKind::Nvptx;
    snap.language = IrLanguage::Ptx;
    snap.pass = "NVPTX Dump";
    return snap;
  }
  bool before = startsWith(rest, "IR Dump Before ");
  bool after = startsWith(rest, "IR Dump After ");
  if (!before && !after) {
    // Triton's pass-internal dumps: "SoftwarePipeliner internal IR Dump After: LowerLoops".
    size_t at = rest.find(" IR Dump After: ");
    if (at == std::string_view::npos)
      at = rest.find(" IR Dump Before: ");
    if (at == std::string_view::npos)
      return std::nullopt;
    snap.kind = HeaderKind::MlirInternal;
    snap.pass = trimmed(rest);
    return snap;
  }
  rest.remove_prefix(before ? 15 : 14);
  // The operation part: ('builtin.module' operation) or ('tt.func' operation: @k).
  size_t op = rest.rfind(" ('");
  if (op != std::string_view::npos) {
    std::string_view scopePart = rest.substr(op + 3);
    size_t q = scopePart.find('\'');
    if (q != std::string_view::npos) {
      snap.scope = scopePart.substr(0, q);
      size_t at = scopePart.find(": @", q);
      if (at != std::string_view::npos) {
        // The function the pass ran on (a helper, possibly); Triton prints
        // the whole module anyway, so the kernel comes from the IR.
        std::string_view sym = scopePart.substr(at + 3);
        size_t end = sym.rfind(')');
        snap.symbol = sym.substr(0, end);
      }
    }
    rest = rest.substr(0, op);
  }
  snap.kind = before ? HeaderKind::MlirBefore : HeaderKind::MlirAfter;
  // "P Failed (arg)": MLIR's after-failure dump.
  splitPassArg(rest, snap);
  if (!before) {
    std::string_view p = snap.pass;
    if (p.size() > 7 && p.substr(p.size() - 7) == " Failed") {
      snap.pass = p.substr(0, p.size() - 7);
      snap.kind = HeaderKind::MlirAfterFailed;
    }
  }
  return snap;
}

} // namespace

bool isLibraryFunction(std::string_view name) {
  for (std::string_view p : {"__nv_", "__internal_", "__cuda_", "llvm.", "__ocml_", "__ockl_"})
    if (name.substr(0, p.size()) == p)
      return true;
  return false;
}

bool endsInsideBody(const Snapshot &s) {
  if (s.omitted || s.language == IrLanguage::MachineIr)
    return false;
  // Braces outside string literals and line comments (`//` in MLIR and PTX,
  // `;` in LLVM IR).
  char comment = s.language == IrLanguage::LlvmIr ? ';' : '/';
  int64_t depth = 0;
  bool inString = false;
  for (size_t i = 0; i < s.ir.size(); ++i) {
    char c = s.ir[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"' || c == '\n')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == comment && (comment == ';' || (i + 1 < s.ir.size() && s.ir[i + 1] == '/'))) {
      size_t nl = s.ir.find('\n', i);
      if (nl == std::string_view::npos)
        break;
      i = nl;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      --depth;
    }
  }
  return depth > 0;
}

namespace {

/// The names after `sigil` (`#loc` + word chars, or `!`/`#` + digits) that
/// `ir` uses and those it defines (at a line start, `NAME = `, or after
/// `attributes `); true when some use has no definition.
bool usesUndefined(std::string_view ir, std::string_view sigil, bool digits) {
  std::unordered_set<std::string_view> used, defined;
  for (size_t at = ir.find(sigil); at != std::string_view::npos; at = ir.find(sigil, at + 1)) {
    size_t e = at + sigil.size();
    while (e < ir.size() && (digits ? std::isdigit(static_cast<unsigned char>(ir[e])) != 0
                                    : std::isalnum(static_cast<unsigned char>(ir[e])) || ir[e] == '_'))
      ++e;
    if (digits && e == at + sigil.size())
      continue;
    if (e < ir.size() && (std::isalpha(static_cast<unsigned char>(ir[e])) || ir[e] == '.'))
      continue; // `!llvm.module.flags`, `#ttg.shared`: not a numbered name
    std::string_view name = ir.substr(at, e - at);
    bool lineStart = at == 0 || ir[at - 1] == '\n' || (at >= 11 && ir.substr(at - 11, 11) == "attributes ");
    if (lineStart && ir.substr(e, 3) == " = ")
      defined.insert(name);
    else
      used.insert(name);
  }
  for (std::string_view u : used)
    if (!defined.count(u))
      return true;
  return false;
}

} // namespace

bool endsCutShort(const Snapshot &s) {
  if (s.omitted)
    return false;
  if (s.language == IrLanguage::MachineIr)
    return s.ir.find("# Machine code for function") != std::string_view::npos &&
           s.ir.find("# End machine code for function") == std::string_view::npos;
  if (endsInsideBody(s))
    return true;
  if (s.language == IrLanguage::Mlir)
    return usesUndefined(s.ir, "#loc", false);
  // A function pass prints the function alone: its `!dbg !7` has no definition there.
  bool module = s.ir.starts_with("; ModuleID") || s.ir.starts_with("source_filename") || s.scope == "[module]";
  return s.language == IrLanguage::LlvmIr && module && (usesUndefined(s.ir, "!", true) || usesUndefined(s.ir, "#", true));
}

namespace {

/// `; *** IR Dump After SROAPass on axpy_kernel ***` (LLVM's new pass manager).
std::optional<Snapshot> parseLlvmHeader(std::string_view line) {
  Snapshot snap;
  snap.header = line;
  snap.language = IrLanguage::LlvmIr;
  std::string_view rest = line.substr(2);
  bool before = startsWith(rest, "*** IR Dump Before ");
  bool after = startsWith(rest, "*** IR Dump After ");
  if (!before && !after)
    return std::nullopt;
  rest.remove_prefix(before ? 19 : 18);
  size_t end = rest.rfind(" ***");
  if (end != std::string_view::npos)
    rest = rest.substr(0, end);
  constexpr std::string_view kOmitted = " omitted because no change";
  if (rest.size() > kOmitted.size() && rest.substr(rest.size() - kOmitted.size()) == kOmitted) {
    snap.omitted = true;
    rest.remove_suffix(kOmitted.size());
  }
  size_t on = rest.rfind(" on ");
  if (on != std::string_view::npos) {
    snap.scope = rest.substr(on + 4);
    rest = rest.substr(0, on);
    // "[module]" for module passes, "f" for function passes, "(f)" for CGSCC passes.
    std::string_view k = snap.scope;
    if (k.size() > 2 && k.front() == '(' && k.back() == ')')
      k = k.substr(1, k.size() - 2);
    if (!k.empty() && k.front() != '[' && k.find(' ') == std::string_view::npos && !isLibraryFunction(k))
      snap.kernel = k;
  }
  snap.pass = rest;
  snap.kind = before ? HeaderKind::LlvmBefore : HeaderKind::LlvmAfter;
  return snap;
}

/// `# *** IR Dump After Insert XRay ops (xray-instrumentation) ***:` (codegen).
std::optional<Snapshot> parseMachineHeader(std::string_view line) {
  Snapshot snap;
  snap.header = line;
  snap.language = IrLanguage::MachineIr;
  std::string_view rest = line.substr(2);
  if (!startsWith(rest, "*** IR Dump After "))
    return std::nullopt;
  rest.remove_prefix(18);
  size_t end = rest.rfind(" ***");
  if (end != std::string_view::npos)
    rest = rest.substr(0, end);
  splitPassArg(rest, snap);
  snap.kind = HeaderKind::MachineAfter;
  return snap;
}

/// `*** IR Dump After Expand fp (expand-fp) ***` (LLVM's legacy pass manager).
std::optional<Snapshot> parseLegacyHeader(std::string_view line) {
  Snapshot snap;
  snap.header = line;
  snap.language = IrLanguage::LlvmIr;
  std::string_view rest = line;
  bool before = startsWith(rest, "*** IR Dump Before ");
  if (!before && !startsWith(rest, "*** IR Dump After "))
    return std::nullopt;
  rest.remove_prefix(before ? 19 : 18);
  size_t end = rest.rfind(" ***");
  if (end != std::string_view::npos)
    rest = rest.substr(0, end);
  snap.kind = before ? HeaderKind::LlvmBefore : HeaderKind::LlvmAfter;
  // `*** IR Dump After InstCombinePass on __nv_exp2f ***`: the new pass
  // manager's header without its `; ` (a log passed through a filter).
  size_t on = rest.rfind(" on ");
  if (!rest.empty() && rest.back() != ')' && on != std::string_view::npos) {
    snap.pass = rest.substr(0, on);
    snap.scope = rest.substr(on + 4);
    std::string_view k = snap.scope;
    if (k.size() > 2 && k.front() == '(' && k.back() == ')')
      k = k.substr(1, k.size() - 2);
    if (!k.empty() && k.front() != '[' && k.find(' ') == std::string_view::npos && !isLibraryFunction(k))
      snap.kernel = k;
    return snap;
  }
  splitPassArg(rest, snap);
  snap.scope = "(legacy)"; // settled from the IR when it closes
  return snap;
}

/// The name after the first `@` on the line that holds `at`.
std::string_view symbolAfter(std::string_view ir, size_t at) {
  size_t lineEnd = ir.find('\n', at);
  if (lineEnd == std::string_view::npos)
    lineEnd = ir.size();
  size_t sym = ir.find('@', at);
  if (sym == std::string_view::npos || sym >= lineEnd)
    return {};
  size_t b = sym + 1, e = b;
  bool quoted = e < ir.size() && ir[e] == '"';
  if (quoted) {
    b = ++e;
    while (e < lineEnd && ir[e] != '"')
      ++e;
  } else {
    while (e < lineEnd && (std::isalnum(static_cast<unsigned char>(ir[e])) || ir[e] == '_' ||
                           ir[e] == '.' || ir[e] == '$'))
      ++e;
  }
  return ir.substr(b, e - b);
}

/// `ir.find(needle, from)` by memmem: string_view::find calls memchr for
/// every occurrence of the needle's first byte, which is slow on IR.
size_t findFast(std::string_view ir, std::string_view needle, size_t from = 0) {
  if (from >= ir.size())
    return std::string_view::npos;
  const void *hit = memmem(ir.data() + from, ir.size() - from, needle.data(), needle.size());
  return hit ? static_cast<const char *>(hit) - ir.data() : std::string_view::npos;
}

/// True when the `define` line at `at` gives its function internal or private
/// linkage: a helper of the kernel (libdevice, a noinline function), never a
/// kernel, which the driver must be able to look up.
bool definesLocalFunction(std::string_view ir, size_t at) {
  size_t sym = ir.find('@', at);
  size_t lineEnd = ir.find('\n', at);
  std::string_view head = ir.substr(at, std::min(sym, lineEnd) - at);
  return head.find(" internal ") != std::string_view::npos || head.find(" private ") != std::string_view::npos;
}

/// True when an LLVM function dump's IR defines `fn` as a helper (see
/// definesLocalFunction) or a library function: its passes belong to the
/// compile they appear in, not to a kernel of that name.
bool isHelperFunctionDump(std::string_view ir, std::string_view fn) {
  for (size_t at = findFast(ir, "define "); at != std::string_view::npos; at = findFast(ir, "define ", at + 7)) {
    if (at != 0 && ir[at - 1] != '\n')
      continue;
    if (symbolAfter(ir, at) == fn)
      return definesLocalFunction(ir, at);
  }
  return false;
}

/// The kernel a snapshot's IR defines: the public tt.func, the llvm.func
/// marked nvvm.kernel, the LLVM `define` with ptx_kernel, or a generic sym_name.
std::string_view inferKernel(const Snapshot &s) {
  std::string_view ir = s.ir;
  if (s.language == IrLanguage::LlvmIr) {
    size_t first = std::string_view::npos;
    for (size_t at = findFast(ir, "define "); at != std::string_view::npos; at = findFast(ir, "define ", at + 7)) {
      if (at != 0 && ir[at - 1] != '\n')
        continue;
      // A function dump of a libdevice function names no kernel: it belongs
      // to the compile it appears in.
      if (isLibraryFunction(symbolAfter(ir, at)) || definesLocalFunction(ir, at))
        continue;
      if (first == std::string_view::npos)
        first = at;
      size_t lineEnd = ir.find('\n', at);
      if (ir.substr(at, lineEnd - at).find("ptx_kernel") != std::string_view::npos)
        return symbolAfter(ir, at);
    }
    return first == std::string_view::npos ? std::string_view() : symbolAfter(ir, first);
  }
  if (s.language != IrLanguage::Mlir)
    return {};
  // One scan over "func " finds both the tt.func (public first) and the
  // llvm.func marked nvvm.kernel, so a dump without one is read once.
  size_t firstTt = std::string_view::npos, firstLlvm = std::string_view::npos, at;
  for (at = findFast(ir, "func "); at != std::string_view::npos; at = findFast(ir, "func ", at + 5)) {
    std::string_view rest = ir.substr(at + 5);
    if (at >= 3 && ir.compare(at - 3, 3, "tt.") == 0) {
      if (startsWith(rest, "public @"))
        return symbolAfter(ir, at);
      if (firstTt == std::string_view::npos && startsWith(rest, "@"))
        firstTt = at;
    } else if (at >= 5 && ir.compare(at - 5, 5, "llvm.") == 0 && startsWith(rest, "@") &&
               firstTt == std::string_view::npos) {
      if (firstLlvm == std::string_view::npos)
        firstLlvm = at;
      size_t lineEnd = ir.find('\n', at);
      if (ir.substr(at, lineEnd - at).find("nvvm.kernel") != std::string_view::npos)
        return symbolAfter(ir, at);
    }
  }
  if (firstTt != std::string_view::npos)
    return symbolAfter(ir, firstTt);
  at = findFast(ir, "sym_name = \"");
  if (at != std::string_view::npos) {
    size_t b = at + 12, e = ir.find('"', b);
    if (e != std::string_view::npos)
      return ir.substr(b, e - b);
  }
  return firstLlvm == std::string_view::npos ? std::string_view() : symbolAfter(ir, firstLlvm);
}

bool isCaretLine(std::string_view s) {
  bool caret = false;
  for (char c : s) {
    if (c == '^')
      caret = true;
    else if (c != ' ' && c != '\t' && c != '~')
      return false;
  }
  return caret;
}

/// Where the IR of the current snapshot stands.
enum class IrState { None, Pre, Body, Post, Resource, Flat };

/// What one chunk of the log held, in log order: snapshots, diagnostics and
/// tracebacks. Line numbers count from the chunk's start; compiles are
/// assigned afterwards, over all chunks in order (Assembler).
struct ChunkResult {
  enum class Kind : uint8_t { Snapshot, Message, Traceback };
  struct Event {
    Kind kind;
    uint32_t index; ///< into snapshots, messages or tracebacks
  };
  std::vector<Snapshot> snapshots;
  std::vector<LogMessage> messages;
  std::vector<Traceback> tracebacks;
  std::vector<Event> events;
  uint32_t lines = 0;
};

/// Scans one chunk of the log. A chunk starts at a header line (or at the
/// log's start), where the scan of the whole log would be in the same state,
/// so chunks can be scanned in parallel.
class Splitter {
public:
  Splitter(std::string_view full, size_t begin, size_t end)
      : full_(full), begin_(begin), text_(full.substr(begin, end - begin)), cur_(text_) {}

  ChunkResult run() {
    // Room for a dump every 1 KiB up front (pages are only touched when
    // used): growing by doubling would copy the snapshots and touch twice
    // the memory.
    out_.snapshots.reserve(text_.size() / 1024 + 16);
    out_.events.reserve(text_.size() / 1024 + 16);
    std::string_view line;
    for (;;) {
      skipIrLines();
      if (!cur_.next(line))
        break;
      if (isHeaderStart(line)) {
        if (auto h = header(line)) {
          closeIr(cur_.lineStart(), state_, cur_.lineNo() - 1);
          startSnapshot(*h);
          continue;
        }
      }
      IrState before = state_;
      if (state_ != IrState::None && !irLine(line)) {
        closeIr(cur_.lineStart(), before, cur_.lineNo() - 1);
      }
      if (state_ == IrState::None)
        gapLine(line);
    }
    closeIr(text_.size(), state_, cur_.lineNo());
    finishTraceback();
    out_.lines = cur_.lineNo();
    return std::move(out_);
  }

private:
  /// parseHeader, remembered: a log repeats its header lines (the same
  /// pipeline in every compile) and the result depends only on the text. The
  /// line that followed the previous header last time is tried first (one
  /// compare), then a lookup by content; the views are moved onto `line`.
  std::optional<Snapshot> header(std::string_view line) {
    uint32_t id = prevHeader_ == kNoHeader ? kNoHeader : headers_[prevHeader_].next;
    if (id == kNoHeader || headers_[id].line != line) {
      ContentHash key = hashContent(line);
      auto it = headerIds_.find(key);
      if (it != headerIds_.end() && headers_[it->second].line == line) {
        id = it->second;
      } else {
        std::optional<Snapshot> parsed = parseHeader(line);
        if (!parsed || it != headerIds_.end())
          return parsed; // not a header, or a hash collision: not remembered
        id = static_cast<uint32_t>(headers_.size());
        headers_.push_back({line, *parsed});
        headerIds_.emplace(key, id);
      }
    }
    if (prevHeader_ != kNoHeader)
      headers_[prevHeader_].next = id;
    prevHeader_ = id;
    const KnownHeader &known = headers_[id];
    Snapshot s = known.parsed;
    auto from = reinterpret_cast<uintptr_t>(known.line.data());
    for (std::string_view *f : {&s.header, &s.pass, &s.arg, &s.scope, &s.symbol, &s.kernel}) {
      auto at = reinterpret_cast<uintptr_t>(f->data());
      if (at >= from && at <= from + known.line.size()) // not a literal such as "(legacy)"
        *f = std::string_view(line.data() + (at - from), f->size());
    }
    return s;
  }

  /// Skips the lines the current state would take as IR without a look:
  /// inside a module only a closing '}' or a header can change anything;
  /// around it, attribute aliases and `#loc` lines (never a `# ***` header,
  /// whose second byte is a space) and empty lines; in LLVM IR/MIR/PTX only
  /// headers and the first letters of the lines that are not IR (see irLine).
  void skipIrLines() {
#if defined(__SSE2__)
    auto eq = [](__m128i v, char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
    switch (state_) {
    case IrState::Body:
      cur_.skipUntilVec([&](__m128i b0, __m128i) {
        return _mm_or_si128(_mm_or_si128(_mm_or_si128(eq(b0, '}'), eq(b0, '/')), _mm_or_si128(eq(b0, ';'), eq(b0, '#'))),
                            eq(b0, '*'));
      });
      return;
    case IrState::Flat:
      cur_.skipUntilVec([&](__m128i b0, __m128i) {
        __m128i a = _mm_or_si128(_mm_or_si128(eq(b0, '/'), eq(b0, ';')), _mm_or_si128(eq(b0, '#'), eq(b0, '*')));
        __m128i b = _mm_or_si128(_mm_or_si128(eq(b0, 'T'), eq(b0, 'R')), _mm_or_si128(eq(b0, 'I'), eq(b0, 'C')));
        return _mm_or_si128(_mm_or_si128(a, b), eq(b0, 'S'));
      });
      return;
    case IrState::Pre:
    case IrState::Post: {
      bool pre = state_ == IrState::Pre;
      cur_.skipUntilVec([&](__m128i b0, __m128i b1) {
        __m128i alias = _mm_andnot_si128(eq(b1, ' '), eq(b0, '#'));
        __m128i skip = _mm_or_si128(alias, eq(b0, '\n'));
        if (pre)
          skip = _mm_or_si128(skip, _mm_or_si128(eq(b0, '!'), eq(b0, ' ')));
        return _mm_andnot_si128(skip, _mm_set1_epi8(-1));
      });
      return;
    }
    case IrState::Resource:
    case IrState::None:
      return;
    }
#endif
  }

  static bool isHeaderStart(std::string_view line) {
    if (line.size() < 12)
      return false;
    char c = line[0];
    return (c == '/' && line[1] == '/' && line[3] == '-') || (c == ';' && line[2] == '*') ||
           (c == '#' && line[2] == '*') || (c == '*' && line[1] == '*');
  }

  void startSnapshot(Snapshot s) {
    finishTraceback();
    s.headerLine = cur_.lineNo();
    irStart_ = cur_.pos();
    s.irLine = cur_.lineNo() + 1;
    state_ = s.language == IrLanguage::Mlir ? IrState::Pre : IrState::Flat;
    out_.snapshots.push_back(s);
    replayIr(s.language);
  }

  /// Most dumps repeat IR seen a little earlier (a pass that changed nothing,
  /// the same pass of the next autotune config or recompile). The scanner's
  /// state after a run of whole lines depends only on those lines and the
  /// state before them, so when the bytes after this header start with an
  /// earlier dump's IR lines (one memcmp, much faster than the scan), the
  /// cursor jumps over them and takes the state and line count recorded
  /// there. The lines after the jump are scanned as usual: they may still be
  /// IR, and then the dump is longer than the one it started like.
  void replayIr(IrLanguage language) {
    replay_ = kNoIr;
    size_t avail = text_.size() - irStart_;
    if (avail < kMinReplay)
      return;
    const char *here = text_.data() + irStart_;
    // Candidates, likeliest first: the previous dump's IR (a pass that
    // changed nothing), what followed it last time (the next config's
    // compile), then the latest few that began with the same bytes.
    auto tryOne = [&](uint32_t c) {
      const SeenIr &e = seen_[c];
      size_t len = e.end - e.begin;
      if (e.language != language || len > avail)
        return false;
      const char *old = text_.data() + e.begin;
      // The last bytes first: a changed dump usually differs in size, which
      // shifts its end.
      if (std::memcmp(here + len - 8, old + len - 8, 8) != 0 || std::memcmp(here, old, len - 8) != 0)
        return false;
      replay_ = c;
      replayEnd_ = irStart_ + len;
      cur_.jump(replayEnd_, e.lines);
      state_ = e.endState;
      return true;
    };
    uint32_t prev = prevIr_, next = prev == kNoIr ? kNoIr : seen_[prev].next;
    if (prev != kNoIr && tryOne(prev))
      return;
    if (next != kNoIr && next != prev && tryOne(next))
      return;
    auto it = byPrefix_.find(prefixKey(here, language));
    if (it == byPrefix_.end())
      return;
    for (uint32_t c : it->second.ids)
      if (c != kNoIr && c != prev && c != next && tryOne(c))
        return;
  }

  static uint64_t prefixKey(const char *p, IrLanguage language) {
    uint64_t h = static_cast<uint64_t>(language) + 1;
    for (size_t i = 0; i < kMinReplay; i += 8) {
      uint64_t v;
      std::memcpy(&v, p + i, 8);
      h = (h ^ v) * 0x9E3779B97F4A7C15ull;
      h ^= h >> 29;
    }
    return h;
  }

  /// Records the IR lines of the snapshot that just closed (or links it to
  /// the earlier dump it replayed): `end` is where its lines ended,
  /// `endState` the state after them, `lastLine` the number of the last one.
  /// Returns the SeenIr of its lines (kNoIr for short or unterminated IR).
  uint32_t recordIr(Snapshot &s, size_t end, IrState endState, uint32_t lastLine) {
    uint32_t id = kNoIr;
    if (replay_ != kNoIr && end == replayEnd_) {
      id = replay_;
    } else if (end >= irStart_ + kMinReplay && text_[end - 1] == '\n') {
      // Only whole lines: a last line without its '\n' could go on elsewhere.
      // Lines no candidate predicted may still have been seen: find them by
      // content, so that each distinct text has one SeenIr and the chain of
      // successors stays intact for the next time.
      std::string_view lines = text_.substr(irStart_, end - irStart_);
      ContentHash h = hashContent(lines);
      h.lo ^= static_cast<uint64_t>(s.language);
      auto [it, fresh] = byContent_.try_emplace(h, static_cast<uint32_t>(seen_.size()));
      if (!fresh && lines == text_.substr(seen_[it->second].begin, seen_[it->second].end - seen_[it->second].begin)) {
        id = it->second;
      } else {
        id = static_cast<uint32_t>(seen_.size());
        SeenIr e;
        e.begin = irStart_;
        e.end = end;
        e.lines = lastLine - s.headerLine;
        e.language = s.language;
        e.endState = endState;
        e.snapshot = static_cast<uint32_t>(out_.snapshots.size() - 1);
        seen_.push_back(e);
        Recent &recent = byPrefix_[prefixKey(text_.data() + irStart_, s.language)];
        std::copy_backward(recent.ids.begin(), recent.ids.end() - 1, recent.ids.end());
        recent.ids[0] = id;
      }
    }
    if (id != kNoIr && seen_[id].snapshot != out_.snapshots.size() - 1)
      s.sameIrAs = seen_[id].snapshot;
    replay_ = kNoIr;
    if (prevIr_ != kNoIr && id != kNoIr)
      seen_[prevIr_].next = id;
    prevIr_ = id;
    return id;
  }

  /// Advances the IR state over `line`; false when the line is not IR.
  bool irLine(std::string_view line) {
    switch (state_) {
    case IrState::Flat:
      // LLVM IR, MIR and PTX run to the next header, unless Python or MLIR
      // starts talking.
      // LLVM's pass-manager trace ("Running pass: X on f") is not IR either.
      if (!line.empty() && (line[0] == 'T' || line[0] == '/' || line[0] == 'R' || line[0] == 'I' ||
                            line[0] == 'C' || line[0] == 'S') &&
          (startsWith(line, "Traceback (most recent call last):") || startsWith(line, "Running pass: ") ||
           startsWith(line, "Running analysis: ") || startsWith(line, "Invalidating analysis: ") ||
           startsWith(line, "Invalidating all ") || startsWith(line, "Clearing all analysis") ||
           startsWith(line, "Skipping pass") || parseLogMessage(line)))
        return false;
      return true;
    case IrState::Pre:
      if (line.empty() || line[0] == '#' || line[0] == '!' || line[0] == ' ')
        return true;
      state_ = lineOpensBody(line) ? IrState::Body : IrState::Post;
      return !parseLogMessage(line) && !startsWith(line, "Traceback");
    case IrState::Body:
      if (!line.empty() && line[0] == '}')
        state_ = IrState::Post;
      return true;
    case IrState::Post:
      if (line.empty() || line[0] == '#')
        return true;
      if (startsWith(line, "{-#")) {
        if (line.find("#-}") == std::string_view::npos)
          state_ = IrState::Resource;
        return true;
      }
      return false;
    case IrState::Resource:
      if (startsWith(line, "#-}"))
        state_ = IrState::Post;
      return true;
    case IrState::None:
      return false;
    }
    return false;
  }

  static bool lineOpensBody(std::string_view line) {
    std::string_view t = trimmed(line);
    return !t.empty() && (t.back() == '{' || t.back() == '(');
  }

  void closeIr(size_t end, IrState endState, uint32_t lastLine) {
    if (state_ == IrState::None)
      return;
    state_ = IrState::None;
    Snapshot &s = out_.snapshots.back();
    uint32_t id = recordIr(s, end, endState, lastLine);
    std::string_view ir = text_.substr(irStart_, end > irStart_ ? end - irStart_ : 0);
    while (!ir.empty() && (ir.back() == '\n' || ir.back() == '\r' || ir.back() == ' '))
      ir.remove_suffix(1);
    s.ir = ir;
    if (s.scope == "(legacy)")
      s.scope = (startsWith(ir, "source_filename") || startsWith(ir, "; ModuleID") || startsWith(ir, "target "))
                    ? "[module]"
                    : "function";
    // A function pass over a helper the kernel calls (`define internal`)
    // names the helper, not a kernel.
    if (s.language == IrLanguage::LlvmIr && !s.kernel.empty() && isHelperFunctionDump(s.ir, s.kernel))
      s.kernel = {};
    if (s.kernel.empty()) {
      // Most passes change nothing: a dump equal to the one before names the
      // same kernel, and so does one that replayed earlier IR.
      if (s.sameIrAs != UINT32_MAX && seen_[id].haveKernel)
        lastKernel_ = seen_[id].kernel;
      else if (!(haveInferred_ && lastLanguage_ == s.language && lastIr_.size() == s.ir.size() && lastIr_ == s.ir))
        lastKernel_ = inferKernel(s);
      if (id != kNoIr) {
        seen_[id].kernel = lastKernel_;
        seen_[id].haveKernel = true;
      }
      haveInferred_ = true;
      lastLanguage_ = s.language;
      lastIr_ = s.ir;
      s.kernel = lastKernel_;
    }
    if (s.kernel.empty())
      s.kernel = s.symbol;
    emit(ChunkResult::Kind::Snapshot, out_.snapshots.size() - 1);
  }

  void emit(ChunkResult::Kind k, size_t index) { out_.events.push_back({k, static_cast<uint32_t>(index)}); }

  void gapLine(std::string_view line) {
    if (inTraceback_) {
      if (!line.empty() && line[0] != ' ' && line[0] != '\t') {
        tb_.exception = trimmed(line);
        finishTraceback();
      } else if (startsWith(skipBlanks(line), "File \"")) {
        tb_.frames.push_back(trimmed(line));
      }
      return;
    }
    if (line.empty())
      return;
    if (startsWith(line, "Traceback (most recent call last):")) {
      inTraceback_ = true;
      tb_ = Traceback{};
      tb_.line = cur_.lineNo();
      return;
    }
    if (auto m = parseLogMessage(line)) {
      m->line = cur_.lineNo();
      // MLIR prints the source line and a caret under an error when it has them.
      size_t save = cur_.pos();
      std::string_view src, caret;
      LineCursor look(full_.substr(begin_ + save));
      if (look.next(src) && look.next(caret) && isCaretLine(caret) && !src.empty()) {
        m->sourceLine = src;
        m->caret = caret;
      }
      emit(ChunkResult::Kind::Message, out_.messages.size());
      out_.messages.push_back(*m);
    }
  }

  void finishTraceback() {
    if (!inTraceback_)
      return;
    inTraceback_ = false;
    emit(ChunkResult::Kind::Traceback, out_.tracebacks.size());
    out_.tracebacks.push_back(std::move(tb_));
  }

  std::string_view full_; // the whole log, for look-ahead past the chunk
  size_t begin_;           // the chunk's offset in it
  std::string_view text_;  // the chunk
  LineCursor cur_;
  ChunkResult out_;
  IrState state_ = IrState::None;
  size_t irStart_ = 0;
  /// IR lines seen in this chunk, for replayIr.
  struct SeenIr {
    size_t begin = 0, end = 0; ///< the lines after the header, in the chunk
    uint32_t lines = 0;        ///< how many
    IrLanguage language = IrLanguage::Mlir;
    IrState endState = IrState::None; ///< the scanner's state after them
    uint32_t snapshot = 0;            ///< the first snapshot that had them (chunk index)
    uint32_t next = UINT32_MAX;       ///< the SeenIr that followed them last time
    bool haveKernel = false;          ///< inferKernel's answer for them is known:
    std::string_view kernel;          ///< this
  };
  static constexpr uint32_t kNoIr = UINT32_MAX;
  static constexpr size_t kMinReplay = 64; ///< shorter IR is scanned: not worth a lookup
  std::vector<SeenIr> seen_;
  /// The latest SeenIrs that began with the same bytes, newest first.
  struct Recent {
    std::array<uint32_t, 8> ids = {kNoIr, kNoIr, kNoIr, kNoIr, kNoIr, kNoIr, kNoIr, kNoIr};
  };
  std::unordered_map<uint64_t, Recent> byPrefix_; ///< by the first kMinReplay bytes

  std::unordered_map<ContentHash, uint32_t, ContentHashKey> byContent_; ///< every SeenIr by its text
  /// A header line seen in this chunk, what parseHeader made of it, and
  /// the header that followed it last time.
  struct KnownHeader {
    std::string_view line;
    Snapshot parsed;
    uint32_t next = UINT32_MAX;
  };
  static constexpr uint32_t kNoHeader = UINT32_MAX;
  std::vector<KnownHeader> headers_;
  std::unordered_map<ContentHash, uint32_t, ContentHashKey> headerIds_;
  uint32_t prevHeader_ = kNoHeader;
  uint32_t prevIr_ = kNoIr;   ///< the SeenIr of the previous snapshot
  uint32_t replay_ = kNoIr;   ///< the SeenIr the current snapshot jumped over
  size_t replayEnd_ = 0;
  bool haveInferred_ = false; // the last IR inferKernel looked at, and what it found
  IrLanguage lastLanguage_ = IrLanguage::Mlir;
  std::string_view lastIr_, lastKernel_;
  bool inTraceback_ = false;
  Traceback tb_;
};

/// Puts the chunks together in log order: shifts line numbers, assigns
/// snapshots to compiles and diagnostics and tracebacks to their compile.
class Assembler {
public:
  /// Makes room for all snapshots, faulting its pages in on all threads.
  void reserve(size_t snapshots, unsigned threads) {
    log_.snapshots.reserve(snapshots);
    prefault(log_.snapshots.data(), snapshots * sizeof(Snapshot), threads);
  }
  void add(ChunkResult &&chunk) {
    uint32_t base = static_cast<uint32_t>(log_.snapshots.size());
    uint32_t shift = log_.lines;
    // One bulk copy (Snapshot is trivially copyable), then the shift.
    log_.snapshots.insert(log_.snapshots.end(), chunk.snapshots.begin(), chunk.snapshots.end());
    for (size_t i = base; i < log_.snapshots.size(); ++i) {
      Snapshot &s = log_.snapshots[i];
      s.headerLine += shift;
      s.irLine += shift;
      if (s.sameIrAs != UINT32_MAX)
        s.sameIrAs += base;
    }
    for (const ChunkResult::Event &e : chunk.events) {
      switch (e.kind) {
      case ChunkResult::Kind::Snapshot:
        assignCompile(base + e.index);
        break;
      case ChunkResult::Kind::Message: {
        LogMessage &m = chunk.messages[e.index];
        m.line += shift;
        Compile &c = attachTarget();
        if (m.severity == "error") {
          c.failed = true;
          closed_ = true; // the pipeline stops; the next dump is another compile
        }
        c.messages.push_back(m);
        break;
      }
      case ChunkResult::Kind::Traceback: {
        Traceback &tb = chunk.tracebacks[e.index];
        tb.line += shift;
        Compile &c = attachTarget();
        c.tracebacks.push_back(std::move(tb));
        c.failed = true;
        closed_ = true;
        break;
      }
      }
    }
    log_.lines += chunk.lines;
  }

  PassLog finish() {
    for (Compile &c : log_.compiles)
      settleFailure(c);
    if (!log_.snapshots.empty() && endsCutShort(log_.snapshots.back()))
      log_.cutSnapshot = static_cast<uint32_t>(log_.snapshots.size() - 1);
    return std::move(log_);
  }

private:
  void assignCompile(size_t idx) {
    Snapshot &s = log_.snapshots[idx];
    // MLIR prints the failed pass's IR after its error: same compile.
    bool fresh = log_.compiles.empty() || (closed_ && s.kind != HeaderKind::MlirAfterFailed);
    if (!fresh) {
      Compile &c = log_.compiles.back();
      if (!s.kernel.empty() && !c.kernel.empty() && s.kernel != c.kernel)
        fresh = true;
      // A pipeline that starts over (the next autotune config, or the same
      // kernel compiled again) repeats the compile's first header.
      else if (s.kind == HeaderKind::MlirBefore && sawLlvm_)
        fresh = true;
      else if (s.kind == HeaderKind::MlirBefore && firstHeader_ == s.header && idx != c.firstSnapshot)
        fresh = true;
    }
    if (fresh) {
      Compile c;
      c.firstSnapshot = static_cast<uint32_t>(idx);
      log_.compiles.push_back(c);
      closed_ = false;
      sawLlvm_ = false;
      firstHeader_ = s.kind == HeaderKind::MlirBefore ? s.header : std::string_view();
    }
    Compile &c = log_.compiles.back();
    if (firstHeader_.empty() && s.kind == HeaderKind::MlirBefore)
      firstHeader_ = s.header;
    if (c.kernel.empty())
      c.kernel = s.kernel;
    if (s.kernel.empty())
      s.kernel = c.kernel;
    if (s.language != IrLanguage::Mlir)
      sawLlvm_ = true;
    s.compile = static_cast<uint32_t>(log_.compiles.size() - 1);
    c.endSnapshot = static_cast<uint32_t>(idx + 1);
    if (s.kind == HeaderKind::MlirAfterFailed) {
      c.failed = true;
      c.failingPass = s.pass;
      c.failedAfterSnapshot = static_cast<uint32_t>(idx);
      closed_ = true;
    }
  }

  /// Messages after a failed compile's last dump belong to it until the next dump.
  Compile &attachTarget() {
    if (log_.compiles.empty()) {
      Compile c;
      log_.compiles.push_back(c);
    }
    return log_.compiles.back();
  }

  /// Names the failing pass: the `Failed` dump, MLIR's "Pipeline failed while
  /// executing [`P` ...]" note, or else the last pass that started.
  void settleFailure(Compile &c) {
    if (!c.failed)
      return;
    if (c.failingPass.empty()) {
      for (const LogMessage &m : c.messages) {
        size_t at = m.message.find("Pipeline failed while executing [`");
        if (at != std::string_view::npos) {
          std::string_view p = m.message.substr(at + 34);
          c.failingPass = p.substr(0, p.find('`'));
        }
      }
    }
    for (uint32_t i = c.endSnapshot; i > c.firstSnapshot; --i) {
      const Snapshot &s = log_.snapshots[i - 1];
      if (s.kind != HeaderKind::MlirBefore)
        continue;
      if (c.failingPass.empty() || s.pass == c.failingPass) {
        c.failingSnapshot = i - 1;
        if (c.failingPass.empty())
          c.failingPass = s.pass;
        break;
      }
    }
  }

  PassLog log_;
  bool closed_ = false;
  bool sawLlvm_ = false;
  std::string_view firstHeader_;
};

/// Where chunk boundaries may go: the start of a header line at or after
/// `from` (the log's end when there is none).
size_t nextHeaderStart(std::string_view text, size_t from) {
  static constexpr std::string_view kStarts[] = {"\n// -----// ", "\n; *** IR Dump ", "\n# *** IR Dump ",
                                                 "\n*** IR Dump "};
  size_t pos = from;
  while (pos < text.size()) {
    size_t best = text.size();
    for (std::string_view k : kStarts) {
      size_t at = findFast(text.substr(0, best), k, pos);
      if (at != std::string_view::npos && at < best)
        best = at;
    }
    if (best == text.size())
      return best;
    size_t lineStart = best + 1;
    size_t lineEnd = text.find('\n', lineStart);
    std::string_view line = text.substr(lineStart, (lineEnd == std::string_view::npos ? text.size() : lineEnd) - lineStart);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    if (parseHeader(line))
      return lineStart;
    pos = lineStart;
  }
  return text.size();
}

} // namespace

std::optional<Snapshot> parseHeader(std::string_view line) {
  if (startsWith(line, kMlirPrefix))
    return parseMlirHeader(line);
  if (startsWith(line, "; *** IR Dump "))
    return parseLlvmHeader(line);
  if (startsWith(line, "# *** IR Dump "))
    return parseMachineHeader(line);
  if (startsWith(line, "*** IR Dump ")) {
    // The legacy pass manager of LLVM's codegen prints IR-level dumps bare.
    return parseLegacyHeader(line);
  }
  return std::nullopt;
}

std::optional<LogMessage> parseLogMessage(std::string_view line) {
  // file:L:C: severity: message — the file may hold ':' only before L.
  static constexpr std::string_view kSeverities[] = {": error: ", ": warning: ", ": note: ",
                                                     ": remark: "};
  if (line.empty() || line[0] == ' ')
    return std::nullopt;
  // Every message has a digit (the column) right before ": severity: ".
  // Most lines between dumps (LLVM's pass trace, Python output) have none
  // and are turned away in one pass instead of four searches.
  size_t colon = line.find(": ");
  while (colon != std::string_view::npos && !(colon > 0 && line[colon - 1] >= '0' && line[colon - 1] <= '9'))
    colon = line.find(": ", colon + 1);
  if (colon == std::string_view::npos)
    return std::nullopt;
  for (std::string_view sev : kSeverities) {
    size_t at = line.find(sev);
    if (at == std::string_view::npos)
      continue;
    std::string_view loc = line.substr(0, at);
    // loc must end in :digits:digits
    size_t c2 = loc.rfind(':');
    if (c2 == std::string_view::npos || c2 + 1 >= loc.size())
      continue;
    size_t c1 = loc.rfind(':', c2 - 1);
    if (c1 == std::string_view::npos || c1 == 0)
      continue;
    auto allDigits = [](std::string_view d) {
      if (d.empty())
        return false;
      for (char ch : d)
        if (ch < '0' || ch > '9')
          return false;
      return true;
    };
    if (!allDigits(loc.substr(c1 + 1, c2 - c1 - 1)) || !allDigits(loc.substr(c2 + 1)))
      continue;
    LogMessage m;
    m.location = loc;
    m.severity = sev.substr(2, sev.size() - 4);
    m.message = line.substr(at + sev.size());
    return m;
  }
  return std::nullopt;
}

PassLog splitPassLog(std::string_view text, unsigned threads, size_t chunkBytes) {
  // Chunks (several per thread on a large log, for balance), each starting at
  // a header line; scanned in parallel, assembled in order.
  threads = workerCount(threads);
  std::vector<size_t> cuts = {0};
  chunkBytes = std::max<size_t>(chunkBytes, 1);
  if (threads > 1)
    while (cuts.back() + chunkBytes < text.size()) {
      size_t at = nextHeaderStart(text, cuts.back() + chunkBytes);
      if (at >= text.size())
        break;
      cuts.push_back(at);
    }
  cuts.push_back(text.size());
  std::vector<ChunkResult> chunks(cuts.size() - 1);
  parallelFor(chunks.size(), threads, [&](size_t i) { chunks[i] = Splitter(text, cuts[i], cuts[i + 1]).run(); }, 1);
  Assembler assembler;
  size_t total = 0;
  for (const ChunkResult &c : chunks)
    total += c.snapshots.size();
  assembler.reserve(total, threads);
  for (ChunkResult &c : chunks)
    assembler.add(std::move(c));
  return assembler.finish();
}

} // namespace tscope::dumps
