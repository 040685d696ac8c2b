// CheckInputs: what `tscope check` and `tscope report` read — the PATHs given
// (TTGIR/MLIR files, TRITON_KERNEL_DUMP dirs, Triton caches, `tscope run`
// outputs) resolved to one TTGIR file per kernel, each with the launch record
// that applies to it.
#pragma once

#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "checks/tma/TmaBounds.h"
#include "dumps/DumpIndex.h"

namespace tscope::driver {

/// One IR file to check.
struct CheckInput {
  std::string path;     ///< as reached from the PATH given
  std::string launches; ///< launch record (launches.jsonl) for the TMA check; empty when none
};

/// The resolved inputs of a run.
struct InputSet {
  std::vector<CheckInput> files;
  std::vector<std::string> errors; ///< "PATH: why" for each PATH that gave nothing
  std::vector<std::string> notes;  ///< e.g. "PATH: same IR as OTHER, checked once"
};

/// What narrows and orders the kernels of the PATHs (`--kernel`, and the
/// newest-first order of the default cache).
struct InputFilter {
  std::string kernelGlob; ///< `--kernel`: a shell glob over kernel names; empty: every kernel
  bool newestFirst = false; ///< kernels of a directory by modification time, newest first
};

/// `--kernel GLOB` over a kernel name (dumps/DumpIndex.h: the one matcher).
using dumps::kernelNameMatches;

/// The kernel names (`tt.func public @NAME`, `llvm.func @NAME`) of an IR
/// file's text, for `--kernel` on a file given by path.
std::vector<std::string> kernelNamesInText(std::string_view text);

/// The folders tscope reads when a command is given no PATH: $TRITON_DUMP_DIR
/// (when set), then $TRITON_CACHE_DIR or, when unset, ~/.triton/cache; only
/// those that are directories. `looked` says what was tried, for the message
/// when none exists.
struct DefaultInputs {
  std::vector<std::string> dirs;
  std::string looked;
};
DefaultInputs defaultInputDirs();

/// The one line on stderr that says which folders a command read by default
/// ("tscope: no PATH given; reading the Triton cache /home/u/.triton/cache
/// (newest kernels first)"), or the error when none exists. False when none.
bool announceDefaultInputs(const DefaultInputs &d, std::ostream &err);

/// Resolves `paths`. A file is taken as is; a directory is indexed as a dump
/// or cache (every kernel folder with a .ttgir), or, when it holds no kernel
/// folders, its own *.ttgir files. `launches` (when not empty) applies to
/// every file; otherwise a launches.jsonl in the file's folder, or in the
/// directory given, is used. Files with byte-identical contents (the same
/// kernel in a dump and its cache) are checked once.
/// `filter` keeps the kernels whose name matches `--kernel` (a kernel
/// folder's kernel, or a file's functions) and orders each directory's
/// kernels newest first when asked.
InputSet collectInputs(const std::vector<std::string> &paths, const std::string &launches,
                       const InputFilter &filter = {});

/// The launch record (launches.jsonl) in the folder of `file`, or "" when
/// there is none (`tscope check` and `tscope tma` both look there).
std::string launchRecordBeside(const std::string &file);

/// Descriptor shapes given on the command line: name -> shape, outermost first.
using DescShapes = std::map<std::string, std::vector<int64_t>>;

/// Parses `--desc NAME=D0xD1...` (positive decimal dimensions).
std::optional<std::pair<std::string, std::vector<int64_t>>> parseDescShape(std::string_view text);

/// The TMA launches of a launch record: each line's kernel, grid, integer
/// arguments and descriptor shapes, origin "PATH:LINE"; `desc` adds to (and
/// overrides) every launch's descriptor shapes. Unreadable lines go to `errors`.
std::vector<checks::TmaLaunch> readTmaLaunches(const std::string &path, const DescShapes &desc,
                                               std::vector<std::string> &errors);

} // namespace tscope::driver
