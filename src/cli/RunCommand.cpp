// `tscope run [--preset P]... [-o DIR] [--timeout S] -- CMD...`: run a Triton
// program with the dump variables of the chosen presets and index what it wrote.
#include <filesystem>
#include <fmt/format.h>
#include <iostream>

#include "checks/deadlock/ModelChecker.h"
#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "cli/LoadModule.h"
#include "dumps/ChildProcess.h"
#include "dumps/HangTriage.h"
#include "dumps/IndexReport.h"
#include "dumps/RunPresets.h"
#include "support/SourceBuffer.h"

namespace tscope::cli {
namespace {

/// The deadlock check `tscope run --timeout` hands a hung run's TTGIR to:
/// `tscope deadlock` on each file, newest first, stopping at the first hang.
int checkHungRun(const std::vector<std::string> &paths, std::ostream &os) {
  if (paths.empty()) {
    os << "  no TTGIR was written (was the stages preset on?)\n";
    return 2;
  }
  int rc = 0;
  for (const std::string &p : paths) {
    auto m = loadModule(p);
    if (!m) {
      rc = 2;
      continue;
    }
    for (const checks::KernelDeadlockResult &r : checks::checkDeadlocks(*m, checks::DeadlockOptions{})) {
      os << "  " << p << ": kernel " << r.kernel << ": " << r.verdict;
      if (!r.reason.empty())
        os << " (" << r.reason << ")";
      if (r.verdict == "deadlock" && r.evidenceRun) {
        const checks::DeadlockRun &run = r.runs[*r.evidenceRun];
        os << "\n    cause: " << run.cause;
        for (const checks::StuckProcess &st : run.stuck)
          os << "\n    " << st.partition << ": " << st.why << " [IR " << st.where.irLine << "]";
        os << "\n    (tscope deadlock " << p << " for the trace)";
        rc = 1;
      }
      os << "\n";
    }
    if (rc == 1)
      break;
  }
  return rc;
}

size_t countLines(const std::string &path) {
  std::string err;
  auto buf = support::SourceBuffer::open(path, err);
  if (!buf)
    return 0;
  size_t n = 0;
  for (char c : buf->text())
    n += c == '\n';
  return n + (!buf->text().empty() && buf->text().back() != '\n');
}

void printTail(const std::string &path, const std::string &shown, size_t lines) {
  std::string err;
  auto buf = support::SourceBuffer::open(path, err);
  if (!buf || buf->text().empty())
    return;
  std::string_view t = buf->text();
  while (!t.empty() && t.back() == '\n')
    t.remove_suffix(1);
  size_t at = t.size();
  for (size_t i = 0; i < lines && at != std::string_view::npos && at > 0; ++i)
    at = t.rfind('\n', at - 1);
  size_t from = (at == std::string_view::npos) ? 0 : at + 1;
  std::cout << "last lines of " << shown << ":\n";
  std::string_view tail = t.substr(from);
  size_t b = 0;
  while (b <= tail.size()) {
    size_t e = tail.find('\n', b);
    if (e == std::string_view::npos)
      e = tail.size();
    std::cout << "  | " << tail.substr(b, e - b) << "\n";
    b = e + 1;
  }
}

/// One argument as a POSIX shell reads it back: bare when it holds only
/// safe characters, else in single quotes (a quote inside as '\'').
std::string shellQuoted(const std::string &a) {
  if (!a.empty() && a.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_@%+=:,./-") ==
                        std::string::npos)
    return a;
  std::string q = "'";
  for (char c : a)
    q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

bool nonEmptyDir(const std::filesystem::path &p) {
  std::error_code ec;
  return std::filesystem::is_directory(p, ec) && !std::filesystem::is_empty(p, ec);
}

} // namespace

Command makeRunCommand() {
  return {"run", "Run a Triton program with dump variables set (presets) and index what it wrote",
          [](CLI::App &app) {
            struct Opts {
              std::vector<std::string> presetNames, command;
              std::string out = "tscope-run", kernel;
              double timeout = 0;
              bool explain = false, quiet = false;
            };
            auto o = std::make_shared<Opts>();
            std::string names;
            for (const dumps::Preset &p : dumps::presets())
              names += std::string(names.empty() ? "" : ", ") + p.name;
            app.add_option("--preset,-p", o->presetNames, "what to dump: " + names + " (repeatable)");
            app.add_option("-o,--output", o->out, "output folder; gets dump/, cache/, stdout.log, stderr.log")
                ->capture_default_str();
            addDeprecatedAlias(app, "--out", "--output", o->out);
            app.add_flag("-q,--quiet", o->quiet,
                         "do not show the program's output as it runs (it is kept in stdout.log and stderr.log "
                         "either way)");
            app.add_option("--kernel", o->kernel, "with --preset passes: dump only this kernel's passes");
            app.add_option("--timeout", o->timeout,
                           "seconds before the run is ended (its process group killed); 0: none")
                ->capture_default_str();
            app.add_flag("--explain", o->explain, "print each preset's variables and what they do, then exit");
            app.add_option("command", o->command, "the program and its arguments, after --");
            return [o]() -> int {
              std::vector<const dumps::Preset *> chosen;
              for (const std::string &n : o->presetNames) {
                const dumps::Preset *p = dumps::findPreset(n);
                if (!p) {
                  std::cerr << "error: unknown preset '" << n << "'\n";
                  return kExitBadInput;
                }
                chosen.push_back(p);
              }
              if (o->explain) {
                dumps::explainPresets(std::cout, chosen);
                return kExitClean;
              }
              if (o->command.empty()) {
                std::cerr << "error: no command to run (tscope run [--preset P] -- python3 k.py)\n";
                return kExitBadInput;
              }
              namespace fs = std::filesystem;
              fs::path out(o->out), dump = out / "dump", cache = out / "cache";
              if (nonEmptyDir(dump) || nonEmptyDir(cache)) {
                std::cerr << "error: " << o->out << " already holds a run (dump/ or cache/ is not empty); "
                          << "choose another -o\n";
                return kExitBadInput;
              }
              std::error_code ec;
              fs::create_directories(dump, ec);
              fs::create_directories(cache, ec);
              if (ec) {
                std::cerr << "error: cannot create " << o->out << ": " << ec.message() << "\n";
                return kExitBadInput;
              }
              // Triton gets absolute folders: the program may change directory.
              auto env = dumps::runEnvironment(chosen, fs::absolute(dump).string(), fs::absolute(cache).string(),
                                               o->kernel);
              std::string cmdline;
              for (const std::string &a : o->command)
                cmdline += (cmdline.empty() ? "" : " ") + shellQuoted(a);
              std::cout << "tscope run: " << cmdline << "\n";
              for (auto &[k, v] : env) {
                std::string shown = v;
                if (k == "TRITON_DUMP_DIR")
                  shown = dump.string();
                else if (k == "TRITON_CACHE_DIR")
                  shown = cache.string();
                std::cout << "  " << k << "=" << shown << "\n";
              }
              std::cout.flush();
              dumps::ChildOptions co;
              co.argv = o->command;
              co.env = env;
              co.stdoutPath = (out / "stdout.log").string();
              co.stderrPath = (out / "stderr.log").string();
              co.timeoutSeconds = o->timeout;
              co.echo = !o->quiet;
              dumps::ChildResult r = dumps::runChild(co);
              if (!r.started) {
                std::cerr << "error: " << r.error << "\n";
                return kExitBadInput;
              }
              std::string how;
              if (r.timedOut)
                how = fmt::format("ended by --timeout after {:.1f} s (SIGTERM to its process group{})", r.seconds,
                                  r.needsKill ? ", then SIGKILL" : "");
              else if (r.interrupted)
                how = fmt::format("interrupted after {:.1f} s (SIGINT to its process group{})", r.seconds,
                                  r.needsKill ? ", then SIGKILL" : "");
              else if (r.termSignal)
                how = fmt::format("killed by signal {} after {:.1f} s", r.termSignal, r.seconds);
              else
                how = fmt::format("exit status {} after {:.1f} s", r.exitCode, r.seconds);
              std::cout << how << "; " << (out / "stdout.log").string() << " " << countLines(co.stdoutPath)
                        << " lines, " << (out / "stderr.log").string() << " " << countLines(co.stderrPath)
                        << " lines\n";
              if (r.strayKilled)
                std::cout << "note: processes of the run's group outlived it and were ended\n";
              bool failed = r.timedOut || r.interrupted || r.termSignal || r.exitCode != 0;
              // Shown live already unless --quiet.
              if (failed && !r.timedOut && o->quiet)
                printTail(co.stderrPath, (out / "stderr.log").string(), 8);
              std::string err;
              auto idx = dumps::indexDirectory(out.string(), err);
              if (idx) {
                std::cout << "\n";
                dumps::writeIndexText(std::cout, *idx);
              }
              if (r.timedOut) {
                std::cout << "\nnote: the run did not finish within " << o->timeout
                          << " s; a hang is the usual sign of a barrier deadlock (an mbarrier wait that never "
                             "completes). Checking the TTGIR of this run, newest first:\n";
                dumps::DeadlockCheck check = checkHungRun;
                check(idx ? dumps::runTtgirFiles(*idx) : std::vector<std::string>{}, std::cout);
              }
              return failed ? kExitFindings : kExitClean;
            };
          }};
}

} // namespace tscope::cli
