// CheckInputs: what `tscope check` and `tscope report` read — the PATHs given
// (TTGIR/MLIR files, TRITON_KERNEL_DUMP dirs, Triton caches, `tscope run`
// outputs) resolved to one TTGIR file per kernel, each with the launch record
// that applies to it.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checks/tma/TmaBounds.h"

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

/// Resolves `paths`. A file is taken as is; a directory is indexed as a dump
/// or cache (every kernel folder with a .ttgir), or, when it holds no kernel
/// folders, its own *.ttgir files. `launches` (when not empty) applies to
/// every file; otherwise a launches.jsonl in the file's folder, or in the
/// directory given, is used. Files with byte-identical contents (the same
/// kernel in a dump and its cache) are checked once.
InputSet collectInputs(const std::vector<std::string> &paths, const std::string &launches);

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
