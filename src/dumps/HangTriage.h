// HangTriage: after a run that had to be ended by --timeout (the usual sign
// of an mbarrier deadlock), hands the run's TTGIR to a deadlock check.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "dumps/DumpIndex.h"

namespace tscope::dumps {

/// A deadlock check over TTGIR files (newest first); returns an exit status
/// (0 no deadlock found, 1 deadlock found, 2 could not check).
using DeadlockCheck = int (*)(const std::vector<std::string> &ttgirPaths, std::ostream &os);

/// The TTGIR files of an indexed run, newest first (ties by path).
std::vector<std::string> runTtgirFiles(const DumpIndex &idx);

/// The check used until tscope has a deadlock checker: says so, lists the
/// files it would read, and returns 2. It gives no verdict.
int deadlockCheckUnavailable(const std::vector<std::string> &ttgirPaths, std::ostream &os);

} // namespace tscope::dumps
