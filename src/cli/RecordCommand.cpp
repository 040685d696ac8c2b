// `tscope record [-o launches.jsonl] -- CMD...`: run a Python program with
// tscope's launch recorder on PYTHONPATH (python/tscope_record).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/Command.h"

#ifndef TSCOPE_PYTHON_DIR
#define TSCOPE_PYTHON_DIR ""
#endif

namespace tscope::cli {

Command makeRecordCommand() {
  return {"record", "Run a Python program and record every Triton launch (grid, args, descriptors)",
          [](CLI::App &app) {
            struct Opts {
              std::string out = "launches.jsonl";
              std::vector<std::string> cmd;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("-o,--output", o->out, "the JSON-lines file to append to");
            app.add_option("cmd", o->cmd, "the command, after --")->required();
            app.allow_extras(false);
            return [o]() -> int {
              const char *dirEnv = std::getenv("TSCOPE_PYTHON_DIR");
              std::string dir = dirEnv && *dirEnv ? dirEnv : TSCOPE_PYTHON_DIR;
              if (dir.empty() || !std::filesystem::exists(std::filesystem::path(dir) / "sitecustomize.py")) {
                std::cerr << "tscope record: the recorder (python/tscope_record) was not found; set TSCOPE_PYTHON_DIR\n";
                return kExitBadInput;
              }
              std::string out = std::filesystem::absolute(o->out).string();
              std::filesystem::remove(out + ".error");
              size_t before = 0;
              {
                std::ifstream in(out);
                std::string l;
                while (std::getline(in, l))
                  ++before;
              }
              const char *pp = std::getenv("PYTHONPATH");
              std::string pythonPath = dir + (pp && *pp ? ":" + std::string(pp) : "");
              pid_t pid = fork();
              if (pid < 0) {
                std::cerr << "tscope record: fork failed\n";
                return kExitBadInput;
              }
              if (pid == 0) {
                setenv("PYTHONPATH", pythonPath.c_str(), 1);
                setenv("TSCOPE_RECORD_FILE", out.c_str(), 1);
                std::vector<char *> argv;
                for (std::string &a : o->cmd)
                  argv.push_back(a.data());
                argv.push_back(nullptr);
                execvp(argv[0], argv.data());
                std::cerr << "tscope record: cannot run " << o->cmd[0] << "\n";
                _exit(127);
              }
              int status = 0;
              waitpid(pid, &status, 0);
              size_t after = 0;
              {
                std::ifstream in(out);
                std::string l;
                while (std::getline(in, l))
                  ++after;
              }
              std::ifstream errFile(out + ".error");
              std::string why;
              if (errFile && std::getline(errFile, why)) {
                std::cerr << "tscope record: error: " << why << "\n";
                std::filesystem::remove(out + ".error");
                return kExitBadInput;
              }
              std::cerr << "tscope record: " << (after - before) << " launch" << (after - before == 1 ? "" : "es")
                        << " recorded in " << o->out << "\n";
              if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
                std::cerr << "tscope record: the program exited with status " << WEXITSTATUS(status) << "\n";
                return WEXITSTATUS(status);
              }
              return kExitClean;
            };
          }};
}

} // namespace tscope::cli
