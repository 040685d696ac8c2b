// `tscope record [-o launches.jsonl] -- CMD...`: run a Python program with
// tscope's launch recorder on PYTHONPATH (python/tscope_record).
#include <cstdlib>
#include <dlfcn.h>
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
namespace {

/// Why no GPU can run kernels here, or "" when one can: the CUDA driver
/// (libcuda.so.1: cuInit, cuDeviceGetCount) or, failing that, ROCm's HIP
/// runtime (libamdhip64.so: hipGetDeviceCount). Asked before the program
/// runs, so a machine without a GPU gets one line instead of the driver's
/// traceback from inside Triton.
std::string whyNoGpu() {
  std::string why;
  if (void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL)) {
    using InitFn = int (*)(unsigned);
    using CountFn = int (*)(int *);
    auto init = reinterpret_cast<InitFn>(dlsym(cuda, "cuInit"));
    auto count = reinterpret_cast<CountFn>(dlsym(cuda, "cuDeviceGetCount"));
    int n = 0;
    if (init && count) {
      int rc = init(0);
      if (rc == 0 && count(&n) == 0 && n > 0)
        return {};
      why = rc != 0 ? "the CUDA driver is installed but cuInit failed (error " + std::to_string(rc) +
                          "; is the GPU visible to this process? CUDA_VISIBLE_DEVICES, container flags)"
                    : "the CUDA driver sees no device";
    } else {
      why = "libcuda.so.1 lacks cuInit";
    }
  } else {
    why = "no NVIDIA driver (libcuda.so.1 not found)";
  }
  if (void *hip = dlopen("libamdhip64.so", RTLD_NOW | RTLD_LOCAL)) {
    using CountFn = int (*)(int *);
    auto count = reinterpret_cast<CountFn>(dlsym(hip, "hipGetDeviceCount"));
    int n = 0;
    if (count && count(&n) == 0 && n > 0)
      return {};
    why += "; the ROCm runtime sees no device";
  }
  return why;
}

/// Where the recorder (sitecustomize.py) is: $TSCOPE_PYTHON_DIR, then an
/// installed copy beside the binary (<prefix>/share/tscope/python), then the
/// source tree the binary was built from.
std::string recorderDir() {
  const char *dirEnv = std::getenv("TSCOPE_PYTHON_DIR");
  if (dirEnv && *dirEnv)
    return dirEnv;
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    std::filesystem::path installed = exe.parent_path().parent_path() / "share" / "tscope" / "python";
    if (std::filesystem::exists(installed / "sitecustomize.py", ec))
      return installed.string();
  }
  return TSCOPE_PYTHON_DIR;
}

} // namespace

Command makeRecordCommand() {
  return {"record", "Run a Python program and record every Triton launch (grid, args, descriptors)",
          [](CLI::App &app) {
            struct Opts {
              std::string out = "launches.jsonl";
              std::vector<std::string> cmd;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("-o,--output", o->out, "the JSON-lines file to append to")->capture_default_str();
            app.add_option("cmd", o->cmd, "the command, after --")->required();
            app.allow_extras(false);
            return [o]() -> int {
              // TSCOPE_RECORD_SKIP_GPU_CHECK=1: run anyway (a program that records
              // without launching, as the tests do).
              const char *skip = std::getenv("TSCOPE_RECORD_SKIP_GPU_CHECK");
              if (!(skip && std::string(skip) == "1")) {
                std::string why = whyNoGpu();
                if (!why.empty()) {
                  std::cerr << "tscope record: no usable GPU: " << why
                            << "; recording needs the program's kernels to launch (tscope check reads IR "
                               "without one)\n";
                  return kExitBadInput;
                }
              }
              std::string dir = recorderDir();
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
