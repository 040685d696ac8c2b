// ChildProcess: runs the user's command in its own process group with its
// output in files (and, when asked, shown live), and ends the whole group on a timeout or Ctrl-C.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tscope::dumps {

/// How to run the child.
struct ChildOptions {
  std::vector<std::string> argv;                           ///< argv[0] is looked up in PATH
  std::vector<std::pair<std::string, std::string>> env;     ///< set on top of ours
  std::string stdoutPath, stderrPath;                       ///< created (truncated)
  double timeoutSeconds = 0;                                ///< 0: none
  double graceSeconds = 3;                                  ///< between the polite signal and SIGKILL
  /// Also show the output live: the child's stdout copied to ours (fd 1) and
  /// its stderr to ours (fd 2) as it comes, besides the files.
  bool echo = false;
};

/// How it ended.
struct ChildResult {
  bool started = false;
  std::string error;        ///< why it could not start
  int exitCode = -1;        ///< when it exited
  int termSignal = 0;       ///< when a signal ended it
  bool timedOut = false;    ///< ended by us after the timeout
  bool interrupted = false; ///< ended by us after SIGINT/SIGTERM reached tscope
  bool needsKill = false;   ///< it ignored the polite signal and got SIGKILL
  bool strayKilled = false; ///< processes of its group outlived it and were killed
  double seconds = 0;
};

/// Runs the child and waits for it. SIGINT and SIGTERM sent to tscope while
/// it runs are turned into ending the child's group (SIGINT first, so Python
/// unwinds and flushes); then tscope carries on and reports.
ChildResult runChild(const ChildOptions &opts);

} // namespace tscope::dumps
