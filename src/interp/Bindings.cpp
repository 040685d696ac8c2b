// Bindings: parsing NAME=V and X,Y,Z, and matching names to arguments.
#include "interp/Bindings.h"
#include "interp/TripShift.h"

#include <fmt/format.h>

#include "interp/OpText.h"
#include "interp/Program.h"
#include "ir/Module.h"
#include "ir/Attribute.h"

namespace tscope::interp {

std::optional<Bindings::Arg> parseArgBinding(std::string_view text) {
  size_t eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return std::nullopt;
  std::string_view name = ir::trim(text.substr(0, eq));
  auto v = parseIntLiteral(text.substr(eq + 1));
  std::string_view lit = ir::trim(text.substr(eq + 1));
  if (!v || name.empty() || lit == "true" || lit == "false")
    return std::nullopt;
  return Bindings::Arg{std::string(name), *v};
}

std::optional<std::array<int64_t, 3>> parseDim3(std::string_view text, int64_t fill) {
  std::array<int64_t, 3> d{fill, fill, fill};
  std::vector<std::string_view> parts;
  ir::splitAttrList(text, ',', parts);
  if (parts.empty() || parts.size() > 3)
    return std::nullopt;
  for (size_t i = 0; i < parts.size(); ++i) {
    auto v = parseIntLiteral(parts[i]);
    if (!v || *v < 0 || parts[i] == "true" || parts[i] == "false")
      return std::nullopt;
    d[i] = *v;
  }
  return d;
}

std::vector<Scalar> bindArguments(const Program &program, const Bindings &bindings,
                                  std::vector<std::string> *errors) {
  const ir::Module &m = program.module();
  const ir::Region *body = program.function().region(0);
  const ir::Block *b = body ? body->first : nullptr;
  uint32_t n = b ? b->numArgs : 0;
  std::vector<Scalar> out(n);
  std::vector<bool> bound(n, false);
  auto report = [&](std::string msg) {
    if (errors)
      errors->push_back(std::move(msg));
  };
  for (uint32_t i = 0; i < n; ++i) {
    unsigned w = intWidth(m.str(b->args[i].type));
    out[i] = w == 0 || w == kTooWide
                 ? Scalar::unknown(w ? Reason::TooWide : Reason::NotInteger, &b->args[i])
                 : Scalar::unknown(Reason::Unbound, &b->args[i], w).withTerm(inputTerm(1, i));
  }
  for (const Bindings::Arg &a : bindings.args) {
    std::string ssa = a.name.starts_with('%') ? a.name : "%" + a.name;
    std::vector<uint32_t> hits;
    for (uint32_t i = 0; i < n; ++i)
      if (m.str(b->args[i].name) == ssa)
        hits.push_back(i);
    if (hits.empty() && !a.name.starts_with('%')) {
      // By NameLoc; a tensor descriptor expands into several arguments of
      // one name, so prefer the single integer among them.
      std::vector<uint32_t> ints;
      for (uint32_t i = 0; i < n; ++i)
        if (argLocName(m, b->args[i]) == a.name) {
          hits.push_back(i);
          unsigned w = intWidth(m.str(b->args[i].type));
          if (w && w != kTooWide)
            ints.push_back(i);
        }
      if (hits.size() > 1 && !ints.empty())
        hits = ints;
    }
    if (hits.empty()) {
      std::string names;
      for (uint32_t i = 0; i < n; ++i) {
        unsigned w = intWidth(m.str(b->args[i].type));
        if (!w || w == kTooWide)
          continue;
        names += names.empty() ? "" : ", ";
        names += m.str(b->args[i].name);
        if (std::string loc = argLocName(m, b->args[i]);
            !loc.empty() && "%" + loc != m.str(b->args[i].name))
          names += fmt::format(" ({})", loc);
      }
      report(fmt::format("no argument named '{}' (integer arguments: {})", a.name,
                         names.empty() ? "none" : names));
      continue;
    }
    if (hits.size() > 1) {
      std::string names;
      for (uint32_t i : hits)
        names += fmt::format("{}{}", names.empty() ? "" : ", ", m.str(b->args[i].name));
      report(fmt::format("argument name '{}' is ambiguous: {}; use the SSA name", a.name,
                         names));
      continue;
    }
    uint32_t i = hits[0];
    const ir::Value &arg = b->args[i];
    unsigned w = intWidth(m.str(arg.type));
    if (!w || w == kTooWide) {
      report(fmt::format("argument {} is not an integer of at most 64 bits (type {})",
                         m.str(arg.name), m.str(arg.type)));
      continue;
    }
    if (bound[i]) {
      report(fmt::format("argument {} is bound twice", m.str(arg.name)));
      continue;
    }
    // The value must fit the width read as signed or as unsigned.
    if (w < 64 && (a.value < -(int64_t(1) << (w - 1)) ||
                   (a.value > 0 && static_cast<uint64_t>(a.value) > Scalar::mask(w)))) {
      report(fmt::format("value {} does not fit argument {} of type {}", a.value,
                         m.str(arg.name), m.str(arg.type)));
      continue;
    }
    bound[i] = true;
    out[i] = Scalar::known(a.value, w);
  }
  return out;
}

} // namespace tscope::interp
