// PassLog: splits a compiler log (MLIR_ENABLE_DUMP "IR Dump Before" blocks,
// LLVM print-after-all, NVPTX dumps, diagnostics, Python tracebacks) into IR
// snapshots grouped by compile. Every string_view points into the log text.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace tscope::dumps {

/// Which header opened a snapshot.
enum class HeaderKind : uint8_t {
  MlirBefore,      ///< `// -----// IR Dump Before P (arg) ('op' operation) //----- //`
  MlirAfter,       ///< `// -----// IR Dump After P (arg) ...`
  MlirAfterFailed, ///< `// -----// IR Dump After P Failed (arg) ...`
  MlirInternal,    ///< `// -----// SoftwarePipeliner internal IR Dump After: Step`
  LlvmBefore,      ///< `; *** IR Dump Before P on scope ***`
  LlvmAfter,       ///< `; *** IR Dump After P on scope ***`
  MachineAfter,    ///< `# *** IR Dump After Pass name (arg) ***:`
  Nvptx,           ///< `// -----// NVPTX Dump //----- //`
};

/// Short lower-case name of a header kind ("before", "after", ...).
const char *headerKindName(HeaderKind k);

/// The IR language a snapshot holds, which decides how ops are counted.
enum class IrLanguage : uint8_t { Mlir, LlvmIr, MachineIr, Ptx };

/// One IR dump in the log.
struct Snapshot {
  HeaderKind kind = HeaderKind::MlirBefore;
  IrLanguage language = IrLanguage::Mlir;
  bool omitted = false;        ///< LLVM's "omitted because no change"
  uint32_t headerLine = 0;     ///< 1-based line of the header
  uint32_t irLine = 0;         ///< 1-based line of the first IR byte
  uint32_t compile = 0;        ///< index into PassLog::compiles
  uint32_t sameIrAs = UINT32_MAX; ///< an earlier snapshot whose IR the split found byte-identical (if any)
  std::string_view header;     ///< the header line
  std::string_view pass;       ///< "Canonicalizer", "NVPTX Assembly Printer", ...
  std::string_view arg;        ///< "canonicalize" (empty when not printed)
  std::string_view scope;      ///< "builtin.module", "tt.func", "[module]", "axpy_kernel"
  std::string_view symbol;     ///< `@f` of an op-scoped MLIR dump, without the `@`
  std::string_view kernel;     ///< the kernel the IR belongs to (may be empty)
  std::string_view ir;         ///< IR text: header and trailing non-IR lines excluded
};

/// One `file:line:col: error|warning|note|remark: message` line, with the
/// source line and caret that MLIR prints after it when it has them.
struct LogMessage {
  uint32_t line = 0;
  std::string_view location; ///< "k.py:32:33"
  std::string_view severity; ///< "error", "warning", "note", "remark"
  std::string_view message;
  std::string_view sourceLine; ///< the Python line, when printed
  std::string_view caret;      ///< the `^` line, when printed
};

/// A Python traceback: its frames (`File "x.py", line N, in f`) and final line.
struct Traceback {
  uint32_t line = 0;
  std::vector<std::string_view> frames; ///< the `File ...` lines, trimmed
  std::string_view exception;           ///< e.g. "RuntimeError: PassManager::run failed"
};

/// One run of the compiler over one kernel: consecutive snapshots of one
/// kernel up to a restart of the pipeline or a failure.
struct Compile {
  std::string_view kernel;
  uint32_t firstSnapshot = 0; ///< index into PassLog::snapshots
  uint32_t endSnapshot = 0;   ///< one past the last
  std::vector<LogMessage> messages;
  std::vector<Traceback> tracebacks;
  bool failed = false;
  std::string_view failingPass;             ///< pass name of the failure, when known
  std::optional<uint32_t> failingSnapshot;  ///< the `Before` snapshot of the failing pass
  std::optional<uint32_t> failedAfterSnapshot; ///< the `After ... Failed` snapshot
};

/// The split log.
struct PassLog {
  std::vector<Snapshot> snapshots;
  std::vector<Compile> compiles;
  uint32_t lines = 0; ///< lines in the log
  /// The last dump, when the log ends inside it (a crashed or cut compile):
  /// its IR is incomplete, so what the pass before it changed is unreliable.
  std::optional<uint32_t> cutSnapshot;
};

/// True when `s`'s IR ends inside a brace-delimited body (MLIR, LLVM IR and
/// PTX close every `{` they open; a dump cut short leaves one open).
bool endsInsideBody(const Snapshot &s);

/// True when `s`'s IR stops short of its end: a brace left open
/// (endsInsideBody), an MLIR `#loc` alias used but not defined (MLIR prints
/// the definitions after the module), an LLVM module whose `!N` metadata or
/// `#N` attribute groups are used but not defined (both come last), or
/// machine IR without its `# End machine code for function` line.
bool endsCutShort(const Snapshot &s);

/// True for a function that LLVM's function passes visit but that is not a
/// kernel: CUDA's libdevice (`__nv_*`), internal helpers, LLVM intrinsics. Their
/// dumps belong to the compile they appear in.
bool isLibraryFunction(std::string_view name);

/// Splits `text` on `threads` threads (0: all cores), in chunks of about
/// `chunkBytes` that start at header lines; the result does not depend on
/// either. Never fails: text that is not a recognised header, IR, diagnostic
/// or traceback is skipped.
PassLog splitPassLog(std::string_view text, unsigned threads = 0, size_t chunkBytes = size_t(64) << 20);

/// Parses one header line; nullopt when `line` is not a header.
std::optional<Snapshot> parseHeader(std::string_view line);

/// Parses `file:line:col: severity: message`; nullopt when `line` is not one.
std::optional<LogMessage> parseLogMessage(std::string_view line);

} // namespace tscope::dumps
