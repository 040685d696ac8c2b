// Progress: a carriage-return line on stderr, shown past one second of work.
#include "driver/Progress.h"

#include <cstdlib>
#include <cstring>
#include <fmt/format.h>
#include <unistd.h>

namespace tscope::driver {

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
  std::string line = fmt::format("{}: {}/{} {}{}, {:.1f} s: {}", task_, done, total_, unit_, rate, secs, what);
  // Always mode is for logs and tests: one line per update, no rewriting.
  if (always_ && !isatty(fileno(out_)))
    std::fprintf(out_, "%s\n", line.c_str());
  else
    std::fprintf(out_, "\r%s\033[K", line.c_str());
  std::fflush(out_);
  shown_ = true;
}

void ProgressLine::finish() {
  if (shown_ && isatty(fileno(out_)))
    std::fprintf(out_, "\r\033[K");
  std::fflush(out_);
  shown_ = false;
}

} // namespace tscope::driver
