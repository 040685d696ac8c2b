// ModelOptions: parsing and checking of the model checkers' shared bounds and
// of `--arg` names against the kernels they are meant for.
#include "cli/ModelOptions.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <iostream>

#include "checks/model/Coverage.h"
#include "cli/CommonOptions.h"
#include "cli/FindingsOutput.h"
#include "cli/LoadModule.h"
#include "driver/CheckInputs.h"
#include "interp/OpText.h"
#include "ir/Attribute.h"
#include "ir/Parser.h"

namespace tscope::cli {

namespace {

/// The most values `--trips N` may ask for: each is one bounded run of the
/// model per unbound argument, so a larger N is a typo, not a plan.
constexpr int64_t kMaxTrips = 100'000;

/// Levenshtein distance of two short names (a suggestion for a misspelt --arg).
size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j)
    row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

} // namespace

void addModelOptions(CLI::App &app, ModelCliOptions &o) {
  app.add_option("--arg", o.args, "NAME=VALUE for a kernel argument (repeatable)")->allow_extra_args(false);
  app.add_option("--grid", o.grid, "X[,Y,Z]: the launch grid (tt.get_num_programs), each axis >= 1");
  app.add_option("--try", o.tryValues, "values (>= 0) tried for unbound integer arguments");
  app.add_option("--trips", o.trips, "try unbound integer arguments with 1..N (N >= 1)")
      ->each([&o](const std::string &) { o.tripsGiven = true; });
  app.add_option("--max-states", o.maxStates, "states explored per run before giving up (>= 1)");
  app.add_option("--proof-states", o.proofStates,
                 "states the proof for every trip count explores before it gives up; some state must recur "
                 "shifted within 40% of them (>= 1)")
      ->capture_default_str();
  app.add_option("--max-memory", o.maxMemoryMb,
                 "MiB of heap in use past which a search stops with an unknown verdict (0: no limit)")
      ->capture_default_str();
  app.add_option("--timeout", o.timeoutSeconds,
                 "seconds of model checking per kernel file, past which its search stops with an unknown "
                 "verdict and the next file is checked (0: none)")
      ->capture_default_str();
  app.add_flag("--no-proof", o.noProof,
               "skip the proof for every trip count (docs/Deadlock.md); decide on the bounded runs only");
  app.add_flag("--no-reduction", o.noReduction,
               "explore every interleaving: no partial-order reduction of steps that commute (docs/Deadlock.md "
               "\"Fewer interleavings\")");
}

std::optional<std::array<int64_t, 3>> parseGridOption(const std::string &text, const char *option) {
  auto g = interp::parseDim3(text, 1);
  if (!g) {
    std::cerr << "error: " << option << " expects X[,Y[,Z]] (whole numbers >= 1), got '" << text << "'\n";
    return std::nullopt;
  }
  for (int64_t axis : *g)
    if (axis < 1) {
      std::cerr << "error: " << option << " '" << text
                << "': every axis must be at least 1 (a launch of zero programs runs nothing)\n";
      return std::nullopt;
    }
  return g;
}

std::optional<std::vector<interp::Bindings::Arg>> parseArgOptions(const std::vector<std::string> &args) {
  std::vector<interp::Bindings::Arg> out;
  for (const std::string &a : args) {
    auto b = interp::parseArgBinding(a);
    if (!b) {
      std::cerr << "error: --arg expects NAME=INTEGER, got '" << a << "'\n";
      return std::nullopt;
    }
    out.push_back(*b);
  }
  return out;
}

std::optional<checks::DeadlockOptions> toDeadlockOptions(const ModelCliOptions &o) {
  checks::DeadlockOptions opts;
  auto args = parseArgOptions(o.args);
  if (!args)
    return std::nullopt;
  opts.bindings.args = std::move(*args);
  if (!o.grid.empty()) {
    auto g = parseGridOption(o.grid);
    if (!g)
      return std::nullopt;
    opts.bindings.numPrograms = *g;
    opts.gridSet = true;
  }
  for (int64_t v : o.tryValues)
    if (v < 0) {
      std::cerr << "error: --try expects values >= 0 (trip counts and sizes), got " << v << "\n";
      return std::nullopt;
    }
  if (o.tripsGiven && (o.trips < 1 || o.trips > kMaxTrips)) {
    std::cerr << fmt::format("error: --trips expects N from 1 to {} (unbound integer arguments are tried with "
                             "1..N), got {}\n",
                             kMaxTrips, o.trips);
    return std::nullopt;
  }
  if (o.maxStates < 1) {
    std::cerr << "error: --max-states expects a number >= 1, got " << o.maxStates << "\n";
    return std::nullopt;
  }
  if (o.proofStates < 1) {
    std::cerr << "error: --proof-states expects a number >= 1, got " << o.proofStates << "\n";
    return std::nullopt;
  }
  if (o.maxMemoryMb < 0) {
    std::cerr << "error: --max-memory expects MiB >= 0 (0: no limit), got " << o.maxMemoryMb << "\n";
    return std::nullopt;
  }
  if (!(o.timeoutSeconds >= 0)) {
    std::cerr << "error: --timeout expects seconds >= 0 (0: none), got " << o.timeoutSeconds << "\n";
    return std::nullopt;
  }
  if (!o.tryValues.empty())
    opts.tryValues = o.tryValues;
  if (o.tripsGiven) {
    opts.tryValues.clear();
    for (int64_t i = 1; i <= o.trips; ++i)
      opts.tryValues.push_back(i);
  }
  opts.maxStates = static_cast<size_t>(o.maxStates);
  opts.proveTrips = !o.noProof;
  opts.proofStates = static_cast<size_t>(o.proofStates);
  opts.reduction = !o.noReduction;
  opts.maxMemoryMb = static_cast<size_t>(o.maxMemoryMb);
  if (o.timeoutSeconds > 0)
    opts.deadline = std::chrono::steady_clock::now() +
                    std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                        std::chrono::duration<double>(o.timeoutSeconds));
  opts.timeoutSeconds = o.timeoutSeconds;
  return opts;
}

std::string functionSymbol(const ir::Module &m, const ir::Operation &f) {
  if (f.form == ir::Operation::Form::Generic) {
    auto name = ir::getAttr(m, f, "sym_name").asString();
    return name ? "@" + *name : std::string("@?");
  }
  std::string_view text = m.str(f.range);
  size_t at = text.find('@');
  if (at == std::string_view::npos)
    return "@?";
  size_t e = at + 1;
  while (e < text.size() &&
         (std::isalnum(static_cast<unsigned char>(text[e])) || text[e] == '_' || text[e] == '.' || text[e] == '$'))
    ++e;
  return std::string(text.substr(at, e - at));
}

std::vector<FunctionArguments> functionArguments(const ir::Module &m) {
  std::vector<FunctionArguments> out;
  // Explicit worklist in file order: (builtin|gpu.)module nests, functions hold the arguments.
  std::vector<const ir::Operation *> work;
  for (const ir::Chunk &c : m.chunks())
    for (const ir::Operation *op = c.body && c.body->first ? c.body->first->first : nullptr; op; op = op->next)
      work.push_back(op);
  for (size_t i = 0; i < work.size(); ++i) {
    const ir::Operation *op = work[i];
    if (op->is("builtin.module") || op->is("module") || op->is("gpu.module")) {
      std::vector<const ir::Operation *> kids;
      for (const ir::Region *r = op->firstRegion; r; r = r->next)
        for (const ir::Block *b = r->first; b; b = b->next)
          for (const ir::Operation *x = b->first; x; x = x->next)
            kids.push_back(x);
      work.insert(work.begin() + static_cast<std::ptrdiff_t>(i) + 1, kids.begin(), kids.end());
      continue;
    }
    if (op->name->opName() != "func" || !op->numRegions)
      continue;
    FunctionArguments f;
    f.function = op;
    f.symbol = functionSymbol(m, *op);
    const ir::Region *body = op->region(0);
    const ir::Block *b = body ? body->first : nullptr;
    for (uint32_t a = 0; b && a < b->numArgs; ++a) {
      const ir::Value &v = b->args[a];
      unsigned w = interp::intWidth(m.str(v.type));
      f.args.push_back({std::string(m.str(v.name)), interp::argLocName(m, v), std::string(m.str(v.type)),
                        w != 0 && w != interp::kTooWide});
    }
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<const ArgumentName *> argumentsNamed(std::string_view name, const FunctionArguments &f) {
  std::vector<const ArgumentName *> hits;
  bool bare = !name.starts_with('%');
  for (const ArgumentName &a : f.args)
    if (bare ? a.ssa.size() == name.size() + 1 && a.ssa[0] == '%' && std::string_view(a.ssa).substr(1) == name
             : a.ssa == name)
      hits.push_back(&a);
  if (hits.empty() && bare)
    for (const ArgumentName &a : f.args)
      if (!a.python.empty() && a.python == name)
        hits.push_back(&a);
  return hits;
}

bool checkArgNames(const std::vector<const ir::Module *> &modules, const std::vector<interp::Bindings::Arg> &bindings,
                   const std::string &where, std::ostream &err) {
  if (bindings.empty())
    return true;
  std::vector<FunctionArguments> funcs;
  for (const ir::Module *m : modules)
    for (FunctionArguments &f : functionArguments(*m))
      funcs.push_back(std::move(f));
  // "@k: %xnumel, %ynumel, %arg3 (K)": what each function lets --arg bind.
  std::string list;
  std::vector<std::string> candidates;
  for (const FunctionArguments &f : funcs) {
    std::string names;
    for (const ArgumentName &a : f.args) {
      if (!a.integer)
        continue;
      names += names.empty() ? "" : ", ";
      names += a.ssa;
      if (!a.python.empty() && "%" + a.python != a.ssa)
        names += " (" + a.python + ")";
      candidates.push_back(a.ssa.substr(a.ssa.starts_with('%') ? 1 : 0));
      if (!a.python.empty())
        candidates.push_back(a.python);
    }
    list += fmt::format("{}{}: {}", list.empty() ? "" : "; ", f.symbol, names.empty() ? "none" : names);
  }
  if (list.empty())
    list = "no functions";
  bool ok = true;
  for (const interp::Bindings::Arg &b : bindings) {
    const ArgumentName *nonInteger = nullptr;
    const FunctionArguments *owner = nullptr;
    bool found = false;
    for (const FunctionArguments &f : funcs)
      for (const ArgumentName *a : argumentsNamed(b.name, f)) {
        if (a->integer)
          found = true;
        else if (!nonInteger) {
          nonInteger = a;
          owner = &f;
        }
      }
    if (found)
      continue;
    ok = false;
    if (nonInteger) {
      err << fmt::format("error: --arg {}: argument {} of {} is not an integer (type {}); integer arguments: {}\n",
                         b.name, nonInteger->ssa, owner->symbol, nonInteger->type, list);
      continue;
    }
    // The nearest name (at most two edits, and fewer than the name is long).
    std::string_view bare = std::string_view(b.name).substr(b.name.starts_with('%') ? 1 : 0);
    std::string best;
    size_t bestDist = std::min<size_t>(3, bare.size());
    for (const std::string &c : candidates) {
      size_t d = editDistance(bare, c);
      if (d < bestDist) {
        bestDist = d;
        best = c;
      }
    }
    err << fmt::format("error: --arg {}: no kernel argument named '{}' in {}{} (integer arguments: {})\n", b.name,
                       b.name, where, best.empty() ? "" : fmt::format("; did you mean '{}'?", best), list);
  }
  return ok;
}

bool checkArgNamesInPaths(const std::vector<std::string> &paths, const std::string &launches,
                          const std::vector<interp::Bindings::Arg> &bindings, std::ostream &err,
                          const driver::InputFilter &filter) {
  if (bindings.empty())
    return true;
  driver::InputSet inputs = driver::collectInputs(paths, launches, filter);
  std::vector<std::unique_ptr<ir::Module>> owned;
  std::vector<const ir::Module *> modules;
  for (const driver::CheckInput &in : inputs.files) {
    std::string why;
    auto buf = support::SourceBuffer::open(in.path, why);
    if (!buf)
      continue;
    support::Diagnostics quiet;
    auto m = ir::parseModule(std::move(buf), quiet);
    if (quiet.errorCount())
      continue;
    modules.push_back(m.get());
    owned.push_back(std::move(m));
  }
  if (modules.empty())
    return true;
  std::string where = inputs.files.size() == 1 ? inputs.files.front().path
                                               : fmt::format("any of the {} files", inputs.files.size());
  return checkArgNames(modules, bindings, where, err);
}

bool checkLaunchOptions(const ir::Module &m, const std::string &file, const std::vector<std::string> &args,
                        const std::string &grid) {
  if (!grid.empty() && !parseGridOption(grid))
    return false;
  auto bindings = parseArgOptions(args);
  return bindings && checkArgNames({&m}, *bindings, file, std::cerr);
}

Command modelCommand(const char *name, const char *description, const char *schema, ModelRun run) {
  return {name, description, [run, schema](CLI::App &app) {
            struct Opts {
              std::string file;
              ModelCliOptions model;
              FindingsCliOptions findings;
            };
            auto o = std::make_shared<Opts>();
            app.add_option("file", o->file, "TTGIR file")->required();
            addModelOptions(app, o->model);
            addFindingsOptions(app, o->findings, {"text", "json", "sarif"});
            return [o, run, schema]() -> int {
              auto parsed = toDeadlockOptions(o->model);
              auto disabled = checkFindingsOptions(o->findings);
              if (!parsed || !disabled)
                return kExitBadInput;
              auto m = loadModule(o->file);
              if (!m || !checkArgNames({m.get()}, parsed->bindings.args, o->file, std::cerr) ||
                  !requireKernelMatch(o->findings.kernel, *m, o->file))
                return kExitBadInput;
              FindingsOutput out(std::cout, schema, o->file, o->findings.format, m->buffer());
              out.filter(o->findings.kernel, *disabled);
              checks::model::CoveragePlans coverage; // the one module's, planned once
              parsed->coverage = &coverage;
              return run(*m, out, *parsed);
            };
          }};
}

} // namespace tscope::cli
