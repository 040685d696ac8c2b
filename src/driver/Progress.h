// Progress: the one-line progress display on stderr for long work (a check
// over many kernels, a scan): what is being done, how far, and the rate.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>

namespace tscope::driver {

/// When a progress line is shown: `TSCOPE_PROGRESS=always|never|auto`
/// (default auto: when stderr is a terminal, and only once the work has taken
/// a second, so quick runs print nothing).
enum class ProgressMode { Auto, Always, Never };

/// The mode from the environment.
ProgressMode progressModeFromEnv();

/// A progress line "tscope check: 3/12 kernels, 2.1 kernels/s: deadlock on
/// k.ttgir" rewritten in place (carriage return), erased when done.
class ProgressLine {
public:
  /// `task` names the work ("tscope check"), `unit` what is counted ("kernels").
  ProgressLine(std::string task, std::string unit, size_t total, std::FILE *out = stderr);
  ~ProgressLine();
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;

  /// `done` items finished; `what` is the item now being worked on.
  void update(size_t done, const std::string &what);

  /// Erases the line (when one was shown).
  void finish();

  /// True when this line will ever be shown (stderr is a terminal, or always).
  bool enabled() const { return enabled_; }

private:
  std::string task_, unit_;
  size_t total_;
  std::FILE *out_;
  bool enabled_ = false, shown_ = false, always_ = false;
  std::chrono::steady_clock::time_point start_;
};

} // namespace tscope::driver
