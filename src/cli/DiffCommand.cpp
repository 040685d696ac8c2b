// `tscope diff A B`: two builds of a kernel (files, dump or cache folders,
// two configs of an autotune run, two Triton versions) compared: IR aligned
// op by op, op counts, barrier protocol, resources, verdicts.
#include <iostream>

#include "checks/CheckRegistry.h"
#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "cli/ModelOptions.h"
#include "driver/KernelDiff.h"
#include "render/DiffRender.h"

namespace tscope::cli {

Command makeDiffCommand() {
  return {"diff", "Compare two builds of a kernel: aligned IR, op counts, barriers, registers, verdicts",
          [](CLI::App &app) {
            struct Opts {
              std::string a, b, format = "text", kernel;
              std::vector<std::string> disabled;
              int context = 3;
              bool noChecks = false;
              ModelCliOptions model;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("A", o->a, "old side: TTGIR file, kernel folder, TRITON_KERNEL_DUMP dir or cache")
                ->required();
            app.add_option("B", o->b, "new side, of the same kinds")->required();
            app.add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
            app.add_option("--context", o->context, "unchanged ops shown around each change (default 3)")
                ->check(CLI::Range(0, 1000));
            app.add_option("--disable", o->disabled, "skip a check id on both sides (repeatable)")
                ->allow_extra_args(false);
            app.add_flag("--no-checks", o->noChecks,
                         "compare IR, barriers and resources only: run no analysis (no verdicts or findings)");
            addModelOptions(app, o->model);
            addKernelOption(app, o->kernel);
            return [o]() -> int {
              driver::CheckOptions opts;
              for (const std::string &id : o->disabled) {
                if (!checks::isCheckId(id)) {
                  std::cerr << "error: --disable: no check named '" << id << "' (see tscope check --list-checks)\n";
                  return kExitBadInput;
                }
                opts.disabled.insert(id);
              }
              if (o->noChecks)
                for (const checks::CheckId &id : checks::allCheckIds())
                  opts.disabled.insert(id.id);
              auto bounds = toDeadlockOptions(o->model);
              if (!bounds || !checkArgNamesInPaths({o->a, o->b}, "", bounds->bindings.args, std::cerr))
                return kExitBadInput;
              opts.deadlock = *bounds;
              opts.filter.kernelGlob = o->kernel;
              bool bad = false;
              render::DiffReport rep = driver::buildDiff(o->a, o->b, opts, std::cerr, bad);
              // --kernel: the pairs (and unpaired kernels) of matching kernels; a file of several keeps them all.
              auto matches = [&](const std::string &k) { return driver::kernelNameMatches(o->kernel, k); };
              std::erase_if(rep.kernels, [&](const render::KernelDiff &k) { return !matches(k.kernel) && !matches(k.kernelA); });
              for (auto *u : {&rep.unpairedA, &rep.unpairedB})
                std::erase_if(*u, [&](const std::string &s) { return !matches(s.substr(0, s.find(" ("))); });
              if (!o->kernel.empty() && rep.kernels.empty() && rep.unpairedA.empty() && rep.unpairedB.empty()) {
                std::cerr << "error: no kernel of " << o->a << " or " << o->b << " matches --kernel " << o->kernel << "\n";
                return kExitBadInput;
              }
              rep.checksRun = !o->noChecks;
              if (o->format == "json")
                std::cout << render::diffJson(rep).dump(2) << "\n";
              else
                render::diffText(std::cout, rep, o->context);
              if (bad || rep.kernels.empty())
                return kExitBadInput;
              // 1 when B regressed: it has an error A has not.
              return render::diffHasRegressions(rep) ? kExitFindings : kExitClean;
            };
          }};
}

} // namespace tscope::cli
