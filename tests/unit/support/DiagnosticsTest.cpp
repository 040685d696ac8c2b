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

TEST(SourceBuffer, LineColAcrossLines) {
  std::string text = "ab\n\ncd\n";
  for (int i = 0; i < 100; ++i)
    text += "0123456789abcdef0123456789\n"; // long enough for wide loops
  auto buf = SourceBuffer::fromString("t", text);
  EXPECT_EQ(buf->lineCol(0), std::make_pair(1u, 1u));
  EXPECT_EQ(buf->lineCol(2), std::make_pair(1u, 3u)); // the newline itself
  EXPECT_EQ(buf->lineCol(3), std::make_pair(2u, 1u));
  EXPECT_EQ(buf->lineCol(4), std::make_pair(3u, 1u));
  EXPECT_EQ(buf->lineCol(5), std::make_pair(3u, 2u));
  EXPECT_EQ(buf->lineCol(7 + 27 * 50 + 5), std::make_pair(54u, 6u));
  EXPECT_EQ(buf->lineCol(text.size() + 10), std::make_pair(104u, 1u)); // clamped to the end
}
