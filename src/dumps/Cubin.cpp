// Cubin: ELF64 section headers, the symbol table and `.nv.info` attribute
// records. The record layout (format byte, attribute byte, then a 16-bit size
// and payload for EIFMT_SVAL) and the attribute numbers (EIATTR_REGCOUNT 0x2f,
// EIATTR_FRAME_SIZE 0x11, payload: u32 symbol index, u32 value) are those that
// cuobjdump --dump-elf prints; checked against `ptxas -v` on nvcc builds.
#include "dumps/Cubin.h"

#include <cstring>
#include <map>

namespace tscope::dumps {
namespace {

constexpr uint8_t kFmtNval = 1, kFmtBval = 2, kFmtHval = 3, kFmtSval = 4;
constexpr uint8_t kAttrFrameSize = 0x11, kAttrRegCount = 0x2f;
constexpr uint32_t kShtSymtab = 2;

template <typename T> bool load(std::string_view b, uint64_t off, T &out) {
  if (off > b.size() || b.size() - off < sizeof(T))
    return false;
  std::memcpy(&out, b.data() + off, sizeof(T));
  return true;
}

struct Section {
  uint32_t name = 0, type = 0, link = 0;
  uint64_t offset = 0, size = 0, entsize = 0;
};

std::string_view cstrAt(std::string_view b, uint64_t tableOff, uint64_t tableSize, uint32_t at) {
  if (at >= tableSize || tableOff > b.size() || b.size() - tableOff < tableSize)
    return {};
  std::string_view t = b.substr(tableOff, tableSize).substr(at);
  size_t nul = t.find('\0');
  return nul == std::string_view::npos ? std::string_view() : t.substr(0, nul);
}

} // namespace

std::optional<std::vector<CubinKernel>> readCubin(std::string_view b, std::string &error) {
  if (b.size() < 64 || b.substr(0, 4) != "\x7f" "ELF" || b[4] != 2 || b[5] != 1) {
    error = "not a 64-bit little-endian ELF file";
    return std::nullopt;
  }
  uint64_t shoff = 0;
  uint16_t shentsize = 0, shnum = 0, shstrndx = 0;
  if (!load(b, 0x28, shoff) || !load(b, 0x3a, shentsize) || !load(b, 0x3c, shnum) || !load(b, 0x3e, shstrndx) ||
      shentsize < 64 || shstrndx >= shnum) {
    error = "bad ELF header";
    return std::nullopt;
  }
  std::vector<Section> secs(shnum);
  for (uint16_t i = 0; i < shnum; ++i) {
    uint64_t at = shoff + uint64_t(i) * shentsize;
    Section &s = secs[i];
    if (!load(b, at, s.name) || !load(b, at + 4, s.type) || !load(b, at + 24, s.offset) ||
        !load(b, at + 32, s.size) || !load(b, at + 40, s.link) || !load(b, at + 56, s.entsize)) {
      error = "section header table past the end of the file";
      return std::nullopt;
    }
  }
  const Section &shstr = secs[shstrndx];
  auto nameOf = [&](const Section &s) { return cstrAt(b, shstr.offset, shstr.size, s.name); };
  // Symbol names by index, from the symbol table.
  std::vector<std::string_view> symbols;
  for (const Section &s : secs) {
    if (s.type != kShtSymtab || s.entsize < 24 || s.link >= secs.size())
      continue;
    const Section &str = secs[s.link];
    for (uint64_t at = 0; at + s.entsize <= s.size; at += s.entsize) {
      uint32_t nm = 0;
      if (!load(b, s.offset + at, nm))
        break;
      symbols.push_back(cstrAt(b, str.offset, str.size, nm));
    }
    break;
  }
  std::map<std::string, CubinKernel> kernels;
  auto kernelOf = [&](std::string_view n) -> CubinKernel & {
    CubinKernel &k = kernels[std::string(n)];
    k.name = std::string(n);
    return k;
  };
  for (const Section &s : secs) {
    std::string_view n = nameOf(s);
    if (n.substr(0, 6) == ".text.")
      kernelOf(n.substr(6));
    else if (n.substr(0, 11) == ".nv.shared." && n.substr(11, 9) != "reserved.")
      kernelOf(n.substr(11)).staticShared = static_cast<int64_t>(s.size);
  }
  for (const Section &s : secs) {
    if (nameOf(s) != ".nv.info")
      continue;
    uint64_t p = s.offset, end = s.offset + s.size;
    if (end < p || end > b.size())
      break;
    while (p + 2 <= end) {
      uint8_t fmt = static_cast<uint8_t>(b[p]), attr = static_cast<uint8_t>(b[p + 1]);
      uint64_t len = 0;
      if (fmt == kFmtSval) {
        uint16_t l = 0;
        if (!load(b, p + 2, l))
          break;
        len = l;
        if (p + 4 + len > end)
          break;
        uint32_t sym = 0, value = 0;
        if (len >= 8 && load(b, p + 4, sym) && load(b, p + 8, value) && sym < symbols.size() &&
            !symbols[sym].empty()) {
          if (attr == kAttrRegCount)
            kernelOf(symbols[sym]).registers = static_cast<int>(value);
          else if (attr == kAttrFrameSize)
            kernelOf(symbols[sym]).frameSize = value;
        }
        p += 4 + len;
      } else if (fmt == kFmtHval || fmt == kFmtBval || fmt == kFmtNval) {
        p += 4;
      } else {
        break; // unknown record format: stop rather than guess
      }
    }
  }
  std::vector<CubinKernel> out;
  for (auto &[name, k] : kernels)
    out.push_back(std::move(k));
  return out;
}

} // namespace tscope::dumps
