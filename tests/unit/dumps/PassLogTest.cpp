// PassLog: header forms, where a dump's IR ends, messages, tracebacks and
// how dumps are grouped into compiles.
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

#include "dumps/PassLog.h"

using namespace tscope::dumps;

TEST(PassLog, MlirHeaderWithArgumentAndScope) {
  auto h = parseHeader("// -----// IR Dump Before Canonicalizer (canonicalize) ('tt.func' operation: @k) //----- //");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->kind, HeaderKind::MlirBefore);
  EXPECT_EQ(h->pass, "Canonicalizer");
  EXPECT_EQ(h->arg, "canonicalize");
  EXPECT_EQ(h->scope, "tt.func");
  EXPECT_EQ(h->symbol, "k");
}

TEST(PassLog, FailedAndInternalAndLlvmHeaders) {
  auto f = parseHeader("// -----// IR Dump After NVGPUWarpSpecialization Failed (nvgpu-warp-specialization) "
                       "('builtin.module' operation) //----- //");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, HeaderKind::MlirAfterFailed);
  EXPECT_EQ(f->pass, "NVGPUWarpSpecialization");
  auto i = parseHeader("// -----// SoftwarePipeliner internal IR Dump After: LowerLoops");
  ASSERT_TRUE(i);
  EXPECT_EQ(i->kind, HeaderKind::MlirInternal);
  auto l = parseHeader("; *** IR Dump After InlinerPass on (copy_kernel) ***");
  ASSERT_TRUE(l);
  EXPECT_EQ(l->kind, HeaderKind::LlvmAfter);
  EXPECT_EQ(l->pass, "InlinerPass");
  EXPECT_EQ(l->kernel, "copy_kernel");
  auto m = parseHeader("# *** IR Dump After Slot index numbering (slotindexes) ***:");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->kind, HeaderKind::MachineAfter);
  EXPECT_EQ(m->arg, "slotindexes");
  auto legacy = parseHeader("*** IR Dump After Expand fp (expand-fp) ***");
  ASSERT_TRUE(legacy);
  EXPECT_EQ(legacy->language, IrLanguage::LlvmIr);
  EXPECT_FALSE(parseHeader("// ----- not a header"));
}

TEST(PassLog, LogMessageNeedsLineAndColumn) {
  auto m = parseLogMessage("/a/k.py:32:33: error: 'tt.descriptor_store' op bad");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->location, "/a/k.py:32:33");
  EXPECT_EQ(m->severity, "error");
  EXPECT_EQ(m->message, "'tt.descriptor_store' op bad");
  EXPECT_FALSE(parseLogMessage("note: no location"));
  EXPECT_FALSE(parseLogMessage("k.py:x:1: error: y"));
}

static const char *kLog = R"(// -----// IR Dump Before A (a) ('builtin.module' operation) //----- //
#blocked = #ttg.blocked<{}>
module {
  tt.func public @k() {
    tt.return
  }
}
#loc = loc("k.py":1:0)

// -----// IR Dump Before B (b) ('builtin.module' operation) //----- //
module {
  tt.func public @k() {
    tt.return
  }
}
k.py:3:4: error: 'tt.foo' op failed
    x = foo()
    ^
// -----// IR Dump After B Failed (b) ('builtin.module' operation) //----- //
module {
}
Traceback (most recent call last):
  File "k.py", line 9, in <module>
  File "/x/site-packages/triton/compiler.py", line 3, in compile
RuntimeError: PassManager::run failed
// -----// IR Dump Before A (a) ('builtin.module' operation) //----- //
module {
  tt.func public @k() {
    tt.return
  }
}
)";

TEST(PassLog, SplitsIrFromMessagesAndGroupsCompiles) {
  PassLog log = splitPassLog(kLog);
  ASSERT_EQ(log.snapshots.size(), 4u);
  // The first dump's IR keeps its aliases and trailing #loc lines.
  EXPECT_EQ(log.snapshots[0].ir.substr(0, 9), "#blocked ");
  EXPECT_NE(log.snapshots[0].ir.find("#loc = loc"), std::string_view::npos);
  // The second ends before the error.
  EXPECT_EQ(log.snapshots[1].ir.find("error"), std::string_view::npos);
  EXPECT_EQ(log.snapshots[1].kernel, "k");
  ASSERT_EQ(log.compiles.size(), 2u);
  const Compile &c = log.compiles[0];
  EXPECT_TRUE(c.failed);
  EXPECT_EQ(c.failingPass, "B");
  ASSERT_TRUE(c.failingSnapshot);
  EXPECT_EQ(*c.failingSnapshot, 1u);
  ASSERT_EQ(c.messages.size(), 1u);
  EXPECT_EQ(c.messages[0].sourceLine, "    x = foo()");
  ASSERT_EQ(c.tracebacks.size(), 1u);
  EXPECT_EQ(c.tracebacks[0].exception, "RuntimeError: PassManager::run failed");
  EXPECT_EQ(c.tracebacks[0].frames.size(), 2u);
  EXPECT_EQ(c.endSnapshot, 3u); // the Failed dump belongs to it
  EXPECT_FALSE(log.compiles[1].failed);
}

TEST(PassLog, PipelineRestartStartsANewCompile) {
  std::string two = std::string("// -----// IR Dump Before A (a) ('builtin.module' operation) //----- //\n"
                                "module {\n}\n") +
                    "// -----// IR Dump Before B (b) ('builtin.module' operation) //----- //\nmodule {\n}\n" +
                    "// -----// IR Dump Before A (a) ('builtin.module' operation) //----- //\nmodule {\n}\n";
  PassLog log = splitPassLog(two);
  ASSERT_EQ(log.compiles.size(), 2u);
  EXPECT_EQ(log.compiles[0].endSnapshot, 2u);
}

TEST(PassLog, TruncatedLogKeepsWhatItHas) {
  PassLog log = splitPassLog("// -----// IR Dump Before A (a) ('builtin.module' operation) //----- //\nmodule {\n  tt.func");
  ASSERT_EQ(log.snapshots.size(), 1u);
  EXPECT_EQ(log.snapshots[0].ir, "module {\n  tt.func");
  EXPECT_TRUE(splitPassLog("").snapshots.empty());
}

// The parallel split cuts the log at header lines; wherever the cuts fall,
// the snapshots, line numbers and compiles must be those of one sequential
// scan. The real fixture logs (a successful and a failing compile, MLIR and
// LLVM dumps, diagnostics, a traceback) concatenated, cut every few KiB.
TEST(PassLog, ChunkedSplitEqualsSequentialSplit) {
  std::string text;
  for (const char *f : {"dumps_passes_ok", "dumps_passes_fail", "tma_oob_negative"}) {
    std::ifstream in(std::string(TSCOPE_FIXTURES) + "/" + f + "/passes.log", std::ios::binary);
    ASSERT_TRUE(in) << f;
    std::stringstream ss;
    ss << in.rdbuf();
    text += ss.str();
  }
  text += text;
  PassLog one = splitPassLog(text, 1);
  ASSERT_GT(one.compiles.size(), 4u);
  for (size_t chunk : {size_t(1), size_t(3000), size_t(50000)}) {
    PassLog many = splitPassLog(text, 3, chunk);
    ASSERT_EQ(many.lines, one.lines) << chunk;
    ASSERT_EQ(many.snapshots.size(), one.snapshots.size()) << chunk;
    for (size_t i = 0; i < one.snapshots.size(); ++i) {
      const Snapshot &a = one.snapshots[i], &b = many.snapshots[i];
      ASSERT_EQ(a.headerLine, b.headerLine) << i;
      ASSERT_EQ(a.irLine, b.irLine) << i;
      ASSERT_EQ(a.ir.data(), b.ir.data()) << i;
      ASSERT_EQ(a.ir.size(), b.ir.size()) << i;
      ASSERT_EQ(a.kernel, b.kernel) << i;
      ASSERT_EQ(a.compile, b.compile) << i;
      // Header fields point into the dump's own header line, whether parsed
      // or taken from an earlier equal line (PassLog remembers headers).
      ASSERT_EQ(a.kind, b.kind) << i;
      ASSERT_EQ(a.language, b.language) << i;
      ASSERT_EQ(a.omitted, b.omitted) << i;
      for (auto f : {&Snapshot::header, &Snapshot::pass, &Snapshot::arg, &Snapshot::scope, &Snapshot::symbol}) {
        ASSERT_EQ((a.*f).data(), (b.*f).data()) << i;
        ASSERT_EQ((a.*f).size(), (b.*f).size()) << i;
      }
    }
    ASSERT_EQ(many.compiles.size(), one.compiles.size()) << chunk;
    for (size_t c = 0; c < one.compiles.size(); ++c) {
      const Compile &a = one.compiles[c], &b = many.compiles[c];
      EXPECT_EQ(a.firstSnapshot, b.firstSnapshot);
      EXPECT_EQ(a.endSnapshot, b.endSnapshot);
      EXPECT_EQ(a.failed, b.failed);
      EXPECT_EQ(a.failingPass, b.failingPass);
      EXPECT_EQ(a.failingSnapshot, b.failingSnapshot);
      ASSERT_EQ(a.messages.size(), b.messages.size());
      for (size_t m = 0; m < a.messages.size(); ++m) {
        EXPECT_EQ(a.messages[m].line, b.messages[m].line);
        EXPECT_EQ(a.messages[m].sourceLine, b.messages[m].sourceLine);
      }
      ASSERT_EQ(a.tracebacks.size(), b.tracebacks.size());
      for (size_t t = 0; t < a.tracebacks.size(); ++t)
        EXPECT_EQ(a.tracebacks[t].line, b.tracebacks[t].line);
    }
  }
}

// A dump whose IR starts like an earlier dump's is not scanned again: the
// split jumps over the repeated lines (PassLog's replay). Cut at every
// header, no chunk holds two dumps and nothing is replayed, so the two
// splits must agree on every dump, including those whose IR goes on past
// the repeated lines, ends at a diagnostic, or is cut by the end of the log.
TEST(PassLog, ReplayedIrEqualsScannedIr) {
  const std::string mlirHeader = "// -----// IR Dump Before P (p) ('builtin.module' operation) //----- //\n";
  const std::string llvmHeader = "; *** IR Dump After SROAPass on k ***\n";
  std::string mlir = "#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32]}>\n"
                     "module attributes {\"ttg.num-warps\" = 4 : i32} {\n"
                     "  tt.func public @k(%arg0: !tt.ptr<f32>) {\n"
                     "    %0 = tt.get_program_id x : i32\n"
                     "    tt.return\n"
                     "  }\n"
                     "}\n";
  std::string llvm = "define void @k(ptr %0) #0 {\n  %2 = load float, ptr %0, align 4\n  ret void\n}\n";
  std::string text;
  for (int round = 0; round < 3; ++round) {
    text += mlirHeader + mlir;                              // seen before from round 1 on
    text += mlirHeader + mlir;                              // same as the previous dump
    text += mlirHeader + mlir + "#loc = loc(\"k.py\":1:0)\n\n"; // goes on past the repeated lines
    text += mlirHeader + mlir + "k.py:3:4: error: 'tt.foo' op failed\n    x = foo()\n    ^\n";
    text += mlirHeader + mlir.substr(0, mlir.size() - 2) + "\n"; // no closing brace: ends at the next header
    text += llvmHeader + llvm;
    text += llvmHeader + llvm + "  ; more IR after the repeated lines\n";
    text += llvmHeader + llvm + "Running pass: X on k\n";
    text += llvmHeader + llvm;
  }
  for (std::string log : {text, text + mlirHeader + mlir.substr(0, mlir.size() - 1), text + llvmHeader + llvm + "  ret"}) {
    PassLog one = splitPassLog(log, 1);
    PassLog cut = splitPassLog(log, 2, 1);
    ASSERT_EQ(one.lines, cut.lines);
    ASSERT_EQ(one.snapshots.size(), cut.snapshots.size());
    size_t replayed = 0;
    for (size_t i = 0; i < one.snapshots.size(); ++i) {
      const Snapshot &a = one.snapshots[i], &b = cut.snapshots[i];
      EXPECT_EQ(a.headerLine, b.headerLine) << i;
      EXPECT_EQ(a.irLine, b.irLine) << i;
      EXPECT_EQ(a.ir.data(), b.ir.data()) << i;
      EXPECT_EQ(a.ir.size(), b.ir.size()) << i;
      EXPECT_EQ(a.kernel, b.kernel) << i;
      EXPECT_EQ(a.compile, b.compile) << i;
      EXPECT_EQ(b.sameIrAs, UINT32_MAX) << i;
      if (a.sameIrAs != UINT32_MAX) {
        ASSERT_LT(a.sameIrAs, i);
        EXPECT_EQ(one.snapshots[a.sameIrAs].ir, a.ir) << i;
        ++replayed;
      }
    }
    EXPECT_GT(replayed, one.snapshots.size() / 2);
    ASSERT_EQ(one.compiles.size(), cut.compiles.size());
    for (size_t c = 0; c < one.compiles.size(); ++c) {
      EXPECT_EQ(one.compiles[c].messages.size(), cut.compiles[c].messages.size()) << c;
      EXPECT_EQ(one.compiles[c].failed, cut.compiles[c].failed) << c;
    }
  }
}

TEST(PassLog, LibdeviceFunctionPassesStayInTheKernelsCompile) {
  // LLVM's function passes visit libdevice functions linked into the kernel's
  // module; their dumps are part of that compile, not compiles of their own.
  std::string text = "; *** IR Dump After SROAPass on attn_fwd ***\n"
                     "define void @attn_fwd() {\n  ret void\n}\n"
                     "; *** IR Dump After SROAPass on __nv_exp2f ***\n"
                     "define float @__nv_exp2f(float %x) {\n  ret float %x\n}\n"
                     "; *** IR Dump After EarlyCSEPass on attn_fwd ***\n"
                     "define void @attn_fwd() {\n  ret void\n}\n";
  PassLog log = splitPassLog(text, 1);
  ASSERT_EQ(log.snapshots.size(), 3u);
  EXPECT_EQ(log.compiles.size(), 1u);
  EXPECT_EQ(log.compiles[0].kernel, "attn_fwd");
  EXPECT_EQ(log.snapshots[1].scope, "__nv_exp2f");
  EXPECT_TRUE(isLibraryFunction("__nv_exp2f"));
  EXPECT_FALSE(isLibraryFunction("attn_fwd"));
  EXPECT_FALSE(log.cutSnapshot);
}

TEST(PassLog, LogEndingInsideADumpIsMarkedCut) {
  std::string whole = "// -----// IR Dump Before Canonicalizer (canonicalize) ('builtin.module' operation) //----- //\n"
                      "module {\n  tt.func @k() {\n    tt.return\n  }\n}\n";
  EXPECT_FALSE(splitPassLog(whole, 1).cutSnapshot);
  // A brace inside a string or a comment does not count.
  std::string quoted = whole + "// -----// IR Dump Before CSE (cse) ('builtin.module' operation) //----- //\n"
                               "module attributes {a = \"{\"} {\n  // {\n}\n";
  EXPECT_FALSE(splitPassLog(quoted, 1).cutSnapshot);
  std::string cut = whole + "// -----// IR Dump Before CSE (cse) ('builtin.module' operation) //----- //\n"
                            "module {\n  tt.func @k() {\n";
  PassLog log = splitPassLog(cut, 1);
  ASSERT_TRUE(log.cutSnapshot);
  EXPECT_EQ(*log.cutSnapshot, 1u);
}
