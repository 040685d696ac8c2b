// Cubin: the register count of a real Triton cubin, and junk or truncated
// files rejected without reading out of bounds.
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

#include "dumps/Cubin.h"

using namespace tscope::dumps;

namespace {
std::string fixtureCubin() {
  std::ifstream in(std::string(TSCOPE_FIXTURES) +
                       "/regs_bare_cache/cache/IXBP7RWX6X2JSCGKLM6YYXIBYX5K5ODNG736VYFGEOTIC2QFFJ4A/axpy.cubin",
                   std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
} // namespace

TEST(Cubin, RegistersOfATritonBuildMatchPtxas) {
  std::string err, bytes = fixtureCubin();
  ASSERT_FALSE(bytes.empty());
  auto ks = readCubin(bytes, err);
  ASSERT_TRUE(ks) << err;
  ASSERT_EQ(ks->size(), 1u);
  EXPECT_EQ((*ks)[0].name, "axpy");
  EXPECT_EQ((*ks)[0].registers, 22); // ptxas -v: "Used 22 registers"
  EXPECT_EQ((*ks)[0].frameSize, 0);
}

TEST(Cubin, JunkAndEveryTruncationAreRejectedOrPartial) {
  std::string err;
  EXPECT_FALSE(readCubin("not an elf", err));
  std::string bytes = fixtureCubin();
  for (size_t n = 0; n < bytes.size(); n += 97) {
    auto ks = readCubin(std::string_view(bytes).substr(0, n), err);
    if (!ks)
      continue;
    for (const CubinKernel &k : *ks) {
      EXPECT_TRUE(k.registers == -1 || k.registers == 22);
    }
  }
}
