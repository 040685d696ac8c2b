// Bindings: the concrete inputs of one launch — function arguments by name,
// the program id and the grid — and their resolution against a function.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interp/Scalar.h"

namespace tscope::interp {

class Program;

/// Function arguments by name, the program id and the number of programs.
struct Bindings {
  /// One `NAME=VALUE`. NAME is an SSA name (`%K`) or a bare name (`K`),
  /// which matches the argument `%K` or else the one argument whose NameLoc
  /// is "K" (Triton writes `%K: i32 loc("K"(#loc1))`).
  struct Arg {
    std::string name;  ///< `K` or `%K`
    int64_t value = 0; ///< wrapped to the argument's width when bound
  };
  std::vector<Arg> args;                     ///< in the order given
  std::array<int64_t, 3> programId{0, 0, 0}; ///< tt.get_program_id x, y, z
  /// tt.get_num_programs; unknown when not set.
  std::optional<std::array<int64_t, 3>> numPrograms;

  /// Adds NAME=VALUE.
  Bindings &set(std::string name, int64_t value) {
    args.push_back({std::move(name), value});
    return *this;
  }
};

/// Parses `NAME=V`, V decimal (optionally negative) or 0x hexadecimal.
std::optional<Bindings::Arg> parseArgBinding(std::string_view text);

/// Parses `X`, `X,Y` or `X,Y,Z` (non-negative); missing axes get `fill`.
std::optional<std::array<int64_t, 3>> parseDim3(std::string_view text, int64_t fill);

/// The value of each argument of the program's function body, in order:
/// bound ones known (the value must fit the argument's width, signed or
/// unsigned), others unknown (Reason::Unbound, non-integers NotInteger).
/// Each name that matches nothing, matches several integer arguments, names
/// a non-integer argument, is bound twice, or whose value does not fit, is
/// reported in `errors` (when given) and otherwise ignored.
std::vector<Scalar> bindArguments(const Program &program, const Bindings &bindings,
                                  std::vector<std::string> *errors);

} // namespace tscope::interp
