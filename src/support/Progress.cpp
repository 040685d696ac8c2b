// Progress: a carriage-return line on stderr, shown past one second of work.
#include "support/Progress.h"

#include <cstdlib>
#include <cstring>
#include <fmt/format.h>
#include <unistd.h>

namespace tscope::support {

ProgressMode progressModeFromEnv() {
  const char *v = std::getenv("TSCOPE_PROGRESS");
  if (!v)
    return ProgressMode::Auto;
  if (std::strcmp(v, "always") == 0)
    return ProgressMode::Always;
  if (std::strcmp(v, "never") == 0)
    return ProgressMode::Never;
  return ProgressMode::Auto;
}

ProgressLine::ProgressLine(std::string task, std::string unit, size_t total, std::FILE *out)
    : task_(std::move(task)), unit_(std::move(unit)), total_(total), out_(out),
      start_(std::chrono::steady_clock::now()) {
  ProgressMode m = progressModeFromEnv();
  always_ = m == ProgressMode::Always;
  enabled_ = always_ || (m == ProgressMode::Auto && isatty(fileno(out_)));
}

ProgressLine::~ProgressLine() { finish(); }

void ProgressLine::update(size_t done, const std::string &what) {
  if (!enabled_)
    return;
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  if (secs < 1.0 && !always_)
    return;
  std::string rate = secs > 0 && done ? fmt::format(", {:.1f} {}/s", static_cast<double>(done) / secs, unit_) : "";
  std::string count = total_ ? fmt::format("{}/{}", done, total_) : fmt::format("{}", done);
  std::string line = fmt::format("{}: {} {}{}, {:.1f} s{}{}", task_, count, unit_, rate, secs, what.empty() ? "" : ": ", what);
  // Always mode is for logs and tests: one line per update, no rewriting.
  if (always_ && !isatty(fileno(out_)))
    std::fprintf(out_, "%s\n", line.c_str());
  else
    std::fprintf(out_, "\r%s\033[K", line.c_str());
  std::fflush(out_);
  shown_ = true;
}

ProgressTicker::ProgressTicker(ProgressLine &line) : line_(line) {
  if (!line_.enabled())
    return;
  thread_ = std::thread([this] {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stopping_) {
      line_.update(done_, what_);
      wake_.wait_for(lock, std::chrono::milliseconds(250), [this] { return stopping_; });
    }
  });
}

void ProgressTicker::step(size_t done, std::string what) {
  std::lock_guard<std::mutex> lock(mutex_);
  done_ = done;
  what_ = std::move(what);
  line_.update(done_, what_); // each step once, then the thread keeps the time moving
}

void ProgressTicker::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable())
    thread_.join();
  line_.finish();
}

void ProgressLine::finish() {
  if (shown_ && isatty(fileno(out_)))
    std::fprintf(out_, "\r\033[K");
  std::fflush(out_);
  shown_ = false;
}

} // namespace tscope::support
