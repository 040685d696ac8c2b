// SARIF 2.1.0 view of a finding: rule id, level, the primary location's
// region, the Python source and related locations, the trace as a code flow,
// and the notes; plus the location of an op from its byte offset.
#include <gtest/gtest.h>

#include "checks/Finding.h"
#include "render/Sarif.h"

using namespace tscope;

namespace {

/// A deadlock-shaped finding over a three-line buffer: primary on line 2,
/// one related location on line 3, a Python source and a two-step trace.
checks::Finding sampleFinding(const support::SourceBuffer &buf) {
  checks::Finding f;
  f.check = "deadlock";
  f.severity = support::Severity::Error;
  f.message = "kernel k hangs: partition0 waits on ready[0]";
  f.where = checks::locationAt(buf, 17, "/src/kernel.py", 12); // "ttng.wait_barrier" on line 2
  f.where.pyText = "    mbarrier.wait(ready, 0)";
  f.related.push_back({checks::locationAt(buf, 42), "partition1 waits on empty[0]"});
  f.notes = {"cause: nobody arrives", "bindings: K=64"};
  f.trace.push_back({"partition0", "arrive empty[0]", checks::locationAt(buf, 42)});
  f.trace.push_back({"partition1", "wait ready[0]", checks::locationAt(buf, 17)});
  return f;
}

} // namespace

TEST(Sarif, FindingFields) {
  auto buf = support::SourceBuffer::fromString("k.ttgir", "module {\n        ttng.wait_barrier %a\n    ttng.arrive\n}\n");
  std::vector<checks::Finding> findings = {sampleFinding(*buf)};
  ASSERT_EQ(findings[0].where.line, 2u);
  ASSERT_EQ(findings[0].where.col, 9u);
  nlohmann::json log = render::sarifLog({{buf.get(), &findings}}, {{"deadlock", "a wait that never completes"}}, "9.9");
  EXPECT_EQ(log["version"], "2.1.0");
  const nlohmann::json &run = log["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["version"], "9.9");
  EXPECT_EQ(run["tool"]["driver"]["rules"][0]["id"], "deadlock");
  const nlohmann::json &res = run["results"][0];
  EXPECT_EQ(res["ruleId"], "deadlock");
  EXPECT_EQ(res["ruleIndex"], 0);
  EXPECT_EQ(res["level"], "error");
  EXPECT_EQ(res["message"]["text"], "kernel k hangs: partition0 waits on ready[0]");
  // The Python line is the primary location (the line the user edits); the
  // IR line is the first related location, then the check's own.
  const nlohmann::json &phys = res["locations"][0]["physicalLocation"];
  EXPECT_EQ(phys["artifactLocation"]["uri"], "file:///src/kernel.py");
  EXPECT_EQ(phys["region"]["startLine"], 12);
  EXPECT_FALSE(phys["region"].contains("startColumn"));
  EXPECT_EQ(phys["region"]["snippet"]["text"], "    mbarrier.wait(ready, 0)");
  const nlohmann::json &rel = res["relatedLocations"];
  ASSERT_EQ(rel.size(), 2u);
  EXPECT_EQ(rel[0]["message"]["text"], "IR: ttng.wait_barrier %a");
  EXPECT_EQ(rel[0]["physicalLocation"]["artifactLocation"]["uri"], "k.ttgir");
  EXPECT_EQ(rel[0]["physicalLocation"]["region"]["startLine"], 2);
  EXPECT_EQ(rel[0]["physicalLocation"]["region"]["startColumn"], 9);
  EXPECT_EQ(rel[0]["physicalLocation"]["region"]["snippet"]["text"], "        ttng.wait_barrier %a");
  EXPECT_EQ(rel[1]["message"]["text"], "partition1 waits on empty[0] (IR)");
  EXPECT_EQ(rel[1]["physicalLocation"]["region"]["startLine"], 3);
  EXPECT_EQ(rel[1]["physicalLocation"]["region"]["startColumn"], 5);
  EXPECT_NE(rel[0]["id"], rel[1]["id"]);
  // The trace: no step names a Python line, so one code flow, over the IR.
  ASSERT_EQ(res["codeFlows"].size(), 1u);
  const nlohmann::json &steps = res["codeFlows"][0]["threadFlows"][0]["locations"];
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0]["location"]["message"]["text"], "partition0: arrive empty[0]");
  EXPECT_EQ(steps[1]["location"]["physicalLocation"]["region"]["startLine"], 2);
  EXPECT_EQ(run["tool"]["driver"]["rules"][0]["helpUri"], "docs/Deadlock.md");
  EXPECT_EQ(res["partialFingerprints"]["tscope/v1"].get<std::string>().size(), 64u);
  EXPECT_EQ(res["properties"]["notes"].size(), 2u);
}

TEST(Sarif, LevelsOfSeverities) {
  auto buf = support::SourceBuffer::fromString("k.ttgir", "x\n");
  std::vector<checks::Finding> findings(4);
  support::Severity sev[] = {support::Severity::Error, support::Severity::Warning, support::Severity::Note,
                             support::Severity::Info};
  for (size_t i = 0; i < 4; ++i) {
    findings[i].check = "race";
    findings[i].severity = sev[i];
    findings[i].where = checks::locationAt(*buf, 0);
  }
  nlohmann::json res = render::sarifLog({{buf.get(), &findings}}, {}, "0")["runs"][0]["results"];
  EXPECT_EQ(res[0]["level"], "error");
  EXPECT_EQ(res[1]["level"], "warning");
  EXPECT_EQ(res[2]["level"], "note");
  EXPECT_EQ(res[3]["level"], "note"); // SARIF has no info level
  EXPECT_FALSE(res[0].contains("ruleIndex")); // no rule table given
  EXPECT_FALSE(res[0].contains("relatedLocations"));
  EXPECT_FALSE(res[0].contains("codeFlows"));
}

TEST(Finding, LocationOfPointUsesOffset) {
  auto buf = support::SourceBuffer::fromString("k.ttgir", "module {\n  %0 = ttng.arrive %a\n}\n");
  kernel::SourcePoint p;
  p.irLine = 2;
  p.offset = 16; // "ttng.arrive", not the line's first non-blank
  checks::FindingLocation l = checks::locationOf(*buf, p);
  EXPECT_EQ(l.line, 2u);
  EXPECT_EQ(l.col, 8u);
  p.offset.reset(); // without the offset: the line's first non-blank
  EXPECT_EQ(checks::locationOf(*buf, p).col, 3u);
}

TEST(Finding, VerdictNamesRoundTrip) {
  for (checks::Verdict v : {checks::Verdict::NoDeadlock, checks::Verdict::Deadlock, checks::Verdict::Trap,
                            checks::Verdict::NoRace, checks::Verdict::Race, checks::Verdict::InBounds,
                            checks::Verdict::OutOfBounds, checks::Verdict::Clean, checks::Verdict::Findings,
                            checks::Verdict::Unknown})
    EXPECT_EQ(checks::verdictFromName(checks::verdictName(v)), v);
  EXPECT_EQ(checks::verdictFromName("no-race"), checks::Verdict::NoRace);
  EXPECT_EQ(checks::verdictFromName("bogus"), checks::Verdict::Unknown);
}

TEST(Sarif, PythonRelativeToSourceRoot) {
  auto buf = support::SourceBuffer::fromString("k.ttgir", "module {\n        ttng.wait_barrier %a\n    ttng.arrive\n}\n");
  std::vector<checks::Finding> findings = {sampleFinding(*buf)};
  render::SarifOptions opts;
  opts.sourceRoot = "/src";
  nlohmann::json log = render::sarifLog({{buf.get(), &findings}}, {}, "0", opts);
  const nlohmann::json &art = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"];
  EXPECT_EQ(art["uri"], "kernel.py");
  EXPECT_EQ(art["uriBaseId"], "%SRCROOT%");
  EXPECT_EQ(log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"], "file:///src/");
  std::string root;
  EXPECT_EQ(render::sourceRelative("/src/a/b.py", "/src/", root), "a/b.py");
  EXPECT_EQ(root, "/src");
  EXPECT_EQ(render::sourceRelative("/elsewhere/b.py", "/src", root), "/elsewhere/b.py"); // outside: as given
  EXPECT_EQ(root, "");
}

TEST(Sarif, FingerprintTextDropsNumbersThatMove) {
  EXPECT_EQ(render::fingerprintText("    %12 = ttng.wait_barrier %4, %ph_8, %arg3 : !ttg.memdesc<1xi64> loc(#loc12)"),
            "% = ttng.wait_barrier %, %ph_, %arg : !ttg.memdesc<1xi64>");
  EXPECT_NE(render::fingerprintText("ttng.wait_barrier %4, %ph"), render::fingerprintText("ttng.arrive_barrier %4, %ph"));
  auto buf = support::SourceBuffer::fromString(
      "k.ttgir", "module {\n  tt.func public @first(%a: i32) {\n    x\n  }\n  tt.func @\"q.name\"() {\n    y\n  }\n}\n");
  EXPECT_EQ(render::enclosingFunction(*buf, 40), "first");
  EXPECT_EQ(render::enclosingFunction(*buf, buf->text().find('y')), "q.name");
  EXPECT_EQ(render::enclosingFunction(*buf, 3), "");
}

TEST(Sarif, ScheduleAndExpectedGpuProperties) {
  auto buf = support::SourceBuffer::fromString("k.ttgir", "module {\n  tt.func @k() {\n    ttng.wait_barrier %a\n  }\n}\n");
  checks::Finding f;
  f.check = "deadlock";
  f.message = "kernel k hangs";
  f.where = checks::locationAt(*buf, 27);
  f.schedule = "in-order";
  f.scheduleWords = "in-order: reached with each issuer's asynchronous work completing in issue order";
  // The typed fields are what SARIF reads; a note's prose is not parsed.
  f.notes = {"schedule: every: a note that disagrees with the fields"};
  std::vector<checks::Finding> findings = {f};
  render::SarifOptions opts;
  opts.expectedGpu[{"k.ttgir", "k"}] = "hang";
  nlohmann::json props = render::sarifLog({{buf.get(), &findings}}, {}, "0", opts)["runs"][0]["results"][0]["properties"];
  EXPECT_EQ(props["kernel"], "k");
  EXPECT_EQ(props["schedule"], "in-order");
  EXPECT_EQ(props["schedule_words"], findings[0].scheduleWords);
  EXPECT_EQ(props["expected_gpu"], "hang");
}
