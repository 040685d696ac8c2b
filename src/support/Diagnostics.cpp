// Diagnostics rendering: clang style, with long lines windowed around the caret.
#include "support/Diagnostics.h"

namespace tscope::support {

const char *severityName(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  case Severity::Info:
    return "info";
  }
  return "error";
}

void Diagnostics::report(Severity sev, const SourceBuffer *buf, uint32_t offset,
                         std::string message, std::string checkId) {
  if (sev == Severity::Error)
    ++errors_;
  diags_.push_back({sev, buf, offset, std::move(message), std::move(checkId)});
}

void Diagnostics::print(std::ostream &os) const {
  for (const Diagnostic &d : diags_)
    print(os, d);
}

void Diagnostics::print(std::ostream &os, const Diagnostic &d) {
  if (!d.buffer) {
    os << severityName(d.severity) << ": " << d.message;
    if (!d.checkId.empty())
      os << " [" << d.checkId << "]";
    os << "\n";
    return;
  }
  auto [line, col] = d.buffer->lineCol(d.offset);
  os << d.buffer->name() << ":" << line << ":" << col << ": "
     << severityName(d.severity) << ": " << d.message;
  if (!d.checkId.empty())
    os << " [" << d.checkId << "]";
  os << "\n";
  std::string_view text = d.buffer->lineText(d.offset);
  // Show at most ~100 columns around the caret so a 10 MB line stays readable.
  constexpr size_t kWindow = 100;
  size_t caret = col - 1;
  size_t begin = 0;
  if (caret > kWindow / 2)
    begin = caret - kWindow / 2;
  if (begin > text.size())
    begin = text.size();
  std::string_view shown = text.substr(begin, kWindow);
  std::string lineOut;
  lineOut.reserve(shown.size());
  for (char c : shown) {
    unsigned char u = static_cast<unsigned char>(c);
    lineOut.push_back((u < 0x20 && c != '\t') || u >= 0x7f ? '?' : c);
  }
  os << (begin > 0 ? "..." : "") << lineOut
     << (begin + shown.size() < text.size() ? "..." : "") << "\n";
  std::string pad(caret - begin + (begin > 0 ? 3 : 0), ' ');
  for (size_t i = 0; i < pad.size() && begin + i < text.size(); ++i)
    if (text[begin + i] == '\t' && begin == 0)
      pad[i] = '\t';
  os << pad << "^\n";
}

} // namespace tscope::support
