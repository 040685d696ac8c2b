// Diagnostics: location math, caret placement, windowing of long lines.
#include <gtest/gtest.h>
#include <sstream>

#include "support/Diagnostics.h"

using namespace tscope::support;

TEST(Diagnostics, PrintsFileLineColCaret) {
  auto buf = SourceBuffer::fromString("f.mlir", "abc\n  def ghi\n");
  Diagnostics d;
  d.error(buf.get(), 6, "expected x");
  std::ostringstream os;
  d.print(os);
  EXPECT_EQ(os.str(), "f.mlir:2:3: error: expected x\n  def ghi\n  ^\n");
  EXPECT_EQ(d.errorCount(), 1u);
}

TEST(Diagnostics, CheckIdAndSeverity) {
  auto buf = SourceBuffer::fromString("f", "x\n");
  Diagnostics d;
  d.report(Severity::Warning, buf.get(), 0, "careful", "missing-fence");
  std::ostringstream os;
  d.print(os);
  EXPECT_EQ(os.str().substr(0, os.str().find('\n')), "f:1:1: warning: careful [missing-fence]");
  EXPECT_EQ(d.errorCount(), 0u);
}

TEST(Diagnostics, LongLineIsWindowed) {
  std::string text(1000000, 'a');
  text[500000] = '!';
  auto buf = SourceBuffer::fromString("big", text);
  Diagnostics d;
  d.error(buf.get(), 500000, "bad");
  std::ostringstream os;
  d.print(os);
  std::string out = os.str();
  EXPECT_LT(out.size(), 400u);
  size_t nl = out.find('\n');
  std::string line = out.substr(nl + 1, out.find('\n', nl + 1) - nl - 1);
  std::string caret = out.substr(out.rfind('\n', out.size() - 2) + 1);
  EXPECT_EQ(line[caret.find('^')], '!');
}

TEST(SourceBuffer, SentinelAfterEnd) {
  auto buf = SourceBuffer::fromString("s", "abc");
  EXPECT_EQ(buf->data()[3], '\0');
  EXPECT_EQ(buf->lineCol(2), std::make_pair(1u, 3u));
}
