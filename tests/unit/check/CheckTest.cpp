// Unit tests of the `tscope check` / `tscope report` pieces: SHA-256 and
// base64 (the CSP hash), Finding locations and order, SARIF URIs, HTML
// escaping, the SVG inlining filter.
#include <gtest/gtest.h>
#include <set>

#include "checks/CheckRegistry.h"
#include "checks/Finding.h"
#include "driver/ReportBuilder.h"
#include "render/HtmlReport.h"
#include "render/Sarif.h"
#include "support/Sha256.h"

using namespace tscope;

namespace {
std::string hex(const std::array<uint8_t, 32> &d) {
  std::string s;
  for (uint8_t b : d)
    s += "0123456789abcdef"[b >> 4], s += "0123456789abcdef"[b & 15];
  return s;
}
} // namespace

TEST(Sha256, Fips180Vectors) {
  // FIPS 180-4 examples (one block, two blocks) and the empty message.
  EXPECT_EQ(hex(support::sha256("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(hex(support::sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(hex(support::sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  // 55, 56 and 64 bytes straddle the padding boundary.
  EXPECT_EQ(hex(support::sha256(std::string(55, 'a'))),
            "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  EXPECT_EQ(hex(support::sha256(std::string(56, 'a'))),
            "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  EXPECT_EQ(hex(support::sha256(std::string(64, 'a'))),
            "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

TEST(Sha256, Base64Rfc4648) {
  EXPECT_EQ(support::base64(""), "");
  EXPECT_EQ(support::base64("f"), "Zg==");
  EXPECT_EQ(support::base64("fo"), "Zm8=");
  EXPECT_EQ(support::base64("foo"), "Zm9v");
  EXPECT_EQ(support::base64("foobar"), "Zm9vYmFy");
}

TEST(Finding, LocationOfLineSkipsIndent) {
  auto buf = support::SourceBuffer::fromString("k.ttgir", "module {\n    tt.return\n}\n");
  checks::FindingLocation l = checks::locationOfLine(*buf, 2, "k.py", 7);
  EXPECT_EQ(l.line, 2u);
  EXPECT_EQ(l.col, 5u);
  ASSERT_TRUE(l.offset);
  EXPECT_EQ(*l.offset, 13u);
  EXPECT_EQ(l.pyLine, 7u);
  checks::FindingLocation past = checks::locationOfLine(*buf, 40);
  EXPECT_FALSE(past.offset);
  EXPECT_EQ(past.col, 1u);
}

TEST(Finding, SortedByPlaceThenId) {
  std::vector<checks::Finding> fs(3);
  fs[0].where.file = "b";
  fs[0].where.line = 1;
  fs[1].where.file = "a";
  fs[1].where.line = 9;
  fs[1].check = "z";
  fs[2].where.file = "a";
  fs[2].where.line = 9;
  fs[2].check = "m";
  checks::sortFindings(fs);
  EXPECT_EQ(fs[0].check, "m");
  EXPECT_EQ(fs[1].check, "z");
  EXPECT_EQ(fs[2].where.file, "b");
}

TEST(Registry, IdsAreUniqueAndKebabCase) {
  std::set<std::string> seen;
  for (const checks::CheckId &c : checks::allCheckIds()) {
    EXPECT_TRUE(seen.insert(c.id).second) << c.id;
    EXPECT_EQ(c.id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-"), std::string::npos) << c.id;
    EXPECT_FALSE(c.description.empty()) << c.id;
  }
  EXPECT_TRUE(checks::isCheckId("deadlock"));
  EXPECT_TRUE(checks::isCheckId("tlx-mma-tile-min"));
  EXPECT_FALSE(checks::isCheckId("nope"));
}

TEST(Sarif, Uris) {
  EXPECT_EQ(render::sarifUri("tests/k.ttgir"), "tests/k.ttgir");
  EXPECT_EQ(render::sarifUri("/w/a b#c.py"), "file:///w/a%20b%23c.py");
  EXPECT_EQ(render::sarifUri("x<y>"), "x%3Cy%3E");
}

TEST(Html, Escape) { EXPECT_EQ(render::htmlEscape("<a href=\"x\">'&'</a>"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"); }

TEST(Html, WrapLabel) {
  bool cut = true;
  EXPECT_EQ(render::wrapLabel("wait ready[0]", 22, 2, cut), std::vector<std::string>{"wait ready[0]"});
  EXPECT_FALSE(cut);
  // Broken after the bracket, both lines within 22 characters.
  auto l = render::wrapLabel("arrive load_ready_bars[slot(i,2)]", 22, 2, cut);
  ASSERT_EQ(l.size(), 2u);
  EXPECT_EQ(l[0], "arrive load_ready_");
  EXPECT_EQ(l[1], "bars[slot(i,2)]");
  EXPECT_FALSE(cut);
  // Too long for two lines: the second ends in an ellipsis, 22 characters in all.
  l = render::wrapLabel("wait load_ready_bars[slot(i,2)] parity phase(i,2) ^ 1", 22, 2, cut);
  ASSERT_EQ(l.size(), 2u);
  EXPECT_TRUE(cut);
  EXPECT_EQ(l[1].substr(l[1].size() - 3), "…");
  EXPECT_EQ(l[1].size() - 3 + 1, 22u);
  for (const std::string &line : l)
    EXPECT_LE(line.size(), 24u);
}

TEST(Html, InlineableSvg) {
  std::string svg = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<!-- a --><svg width=\"1\"><!-- b --><g/></svg>\n";
  EXPECT_EQ(driver::inlineableSvg(svg), "<svg width=\"1\"><g/></svg>\n");
  EXPECT_EQ(driver::inlineableSvg("<svg><script>x</script></svg>"), "");
  EXPECT_EQ(driver::inlineableSvg("<svg><g onclick=\"x\"/></svg>"), "");
  EXPECT_EQ(driver::inlineableSvg("<svg><a xlink:href=\"javascript:x\"/></svg>"), "");
  EXPECT_EQ(driver::inlineableSvg("<svg><text>onclick=x</text></svg>"), "<svg><text>onclick=x</text></svg>");
  EXPECT_EQ(driver::inlineableSvg("no svg here"), "");
}
