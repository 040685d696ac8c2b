// DumpIndex: what a Triton dump directory (TRITON_DUMP_DIR), cache
// (TRITON_CACHE_DIR) or `tscope run` output holds — kernels × stages, sizes,
// configs, and how far a failed compile got.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dumps/KernelMetadata.h"

namespace tscope::dumps {

/// Compiler stages in pipeline order, plus the files written beside them.
enum class Stage : uint8_t { Source, Ttir, Ttgir, Llir, Ptx, Cubin, Sass, Json, Count };

/// File extension of a stage ("ttgir").
const char *stageName(Stage s);

/// One `<hash>/` folder holding one kernel's stages.
struct KernelEntry {
  std::string dir;    ///< path of the folder, as reached from the root given
  std::string hash;   ///< folder name
  std::string kernel; ///< file stem
  std::array<int64_t, static_cast<size_t>(Stage::Count)> bytes; ///< -1 when absent
  bool hasGroup = false;                 ///< `__grp__<kernel>.json` present (cache)
  std::vector<std::string> groupMissing; ///< files the group lists that are not here
  std::optional<KernelMetadata> meta;
  std::string metaError;
  int numWarps = 0;  ///< from metadata, else the TTGIR's ttg.num-warps
  bool complete = false;
  std::string status; ///< "complete", "stopped after ttir (ttgir missing)", ...

  KernelEntry() { bytes.fill(-1); }
  /// True when the stage's file exists.
  bool has(Stage s) const { return bytes[static_cast<size_t>(s)] >= 0; }
  /// Path of the stage's file (which may not exist).
  std::string path(Stage s) const;
};

/// One indexed directory.
struct IndexSection {
  std::string path;
  bool isCache = false; ///< Triton cache (metadata and groups) rather than a dump dir
  std::vector<KernelEntry> entries; ///< by kernel, then hash
  size_t otherDirs = 0;             ///< folders without kernel stages (launcher builds, ...)
  std::vector<std::string> notes;   ///< facts worth saying (e.g. shared dump folders)
};

/// The index of a directory: one section, or two for a `tscope run` output
/// (its dump/ and cache/).
struct DumpIndex {
  std::vector<IndexSection> sections;
};

/// Indexes `root`; nullopt with `error` set when it is not a readable directory.
std::optional<DumpIndex> indexDirectory(const std::string &root, std::string &error);

/// True when the kernel name `name` matches `--kernel GLOB` (a shell glob:
/// fnmatch's `*`, `?`, `[...]`); an empty glob matches every kernel. Every
/// command's --kernel goes through this one matcher.
bool kernelNameMatches(const std::string &glob, const std::string &name);

/// Indexes one dump or cache directory.
IndexSection indexSection(const std::string &dir);

} // namespace tscope::dumps
