// Parser: MLIR text (pretty form of any dialect, and generic form) -> Module.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "ir/Module.h"
#include "support/Diagnostics.h"

namespace tscope::ir {

/// How parseModule may spread a file over threads (docs/Parser.md "Parallel
/// parse"); the result is the same either way.
struct ParseOptions {
  /// Files smaller than this are parsed on one thread (starting threads
  /// costs more than it saves).
  static constexpr size_t kMinSplitBytes = size_t(4) << 20;
  /// Threads to use: 0 = the TSCOPE_THREADS environment variable when set,
  /// else every core; 1 = serial.
  unsigned threads = 0;
  /// Smallest file parsed in parallel; the TSCOPE_PARSE_SPLIT_MIN
  /// environment variable (bytes) overrides it, for tests.
  size_t minSplitBytes = kMinSplitBytes;
};

/// Parses a whole file. Errors go to `diags` with file:line:col; the returned
/// Module always holds what could be read (a chunk with an error keeps the ops
/// parsed before it). Never throws on bad input. Large files of several
/// `// -----` chunks are parsed on several threads with the same result.
std::unique_ptr<Module> parseModule(std::unique_ptr<support::SourceBuffer> buf,
                                    support::Diagnostics &diags,
                                    const ParseOptions &options = {});

namespace detail {
/// For tests: parses in units that start at `starts` (0 first, ascending)
/// on `threads` threads, whether or not they are chunk starts; a unit that
/// does not end where the next one starts sends the file to the serial
/// parse, as parseModule does. `*inUnits` tells whether the units stood.
std::unique_ptr<Module> parseModuleInUnits(std::unique_ptr<support::SourceBuffer> buf,
                                           support::Diagnostics &diags, unsigned threads,
                                           const std::vector<uint32_t> &starts, bool *inUnits);
} // namespace detail

} // namespace tscope::ir
