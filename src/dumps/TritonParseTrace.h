// TritonParseTrace: reads the NDJSON traces tritonparse writes (plain, gzip
// or zstd; one JSON event per line) and lays each compile out as a Triton
// cache folder (`<hash>/<kernel>.ttir|ttgir|llir|ptx|json`), with each
// compile's launch events as a tscope.launch/1 `launches.jsonl` beside its IR,
// so every command that reads a cache reads a trace the same way.
//
// The trace is streamed: one event (one line) is held at a time, parsed with
// nlohmann-json's SAX interface, and the IR strings are written out as they
// come, so memory follows the largest event, not the trace.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace tscope::dumps {

/// One compilation event as read: where its files went and how long Triton
/// took over each stage (the `times` tritonparse records, in microseconds).
/// Written one line per compile beside the kernels, not held: a trace of many
/// thousand compiles keeps memory flat.
struct TraceCompile {
  std::string folder; ///< folder name under TraceSummary::dir
  std::string kernel;
  std::vector<std::string> stages;                       ///< file names written, in the trace's order
  std::vector<std::pair<std::string, int64_t>> timesUs; ///< "init", then each lowering stage, then "store"
};

/// What reading a trace found.
struct TraceSummary {
  std::string trace;           ///< the trace file as given
  std::string dir;             ///< the cache-shaped folder its kernels were written to
  size_t events = 0;           ///< lines that held an event
  size_t compiles = 0;         ///< compilation events written as kernel folders
  size_t launches = 0;         ///< launch events written as launch records
  size_t otherEvents = 0;      ///< events of other types (autotune, ...), skipped
  std::vector<std::string> warnings; ///< "TRACE:LINE: why" for each event that could not be used
};

/// True when `path` is a file whose first event (after decompression) is a
/// JSON object with an "event_type" key: a tritonparse trace.
bool isTritonParseTrace(const std::string &path);

/// Reads `trace` and writes its compiles under `outDir` (created; must not
/// hold another trace's kernels). Nullopt with `error` set when the trace
/// cannot be read at all; events it cannot use are warnings.
std::optional<TraceSummary> extractTrace(const std::string &trace, const std::string &outDir,
                                         std::string &error);

/// The cache-shaped folder that stands for `trace`: extracted once into
/// $TMPDIR/tscope-<uid>/traces/<name>-<key> (key: the trace's real path, size
/// and modification time) and reused while the trace is unchanged. Nullopt
/// with `error` set when it cannot be read or written.
std::optional<TraceSummary> traceAsCache(const std::string &trace, std::string &error);

/// `tscope passes TRACE`: a trace holds each compile's stages, not its
/// passes; prints per compile (read back from the trace's folder) the stages
/// kept and the time Triton spent on each, the slowest compile marked;
/// `kernelGlob` (`--kernel`) keeps the compiles of the kernels it matches.
void writeTraceStages(std::ostream &os, const TraceSummary &s, const std::string &kernelGlob = {});

/// The kernel name of each compile of the trace, in order.
std::vector<std::string> traceKernelNames(const TraceSummary &s);

/// One line for the user: "TRACE: tritonparse trace, N compiles, M launches
/// (read into DIR)".
std::string describeTrace(const TraceSummary &s);

} // namespace tscope::dumps
