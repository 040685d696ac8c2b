// ChildProcess: exit status, exec failure, and the timeout ending the whole
// process group (a grandchild included).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <signal.h>
#include <string>
#include <thread>

#include "dumps/ChildProcess.h"

using namespace tscope::dumps;

namespace {
std::string tmpPath(const char *name) {
  const char *t = std::getenv("TMPDIR");
  return std::string(t ? t : "/tmp") + "/tscope-child-" + std::to_string(getpid()) + "-" + name;
}
} // namespace

TEST(ChildProcess, ExitStatusAndOutputFiles) {
  ChildOptions o;
  o.argv = {"/bin/sh", "-c", "echo out; echo err >&2; echo $TSCOPE_X; exit 3"};
  o.env = {{"TSCOPE_X", "set"}};
  o.stdoutPath = tmpPath("out");
  o.stderrPath = tmpPath("err");
  ChildResult r = runChild(o);
  ASSERT_TRUE(r.started);
  EXPECT_EQ(r.exitCode, 3);
  std::ifstream out(o.stdoutPath);
  std::string a, b;
  std::getline(out, a);
  std::getline(out, b);
  EXPECT_EQ(a, "out");
  EXPECT_EQ(b, "set");
  std::remove(o.stdoutPath.c_str());
  std::remove(o.stderrPath.c_str());
}

TEST(ChildProcess, ExecFailureIsReported) {
  ChildOptions o;
  o.argv = {"/nonexistent/program"};
  o.stdoutPath = tmpPath("out2");
  o.stderrPath = tmpPath("err2");
  ChildResult r = runChild(o);
  EXPECT_FALSE(r.started);
  EXPECT_NE(r.error.find("No such file"), std::string::npos);
  std::remove(o.stdoutPath.c_str());
  std::remove(o.stderrPath.c_str());
}

TEST(ChildProcess, TimeoutEndsTheWholeGroup) {
  ChildOptions o;
  std::string pidFile = tmpPath("pid");
  // The grandchild ignores SIGTERM; only the group SIGKILL ends it.
  o.argv = {"/bin/sh", "-c", "(trap '' TERM; sleep 100) & echo $! > " + pidFile + "; trap '' TERM; sleep 100; wait"};
  o.stdoutPath = tmpPath("out3");
  o.stderrPath = tmpPath("err3");
  o.timeoutSeconds = 0.5;
  o.graceSeconds = 0.3;
  auto t0 = std::chrono::steady_clock::now();
  ChildResult r = runChild(o);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_TRUE(r.started);
  EXPECT_TRUE(r.timedOut);
  EXPECT_TRUE(r.needsKill);
  EXPECT_LT(s, 10.0);
  std::ifstream pf(pidFile);
  pid_t grandchild = 0;
  pf >> grandchild;
  ASSERT_GT(grandchild, 0);
  bool gone = false;
  for (int i = 0; i < 100 && !gone; ++i) {
    gone = kill(grandchild, 0) != 0;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(gone);
  for (const std::string &f : {pidFile, o.stdoutPath, o.stderrPath})
    std::remove(f.c_str());
}
