// StatsReport: families print in instrFamilies() order, opcodes by count.
#include "dumps/StatsReport.h"

#include <algorithm>
#include <fmt/format.h>

namespace tscope::dumps {

void writeStatsText(std::ostream &os, const std::string &file, const InstrStats &st, bool allOpcodes) {
  os << fmt::format("{}: {} ({} kernel{}), static instruction counts\n", file, st.sass ? "SASS" : "PTX",
                    st.kernels.size(), st.kernels.size() == 1 ? "" : "s");
  for (const KernelInstrStats &k : st.kernels) {
    os << fmt::format("\n{}: {} instructions", k.name, k.instructions);
    if (k.reqntid >= 0)
      os << fmt::format(", .reqntid {}", k.reqntid);
    if (k.maxnreg >= 0)
      os << fmt::format(", .maxnreg {}", k.maxnreg);
    os << "\n";
    for (const std::string &f : instrFamilies()) {
      auto it = k.families.find(f);
      uint64_t n = it == k.families.end() ? 0 : it->second;
      os << fmt::format("  {:<18} {:>6}", f, n);
      if (n) {
        std::vector<std::pair<std::string, uint64_t>> ops(k.opcodes.at(f).begin(), k.opcodes.at(f).end());
        std::stable_sort(ops.begin(), ops.end(), [](auto &a, auto &b) { return a.second > b.second; });
        size_t shown = 0;
        os << "  ";
        for (auto &[op, c] : ops) {
          if (!allOpcodes && shown == 4) {
            os << fmt::format(", ... {} more", ops.size() - shown);
            break;
          }
          os << (shown ? ", " : "") << op << " " << c;
          ++shown;
        }
      }
      os << "\n";
    }
    auto regs = [&](const char *what, const std::map<int, uint64_t> &m) {
      if (m.empty())
        return;
      os << "  setmaxnreg " << what << ":";
      for (auto &[v, n] : m)
        os << fmt::format(" {} (x{})", v, n);
      os << "\n";
    };
    regs(st.sass ? "alloc" : "inc", k.setmaxnregInc);
    regs(st.sass ? "dealloc" : "dec", k.setmaxnregDec);
  }
}

nlohmann::json kernelStatsJson(const KernelInstrStats &k) {
  nlohmann::json j;
  j["name"] = k.name;
  j["instructions"] = k.instructions;
  nlohmann::json fam = nlohmann::json::object();
  for (const std::string &f : instrFamilies()) {
    auto it = k.families.find(f);
    fam[f] = it == k.families.end() ? 0 : it->second;
  }
  j["families"] = fam;
  nlohmann::json ops = nlohmann::json::object();
  for (auto &[f, m] : k.opcodes)
    for (auto &[op, c] : m)
      ops[op] = c;
  j["opcodes"] = ops;
  j["maxnreg"] = k.maxnreg;
  j["reqntid"] = k.reqntid;
  auto regs = [](const std::map<int, uint64_t> &m) {
    nlohmann::json a = nlohmann::json::array();
    for (auto &[v, n] : m)
      a.push_back(v);
    return a;
  };
  j["setmaxnreg_inc"] = regs(k.setmaxnregInc);
  j["setmaxnreg_dec"] = regs(k.setmaxnregDec);
  return j;
}

nlohmann::json statsJson(const std::string &file, const InstrStats &st) {
  nlohmann::json out;
  out["file"] = file;
  out["format"] = st.sass ? "sass" : "ptx";
  nlohmann::json ks = nlohmann::json::array();
  for (const KernelInstrStats &k : st.kernels)
    ks.push_back(kernelStatsJson(k));
  out["kernels"] = ks;
  out["findings"] = nlohmann::json::array();
  return out;
}

} // namespace tscope::dumps
