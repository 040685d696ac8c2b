// `tscope interp FILE --arg NAME=V --pid X,Y,Z --grid X,Y,Z --trace`: runs the
// scalar interpreter over each function and each warp_specialize region it
// reaches, and prints how each ended (with --trace, every event on the way).
#include <deque>
#include <fmt/format.h>
#include <iostream>
#include <map>

#include "cli/Command.h"
#include "cli/CommonOptions.h"
#include "cli/LoadModule.h"
#include "cli/ModelOptions.h"
#include "interp/OpText.h"
#include "interp/Process.h"

namespace tscope::cli {
namespace {

/// Ops reported when no --event is given: barriers, TMA, async copies,
/// warp specialization — what the deadlock, TMA and race checks look at.
const std::vector<std::string> kDefaultEvents = {
    "ttng.*", "nvws.*", "tlx.*", "tt.descriptor_*", "ttg.async_*", "ttg.warp_specialize",
    "gpu.barrier"};

bool matches(std::string_view name, const std::vector<std::string> &patterns) {
  for (const std::string &p : patterns) {
    if (!p.empty() && p.back() == '*') {
      if (name.substr(0, p.size() - 1) == std::string_view(p).substr(0, p.size() - 1))
        return true;
    } else if (name == p) {
      return true;
    }
  }
  return false;
}

/// The regions of a ttg.warp_specialize with their names: the default region,
/// then partition0.. (pretty form: regions 1..; MLIR's generic form keeps
/// them in a ttg.warp_specialize.partitions op inside region 1).
std::vector<std::pair<std::string, const ir::Region *>> wsRegions(const ir::Operation &ws) {
  std::vector<std::pair<std::string, const ir::Region *>> out;
  int partition = 0;
  for (const ir::Region *r = ws.firstRegion; r; r = r->next) {
    if (r->index == 0) {
      out.emplace_back("default", r);
      continue;
    }
    const ir::Operation *holder = r->first ? r->first->first : nullptr;
    if (holder && holder->is("ttg.warp_specialize.partitions")) {
      for (const ir::Region *p = holder->firstRegion; p; p = p->next)
        out.emplace_back(fmt::format("partition{}", partition++), p);
      continue;
    }
    out.emplace_back(fmt::format("partition{}", partition++), r);
  }
  return out;
}

std::string formatEvent(const interp::Process &p, const ir::Operation &op) {
  const ir::Module &m = p.program().module();
  std::string s = fmt::format("line {}: {}", op.line, op.opName());
  for (uint32_t i = 0; i < op.numOperands; ++i) {
    const ir::Value *v = op.operand(i);
    interp::Scalar x = p.operand(i);
    s += i ? ", " : " ";
    s += interp::valueName(m, *v);
    if (x.isKnown())
      s += "=" + x.str();
    else if (x.reason() != interp::Reason::NotInteger)
      s += "=?";
  }
  std::string loops;
  for (const interp::LoopFrame &f : p.loops()) {
    const ir::Operation *loop = p.program().opAt(f.instr);
    const ir::Region *body = loop ? loop->region(0) : nullptr;
    std::string iv = body && body->first && body->first->numArgs
                         ? interp::valueName(m, body->first->args[0])
                         : "iv";
    loops += fmt::format("{}{}={}", loops.empty() ? "" : " ", iv, f.iv);
  }
  if (!loops.empty())
    s += " [" + loops + "]";
  return s;
}

struct Options {
  std::string file;
  std::vector<std::string> args;
  std::string pid = "0,0,0";
  std::string grid;
  std::vector<std::string> events;
  std::string function;
  std::string kernel; ///< `--kernel GLOB`
  bool trace = false;
  int64_t maxEvents = 10000;
};

int run(const Options &o) {
  if (o.maxEvents < 1) {
    std::cerr << "error: --max-events expects a number >= 1, got " << o.maxEvents << "\n";
    return kExitBadInput;
  }
  interp::Bindings b;
  auto args = parseArgOptions(o.args);
  if (!args)
    return kExitBadInput;
  b.args = std::move(*args);
  auto pid = interp::parseDim3(o.pid, 0);
  if (!pid) {
    std::cerr << "error: --pid expects X[,Y[,Z]] (non-negative integers), got '" << o.pid
              << "'\n";
    return kExitBadInput;
  }
  b.programId = *pid;
  if (!o.grid.empty()) {
    auto grid = parseGridOption(o.grid);
    if (!grid)
      return kExitBadInput;
    for (int i = 0; i < 3; ++i)
      if ((*pid)[i] >= (*grid)[i]) {
        std::cerr << fmt::format("error: --pid {} is outside --grid {}\n", o.pid, o.grid);
        return kExitBadInput;
      }
    b.numPrograms = *grid;
  }
  auto m = loadModule(o.file);
  if (!m || !checkArgNames({m.get()}, b.args, o.file, std::cerr) || !requireKernelMatch(o.kernel, *m, o.file))
    return kExitBadInput;
  const std::vector<std::string> &patterns = o.events.empty() ? kDefaultEvents : o.events;
  // Functions: ops named <dialect>.func with a body, in file order.
  std::vector<FunctionArguments> funcs = functionArguments(*m);
  int rc = kExitClean;
  bool any = false;
  for (const FunctionArguments &fa : funcs) {
    const std::string &sym = fa.symbol;
    if (!o.function.empty() && sym != "@" + o.function && sym != o.function)
      continue;
    if (!driver::kernelNameMatches(o.kernel, sym.substr(sym.rfind('@') + 1)))
      continue;
    any = true;
    // A name another function of the file has is for that function; with
    // --function every name must be this function's.
    interp::Bindings own = b;
    if (o.function.empty())
      std::erase_if(own.args,
                    [&](const interp::Bindings::Arg &a) { return argumentsNamed(a.name, fa).empty(); });
    interp::Program prog(*m, *fa.function);
    std::vector<std::string> errors;
    interp::Process root = interp::Process::start(prog, own, &errors);
    for (const std::string &e : errors)
      std::cerr << o.file << ": error: " << sym << ": " << e << "\n";
    if (!errors.empty()) {
      rc = kExitBadInput;
      continue;
    }
    interp::EventSet events = prog.select([&](const ir::Operation &op) {
      return matches(op.opName(), patterns) || op.is("ttg.warp_specialize");
    });
    // Breadth-first: the function, then each region it entered, in order.
    std::deque<std::pair<std::string, interp::Process>> queue;
    queue.emplace_back(sym, std::move(root));
    std::map<std::string, int> instances;
    while (!queue.empty()) {
      auto [name, p] = std::move(queue.front());
      queue.pop_front();
      uint64_t n = 0;
      std::string end;
      for (;;) {
        interp::StepResult r = p.step(events);
        if (r.isDone()) {
          end = fmt::format("done, {} events", n);
          break;
        }
        if (r.isUnknown()) {
          end = fmt::format("stopped after {} events: {}", n, r.describe(*m));
          break;
        }
        if (n == static_cast<uint64_t>(o.maxEvents)) {
          end = fmt::format("stopped after {} events (--max-events)", n);
          break;
        }
        const ir::Operation &op = *r.op;
        bool fork = op.is("ttg.warp_specialize");
        if (fork || matches(op.opName(), patterns)) {
          ++n;
          if (o.trace)
            std::cout << name << ": " << formatEvent(p, op) << "\n";
        }
        if (!fork)
          continue;
        for (auto &[region, r2] : wsRegions(op)) {
          std::string child = name + "/" + region;
          int k = ++instances[child];
          if (k > 1)
            child += fmt::format("#{}", k);
          if (auto c = p.enterRegion(*r2))
            queue.emplace_back(child, std::move(*c));
        }
      }
      std::cout << name << ": " << end << "\n";
    }
  }
  if (!any) {
    std::cerr << o.file << ": error: no function"
              << (o.function.empty() ? "" : " named '" + o.function + "'") << "\n";
    return kExitBadInput;
  }
  return rc;
}

} // namespace

Command makeInterpCommand() {
  return {"interp",
          "Run the scalar interpreter (arith, scf, program ids) and print each "
          "function's and partition's events",
          [](CLI::App &app) {
            auto o = std::make_shared<Options>();
            app.add_option("file", o->file, "TTGIR/TTIR file ('-' for stdin)")->required();
            app.add_option("--arg", o->args,
                           "bind a function argument: NAME=V (SSA name %K, or the Python "
                           "name K); repeatable");
            app.add_option("--pid", o->pid, "program id X[,Y[,Z]] (default 0,0,0)");
            app.add_option("--grid", o->grid,
                           "number of programs X[,Y[,Z]] for tt.get_num_programs");
            app.add_option("--event", o->events,
                           "op name reported as an event, `prefix*` allowed; repeatable "
                           "(default: ttng.*, nvws.*, tlx.*, tt.descriptor_*, ttg.async_*, "
                           "ttg.warp_specialize, gpu.barrier)");
            app.add_option("--function", o->function, "only this function (@name or name)");
            addKernelOption(app, o->kernel);
            app.add_flag("--trace", o->trace, "print every event with its operand values");
            app.add_option("--max-events", o->maxEvents,
                           "stop a process after this many events (default 10000)");
            return [o]() -> int { return run(*o); };
          }};
}

} // namespace tscope::cli
