// CommonOptions: registration and checking of the shared options.
#include "cli/CommonOptions.h"

#include <filesystem>

#include "checks/CheckRegistry.h"
#include "driver/SourcePaths.h"

namespace tscope::cli {

void addSourceOptions(CLI::App &app, SourceCliOptions &o) {
  app.add_option("--source-root", o.sourceRoot,
                 "for IR compiled elsewhere: find the Python files its loc() names under DIR (the longest tail "
                 "of each path that exists there)");
  app.add_option("--prefix-map", o.prefixMaps,
                 "OLD=NEW: read a Python path of the IR that starts with OLD from NEW instead (repeatable; "
                 "the first match applies)")
      ->allow_extra_args(false);
}

bool applySourceOptions(const SourceCliOptions &o) {
  driver::SourcePathMap map;
  for (const std::string &p : o.prefixMaps) {
    auto pm = driver::parsePrefixMap(p);
    if (!pm) {
      std::cerr << "error: --prefix-map expects OLD=NEW, got '" << p << "'\n";
      return false;
    }
    map.prefixes.push_back(*pm);
  }
  if (!o.sourceRoot.empty()) {
    std::error_code ec;
    if (!std::filesystem::is_directory(o.sourceRoot, ec)) {
      std::cerr << "error: --source-root " << o.sourceRoot << ": not a directory\n";
      return false;
    }
    map.sourceRoot = o.sourceRoot;
  }
  driver::setSourcePathMap(std::move(map));
  return true;
}

CLI::Option *addKernelOption(CLI::App &app, std::string &glob) {
  return app.add_option("--kernel", glob,
                        "only kernels whose name matches this shell glob (e.g. 'matmul_*'); default: every kernel");
}

bool requireKernelMatch(const std::string &glob, const std::vector<std::string> &kernels, const std::string &path) {
  if (glob.empty())
    return true;
  std::string names;
  std::set<std::string> seen; // a name once: a log compiles a kernel many times
  for (const std::string &k : kernels) {
    if (driver::kernelNameMatches(glob, k))
      return true;
    if (seen.insert(k).second)
      names += (names.empty() ? "" : ", ") + k;
  }
  std::cerr << path << ": error: no kernel matches --kernel " << glob
            << (names.empty() ? std::string(" (it holds no kernel)") : " (its kernels: " + names + ")") << "\n";
  return false;
}

bool requireKernelMatch(const std::string &glob, const std::vector<kernel::Kernel> &kernels, const std::string &path) {
  std::vector<std::string> names;
  for (const kernel::Kernel &k : kernels)
    if (k.entry)
      names.push_back(k.name);
  return requireKernelMatch(glob, names, path);
}

bool requireKernelMatch(const std::string &glob, const ir::Module &m, const std::string &path) {
  return glob.empty() || requireKernelMatch(glob, kernel::Kernel::build(m), path);
}

void addFindingsOptions(CLI::App &app, FindingsCliOptions &o, const std::vector<std::string> &formats) {
  std::string list;
  for (size_t i = 0; i < formats.size(); ++i)
    list += (i ? (i + 1 == formats.size() ? " or " : ", ") : "") + formats[i];
  o.format = formats.front();
  app.add_option("--format", o.format, list)->check(CLI::IsMember(formats))->capture_default_str();
  app.add_option("--disable", o.disabled, "skip a check id (repeatable; tscope check --list-checks lists them)")
      ->allow_extra_args(false);
  addKernelOption(app, o.kernel);
  addSourceOptions(app, o.source);
}

std::optional<std::set<std::string>> checkFindingsOptions(const FindingsCliOptions &o) {
  std::set<std::string> ids;
  for (const std::string &id : o.disabled) {
    if (!checks::isCheckId(id)) {
      std::cerr << "error: --disable: no check named '" << id << "' (see tscope check --list-checks)\n";
      return std::nullopt;
    }
    ids.insert(id);
  }
  if (!applySourceOptions(o.source))
    return std::nullopt;
  return ids;
}

bool resolveInputPaths(std::vector<std::string> &paths, driver::InputFilter &filter) {
  if (!paths.empty())
    return true;
  driver::DefaultInputs d = driver::defaultInputDirs();
  if (!driver::announceDefaultInputs(d, std::cerr))
    return false;
  paths = d.dirs;
  filter.newestFirst = true;
  return true;
}

} // namespace tscope::cli
