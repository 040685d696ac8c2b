// Progress: the one-line progress display on stderr for long work (a check
// over many kernels, a scan): what is being done, how far, and the rate.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

namespace tscope::support {

/// When a progress line is shown: `TSCOPE_PROGRESS=always|never|auto`
/// (default auto: when stderr is a terminal, and only once the work has taken
/// a second, so quick runs print nothing).
enum class ProgressMode { Auto, Always, Never };

/// The mode from the environment.
ProgressMode progressModeFromEnv();

/// A progress line "tscope check: 3/12 kernels, 2.1 kernels/s: deadlock on
/// k.ttgir" rewritten in place (carriage return), erased when done. Every
/// layer's long work (a check, a scan, a pass log, a model checker's search)
/// shows itself through this one line.
class ProgressLine {
public:
  /// `task` names the work ("tscope check"), `unit` what is counted
  /// ("kernels"); `total` 0 when not known (the line then shows the count only).
  ProgressLine(std::string task, std::string unit, size_t total, std::FILE *out = stderr);
  ~ProgressLine();
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;

  /// `done` items finished; `what` is the item now being worked on.
  void update(size_t done, const std::string &what);

  /// Sets the total once it is known.
  void setTotal(size_t total) { total_ = total; }

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

/// Keeps a ProgressLine moving through steps that give no counts of their
/// own (splitting a pass log, analysing it): a thread rewrites the line with
/// the current step every quarter second. No thread when the line is off.
class ProgressTicker {
public:
  explicit ProgressTicker(ProgressLine &line);
  ~ProgressTicker() { stop(); }
  ProgressTicker(const ProgressTicker &) = delete;
  ProgressTicker &operator=(const ProgressTicker &) = delete;

  /// `done` steps finished; `what` is the step now running.
  void step(size_t done, std::string what);

  /// Stops the thread and erases the line (before the command's output).
  void stop();

private:
  ProgressLine &line_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  size_t done_ = 0;
  std::string what_;
  std::thread thread_;
};

} // namespace tscope::support
