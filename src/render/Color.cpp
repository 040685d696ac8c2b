// Color: one switch for the process, and the line painter.
#include "render/Color.h"

#include <cstdlib>
#include <cstring>
#include <unistd.h>

namespace tscope::render {
namespace {

bool gColor = false;

constexpr const char *kReset = "\033[0m";
constexpr const char *kBold = "\033[1m";
constexpr const char *kGreen = "\033[1;32m";

struct Severity {
  const char *word; ///< ": error: "
  const char *color;
};
constexpr Severity kSeverities[] = {
    {": error: ", "\033[1;31m"},
    {": warning: ", "\033[1;35m"},
    {": note: ", "\033[1;36m"},
    {": info: ", "\033[1;36m"},
};

std::string paintLine(std::string_view line) {
  // "LOC: severity: message"
  for (const Severity &s : kSeverities) {
    size_t at = line.find(s.word);
    if (at == std::string_view::npos || line.substr(0, at).find(' ') != std::string_view::npos)
      continue;
    std::string_view word = std::string_view(s.word).substr(2); // "error: "
    std::string out;
    out += kBold;
    out += line.substr(0, at + 1);
    out += kReset;
    out += " ";
    out += s.color;
    out += word.substr(0, word.size() - 1);
    out += kReset;
    out += " ";
    out += line.substr(at + std::strlen(s.word));
    return out;
  }
  // "  note: ..." under a finding.
  size_t lead = line.find_first_not_of(' ');
  if (lead != std::string_view::npos && line.substr(lead).starts_with("note: "))
    return std::string(line.substr(0, lead)) + "\033[1;36mnote:" + kReset + std::string(line.substr(lead + 5));
  // The caret line: spaces, then ^ and ~ only.
  if (lead != std::string_view::npos && line[lead] == '^' &&
      line.find_first_not_of("^~", lead) == std::string_view::npos)
    return std::string(line.substr(0, lead)) + kGreen + std::string(line.substr(lead)) + kReset;
  return std::string(line);
}

} // namespace

bool parseColorChoice(std::string_view text, ColorChoice &out) {
  if (text == "auto")
    out = ColorChoice::Auto;
  else if (text == "always")
    out = ColorChoice::Always;
  else if (text == "never")
    out = ColorChoice::Never;
  else
    return false;
  return true;
}

void setColor(ColorChoice choice) {
  if (choice != ColorChoice::Auto) {
    gColor = choice == ColorChoice::Always;
    return;
  }
  const char *noColor = std::getenv("NO_COLOR");
  const char *term = std::getenv("TERM");
  gColor = isatty(1) && !(noColor && *noColor) && !(term && std::strcmp(term, "dumb") == 0);
}

bool colorEnabled() { return gColor; }

std::string paintDiagnostics(std::string_view text) {
  std::string out;
  size_t b = 0;
  while (b < text.size()) {
    size_t e = text.find('\n', b);
    size_t end = e == std::string_view::npos ? text.size() : e;
    out += paintLine(text.substr(b, end - b));
    if (e == std::string_view::npos)
      break;
    out += '\n';
    b = e + 1;
  }
  return out;
}

} // namespace tscope::render
