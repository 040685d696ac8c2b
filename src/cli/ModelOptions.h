// ModelOptions: the bounds shared by the commands that explore interleavings
// (`tscope deadlock`, `tscope races`, `tscope check`, `tscope report`): --arg,
// --grid, --try, --trips, --max-states, --proof-states, --max-memory, --no-proof, --no-reduction; and the one
// place every command that takes --arg or --grid checks them (names against
// the kernels' arguments, numbers against their ranges).
#pragma once

#include <CLI/CLI.hpp>
#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "checks/deadlock/ModelChecker.h"
#include "cli/Command.h"
#include "driver/CheckInputs.h"
#include "interp/Bindings.h"
#include "ir/Module.h"

namespace tscope::cli {

/// The options as given on the command line (signed, so that a negative
/// number reaches the range check instead of wrapping).
struct ModelCliOptions {
  std::string grid;
  std::vector<std::string> args;
  std::vector<int64_t> tryValues;
  int64_t trips = 0;
  bool tripsGiven = false;
  int64_t maxStates = 1'000'000;
  int64_t proofStates = 80'000;
  bool noProof = false;
  bool noReduction = false;
  int64_t maxMemoryMb = 4096;
  double timeoutSeconds = 0;
};

/// Registers the options on `app`, storing into `o`.
void addModelOptions(CLI::App &app, ModelCliOptions &o);

/// The checker's bounds; nullopt (after an error on stderr) for a malformed
/// --arg or --grid or a number out of range. Argument names are checked
/// later, against the IR (checkArgNames).
std::optional<checks::DeadlockOptions> toDeadlockOptions(const ModelCliOptions &o);

/// Parses `--grid X[,Y,Z]`: every axis a whole number >= 1. Prints why not
/// (naming `option`) and returns nullopt otherwise.
std::optional<std::array<int64_t, 3>> parseGridOption(const std::string &text, const char *option = "--grid");

/// Parses each `--arg NAME=VALUE`; prints why not and returns nullopt on the first malformed one.
std::optional<std::vector<interp::Bindings::Arg>> parseArgOptions(const std::vector<std::string> &args);

/// One argument of a function, as `--arg` can name it.
struct ArgumentName {
  std::string ssa;    ///< `%ynumel`, `%arg3`
  std::string python; ///< the NameLoc Triton wrote (`ynumel`), empty when none
  std::string type;   ///< `i32`, `!tt.ptr<f32>`
  bool integer = false; ///< an integer of at most 64 bits: the only kind `--arg` binds
};

/// The arguments of one function of a module.
struct FunctionArguments {
  const ir::Operation *function = nullptr;
  std::string symbol; ///< `@kernel`
  std::vector<ArgumentName> args;
};

/// Every function with a body (`tt.func`, `llvm.func`, ...) in file order,
/// with its arguments.
std::vector<FunctionArguments> functionArguments(const ir::Module &m);

/// The `@name` of a function op: after `@` in the pretty form, `sym_name` in
/// the generic one; `@?` when neither is there.
std::string functionSymbol(const ir::Module &m, const ir::Operation &f);

/// The arguments of `f` that `--arg` NAME binds, resolved as
/// interp::bindArguments does: the SSA name (`%x`, or `x` for `%x`); failing
/// that, for a bare name, the arguments whose Python name (NameLoc) is `x`.
std::vector<const ArgumentName *> argumentsNamed(std::string_view name, const FunctionArguments &f);

/// Checks each binding's name against the arguments of every function of
/// `modules`: a name that some function has as an integer argument is fine;
/// one that names no argument, or only non-integer ones, is an error on `err`
/// with the integer arguments listed (and the nearest name, when one is
/// close). `where` names the input in the message. False on any error.
bool checkArgNames(const std::vector<const ir::Module *> &modules, const std::vector<interp::Bindings::Arg> &bindings,
                   const std::string &where, std::ostream &err);

/// checkArgNames over the TTGIR files that `tscope check`/`report` would
/// read from `paths` (parsed quietly; their own errors are reported by the
/// run). Does nothing (true) when there are no bindings or no file parses.
bool checkArgNamesInPaths(const std::vector<std::string> &paths, const std::string &launches,
                          const std::vector<interp::Bindings::Arg> &bindings, std::ostream &err,
                          const driver::InputFilter &filter = {});

/// The checks of `--arg` and `--grid` for a command that reads them itself
/// (`tscope tma`): the names against `m`'s arguments (checkArgNames), every
/// grid axis >= 1. False after printing why.
bool checkLaunchOptions(const ir::Module &m, const std::string &file, const std::vector<std::string> &args,
                        const std::string &grid);

class FindingsOutput;

/// What a model-checking command does with its parsed file once the bounds
/// are read and the argument names checked: its kernels and findings go to
/// `out` (which applies --format, --kernel and --disable).
using ModelRun = int (*)(const ir::Module &m, FindingsOutput &out, const checks::DeadlockOptions &opts);

/// A command over one TTGIR file with the model's bounds, `--format
/// text|json|sarif`, `--disable`, `--kernel`, `--source-root`/`--prefix-map`
/// (`tscope deadlock`, `tscope races`); `schema` names its JSON document.
Command modelCommand(const char *name, const char *description, const char *schema, ModelRun run);

} // namespace tscope::cli
