// Diagnostics: collects `file:line:col: severity: message [check-id]` with the
// source line and a caret; line/column are computed only when printed.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "support/SourceBuffer.h"

namespace tscope::support {

/// How bad a diagnostic is.
enum class Severity { Error, Warning, Note, Info };

/// Lower-case name of a severity as printed.
const char *severityName(Severity s);

/// One message about an input file at a byte offset.
struct Diagnostic {
  Severity severity = Severity::Error;
  const SourceBuffer *buffer = nullptr; // not owned; may be null
  uint32_t offset = 0;
  std::string message;
  std::string checkId; // empty for input errors
};

/// Collects diagnostics and renders them in the compiler convention.
class Diagnostics {
public:
  /// Records a diagnostic.
  void report(Severity sev, const SourceBuffer *buf, uint32_t offset,
              std::string message, std::string checkId = {});
  /// Shorthand for an error.
  void error(const SourceBuffer *buf, uint32_t offset, std::string message) {
    report(Severity::Error, buf, offset, std::move(message));
  }
  /// All diagnostics in the order reported.
  const std::vector<Diagnostic> &all() const { return diags_; }
  /// Number of errors reported.
  size_t errorCount() const { return errors_; }
  /// Drops every diagnostic.
  void clear() {
    diags_.clear();
    errors_ = 0;
  }
  /// Prints each diagnostic with its source line and caret.
  void print(std::ostream &os) const;
  /// Prints one diagnostic.
  static void print(std::ostream &os, const Diagnostic &d);

private:
  std::vector<Diagnostic> diags_;
  size_t errors_ = 0;
};

} // namespace tscope::support
