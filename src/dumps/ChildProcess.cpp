// ChildProcess: fork + setpgid + execvp; a close-on-exec pipe reports an exec
// failure; the parent polls waitpid every 20 ms and signals the group only.
#include "dumps/ChildProcess.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace tscope::dumps {
namespace {

volatile sig_atomic_t gStopSignal = 0;

extern "C" void onStopSignal(int sig) { gStopSignal = sig; }

struct SignalGuard {
  struct sigaction oldInt {}, oldTerm {};
  SignalGuard() {
    gStopSignal = 0;
    struct sigaction sa {};
    sa.sa_handler = onStopSignal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &oldInt);
    sigaction(SIGTERM, &sa, &oldTerm);
  }
  ~SignalGuard() {
    sigaction(SIGINT, &oldInt, nullptr);
    sigaction(SIGTERM, &oldTerm, nullptr);
  }
};

/// True when any process of group `pgid` is alive.
bool groupAlive(pid_t pgid) { return kill(-pgid, 0) == 0 || errno == EPERM; }

} // namespace

ChildResult runChild(const ChildOptions &opts) {
  ChildResult res;
  if (opts.argv.empty()) {
    res.error = "no command";
    return res;
  }
  int out = open(opts.stdoutPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  int err = open(opts.stderrPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out < 0 || err < 0) {
    res.error = std::string("cannot create the log files: ") + std::strerror(errno);
    if (out >= 0)
      close(out);
    if (err >= 0)
      close(err);
    return res;
  }
  int execPipe[2];
  if (pipe2(execPipe, O_CLOEXEC) != 0) {
    res.error = std::string("pipe: ") + std::strerror(errno);
    close(out);
    close(err);
    return res;
  }
  std::vector<char *> argv;
  for (const std::string &a : opts.argv)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);

  SignalGuard guard;
  auto t0 = std::chrono::steady_clock::now();
  pid_t pid = fork();
  if (pid < 0) {
    res.error = std::string("fork: ") + std::strerror(errno);
    close(out);
    close(err);
    close(execPipe[0]);
    close(execPipe[1]);
    return res;
  }
  if (pid == 0) {
    // Child: own process group, so that ending it ends everything it started.
    setpgid(0, 0);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    dup2(out, 1);
    dup2(err, 2);
    int devnull = open("/dev/null", O_RDONLY);
    if (devnull >= 0)
      dup2(devnull, 0);
    for (const auto &[k, v] : opts.env)
      setenv(k.c_str(), v.c_str(), 1);
    execvp(argv[0], argv.data());
    int e = errno;
    ssize_t w = write(execPipe[1], &e, sizeof e);
    (void)w;
    _exit(127);
  }
  setpgid(pid, pid); // also here: no race with the child's own call
  close(out);
  close(err);
  close(execPipe[1]);
  int execErrno = 0;
  ssize_t got = read(execPipe[0], &execErrno, sizeof execErrno);
  close(execPipe[0]);
  if (got == static_cast<ssize_t>(sizeof execErrno)) {
    int status;
    waitpid(pid, &status, 0);
    res.error = "cannot run " + opts.argv[0] + ": " + std::strerror(execErrno);
    return res;
  }
  res.started = true;

  int status = 0;
  bool stopping = false;
  std::chrono::steady_clock::time_point stopAt{};
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  for (;;) {
    pid_t w = waitpid(pid, &status, WNOHANG);
    if (w == pid)
      break;
    if (w < 0 && errno != EINTR)
      break;
    if (!stopping) {
      if (gStopSignal) {
        res.interrupted = true;
        stopping = true;
        killpg(pid, SIGINT); // Python turns it into KeyboardInterrupt and unwinds
        stopAt = std::chrono::steady_clock::now();
      } else if (opts.timeoutSeconds > 0 && elapsed() >= opts.timeoutSeconds) {
        res.timedOut = true;
        stopping = true;
        killpg(pid, SIGTERM);
        stopAt = std::chrono::steady_clock::now();
      }
    } else if (!res.needsKill &&
               std::chrono::duration<double>(std::chrono::steady_clock::now() - stopAt).count() >=
                   opts.graceSeconds) {
      res.needsKill = true;
      killpg(pid, SIGKILL);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  res.seconds = elapsed();
  if (WIFEXITED(status))
    res.exitCode = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    res.termSignal = WTERMSIG(status);
  // Whatever the child left behind in its group goes too.
  if (groupAlive(pid)) {
    killpg(pid, SIGTERM);
    for (int i = 0; i < 50 && groupAlive(pid); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (groupAlive(pid))
      killpg(pid, SIGKILL);
    res.strayKilled = true;
  }
  return res;
}

} // namespace tscope::dumps
