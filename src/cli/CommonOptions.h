// CommonOptions: the options several commands share, spelled once: the kernel
// filter and the Python path mapping of every command that reads IR, the
// findings options (--format, --disable) of every command that prints
// findings, the default inputs when no PATH is given, and the old spellings
// of renamed options (kept one release, with a note on stderr).
#pragma once

#include <CLI/CLI.hpp>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "driver/CheckInputs.h"
#include "ir/Module.h"
#include "kernel/Kernel.h"

namespace tscope::cli {

/// Registers `oldName` as a hidden spelling of `newName` that stores into
/// the same variable and prints one line on stderr when used.
template <class T>
void addDeprecatedAlias(CLI::App &app, const std::string &oldName, const std::string &newName, T &target) {
  app.add_option(oldName, target)
      ->group("") // hidden from --help
      ->each([oldName, newName](const std::string &) {
        std::cerr << "note: " << oldName << " is deprecated, use " << newName
                  << " (the old spelling will be removed in the next release)\n";
      });
}

/// `--source-root DIR` and `--prefix-map OLD=NEW` (driver/SourcePaths.h).
struct SourceCliOptions {
  std::string sourceRoot;
  std::vector<std::string> prefixMaps;
};
void addSourceOptions(CLI::App &app, SourceCliOptions &o);
/// Sets the process's source path map; false after an error on stderr.
bool applySourceOptions(const SourceCliOptions &o);

/// `--format`, `--disable` and `--kernel` of a command that prints findings.
struct FindingsCliOptions {
  std::string format = "text";
  std::string kernel;
  std::vector<std::string> disabled;
  SourceCliOptions source;
};
/// Registers them; `formats` are the values --format takes (the first is the default).
void addFindingsOptions(CLI::App &app, FindingsCliOptions &o, const std::vector<std::string> &formats);
/// The --disable ids checked against the registry (every id `tscope check
/// --list-checks` prints) and the source options applied; nullopt after an error.
std::optional<std::set<std::string>> checkFindingsOptions(const FindingsCliOptions &o);

/// `--kernel GLOB` (the help says what it matches).
CLI::Option *addKernelOption(CLI::App &app, std::string &glob);

/// With `--kernel GLOB` given: true when one of `kernels` (the kernel names
/// PATH holds) matches it; otherwise says so on stderr ("PATH: error: no
/// kernel matches --kernel GLOB (its kernels: a, b)") and returns false, and
/// the command exits 2. True when no glob is given.
bool requireKernelMatch(const std::string &glob, const std::vector<std::string> &kernels, const std::string &path);
/// The same over the kernels (public functions) of a parsed IR file.
bool requireKernelMatch(const std::string &glob, const ir::Module &m, const std::string &path);
/// The same over kernels already built from a file.
bool requireKernelMatch(const std::string &glob, const std::vector<kernel::Kernel> &kernels, const std::string &path);

/// The PATHs a command reads: those given, or (none given) the Triton dump
/// folder and cache (driver::defaultInputDirs), announced on stderr; then the
/// kernels of each directory newest first. False (after an error) when no
/// PATH was given and no default folder exists.
bool resolveInputPaths(std::vector<std::string> &paths, driver::InputFilter &filter);

} // namespace tscope::cli
