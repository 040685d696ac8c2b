// PassCheckRender: the views of `tscope passes LOG --check` over one model
// (built by driver/PassCheck): the verdict timeline of each compile and the
// passes after which a finding appears or disappears, as text, JSON, and the
// HTML strip `report --passes` shows above the pass table.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "checks/Finding.h"
#include "support/SourceBuffer.h"

namespace tscope::render {

/// One checked snapshot: the pass whose output it is.
struct PassCheckStep {
  std::string pass, arg;          ///< the pass that produced the IR ("" for the first one checked)
  size_t row = 0;                 ///< 1-based row of that pass in the compile's pass table (0: none)
  uint32_t headerLine = 0;        ///< log line of the snapshot's header
  std::string verdict;            ///< "clean", "findings", "not-verified", "unparsed", "cut"
  std::vector<std::string> ids;   ///< check ids of its errors and warnings, sorted, unique
  std::string reason;             ///< why not verified / unparsed
  bool shared = false;            ///< same IR as an earlier snapshot: its result was reused
  size_t result = 0;              ///< which distinct IR's check it is (steps of one IR share it)
  double ms = 0;                  ///< that check's parse and check time
};

/// A finding that appears or disappears.
struct PassCheckEvent {
  bool appears = true;
  bool fromStart = false;  ///< present in the first snapshot checked: no pass named
  bool uncertain = false;  ///< a snapshot around it was not decided
  size_t step = 0;         ///< index into steps
  std::string key;         ///< the finding's identity across snapshots
  checks::Finding finding; ///< in the log (after the pass; before it when it disappears)
  std::string excerpt;     ///< hunks of the pass's diff touching the finding's lines
  bool nearest = false;    ///< no hunk touches them: the nearest hunk
  std::string diffId;      ///< anchor of the pass's diff in the HTML report ("" when none)
};

/// One compile's timeline.
struct PassCheckCompile {
  size_t index = 0; ///< 1-based compile number as `tscope passes` prints it
  std::string kernel;
  bool failed = false;
  size_t ttgirSnapshots = 0, before = 0;
  std::vector<PassCheckStep> steps;
  std::vector<PassCheckEvent> events;
  /// The first event that names a pass (an error or warning appearing), or -1.
  long breaking = -1;
};

/// The whole check of a log.
struct PassCheckView {
  std::string log;
  std::vector<PassCheckCompile> compiles;
  size_t snapshots = 0;  ///< snapshots on the timelines
  size_t distinct = 0;   ///< distinct IR texts checked
  double checkMs = 0, cpuMs = 0;
  bool cut = false;      ///< the log ends inside a dump
};

/// The timeline and events as text; `logBuf` (may be null) quotes IR lines.
void passCheckText(std::ostream &os, const PassCheckView &v, const support::SourceBuffer *logBuf);

/// `--timing`: the `n` distinct snapshots whose check cost most, costliest
/// first, each named by its first step (pass row, log line, kernel).
void passCheckCostliest(std::ostream &os, const PassCheckView &v, size_t n = 10);

/// The JSON document (schema tscope.passes-check/1) with the shared `findings` array.
nlohmann::json passCheckJson(const PassCheckView &v);

/// The HTML strip: one cell per checked snapshot, the breaking pass marked
/// and linked to its diff (`#<diffId>`), and the events below.
void passCheckStrip(std::ostream &os, const PassCheckView &v);

/// True when some checked snapshot has an error or warning (also one that is
/// otherwise not verified); the exit status follows it.
bool passCheckFailed(const PassCheckView &v);

} // namespace tscope::render
