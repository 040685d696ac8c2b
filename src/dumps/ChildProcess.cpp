// ChildProcess: fork + setpgid + execvp; a close-on-exec pipe reports an exec
// failure; the parent polls waitpid every 20 ms and signals the group only.
// With echo, the child writes into pipes the parent copies to the log files
// and to its own stdout/stderr while it waits.
#include "dumps/ChildProcess.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
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

/// Writes all of `n` bytes (a closed reader is ignored: the log file still gets them).
void writeAll(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return;
    p += w;
    n -= static_cast<size_t>(w);
  }
}

/// One child output stream when echoing: the pipe's read end, the log file
/// and our own descriptor it is shown on.
struct Stream {
  int pipe = -1, file = -1, shown = -1;
  /// Copies what is ready; false at end of file (or on error).
  bool pump() {
    char buf[65536];
    for (;;) {
      ssize_t r = read(pipe, buf, sizeof buf);
      if (r > 0) {
        writeAll(file, buf, static_cast<size_t>(r));
        writeAll(shown, buf, static_cast<size_t>(r));
        continue;
      }
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        return true;
      return false;
    }
  }
};

/// Waits up to `ms` for output on the open streams and copies it; closes a
/// stream at its end of file.
void pumpStreams(Stream *streams, size_t n, int ms) {
  pollfd fds[2];
  size_t map[2];
  nfds_t k = 0;
  for (size_t i = 0; i < n; ++i)
    if (streams[i].pipe >= 0) {
      fds[k] = {streams[i].pipe, POLLIN, 0};
      map[k++] = i;
    }
  if (k == 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    return;
  }
  if (poll(fds, k, ms) <= 0)
    return;
  for (nfds_t j = 0; j < k; ++j)
    if (fds[j].revents) {
      Stream &st = streams[map[j]];
      if (!st.pump()) {
        close(st.pipe);
        st.pipe = -1;
      }
    }
}

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
  // Echo: the child's stdout and stderr go through pipes we copy from.
  int outPipe[2] = {-1, -1}, errPipe[2] = {-1, -1};
  if (opts.echo && (pipe2(outPipe, O_CLOEXEC) != 0 || pipe2(errPipe, O_CLOEXEC) != 0)) {
    res.error = std::string("pipe: ") + std::strerror(errno);
    for (int fd : {out, err, outPipe[0], outPipe[1], errPipe[0], errPipe[1]})
      if (fd >= 0)
        close(fd);
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
    dup2(opts.echo ? outPipe[1] : out, 1);
    dup2(opts.echo ? errPipe[1] : err, 2);
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
  Stream streams[2];
  if (opts.echo) {
    close(outPipe[1]);
    close(errPipe[1]);
    streams[0] = {outPipe[0], out, 1};
    streams[1] = {errPipe[0], err, 2};
    for (const Stream &st : streams)
      fcntl(st.pipe, F_SETFL, fcntl(st.pipe, F_GETFL) | O_NONBLOCK);
  } else {
    close(out);
    close(err);
  }
  // A reader of our output that goes away must not end tscope mid-run.
  struct sigaction oldPipe {}, ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  if (opts.echo)
    sigaction(SIGPIPE, &ignore, &oldPipe);
  auto finishStreams = [&](double maxSeconds) {
    if (!opts.echo)
      return;
    // What is still in the pipes, until every writer is gone (bounded: a
    // process that left the group may hold them open).
    auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(maxSeconds);
    while ((streams[0].pipe >= 0 || streams[1].pipe >= 0) && std::chrono::steady_clock::now() < until)
      pumpStreams(streams, 2, 20);
    for (Stream &st : streams) {
      if (st.pipe >= 0)
        close(st.pipe);
      close(st.file);
      st = {};
    }
    sigaction(SIGPIPE, &oldPipe, nullptr);
  };
  close(execPipe[1]);
  int execErrno = 0;
  ssize_t got = read(execPipe[0], &execErrno, sizeof execErrno);
  close(execPipe[0]);
  if (got == static_cast<ssize_t>(sizeof execErrno)) {
    int status;
    waitpid(pid, &status, 0);
    finishStreams(1);
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
    if (opts.echo)
      pumpStreams(streams, 2, 20);
    else
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
  finishStreams(2);
  return res;
}

} // namespace tscope::dumps
