// Parallel parse: a file read in units on several threads gives the serial
// parse's IR (ops, order, lines, ranges, SSA links, aliases), counts and
// diagnostics, on every IR file under tests/ and on joins of them.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/ChunkSplit.h"
#include "ir/Parser.h"

#ifndef TSCOPE_TESTS_DIR
#error "TSCOPE_TESTS_DIR must name the tests/ folder"
#endif

namespace tscope::ir {
namespace {

namespace fs = std::filesystem;

/// Everything a parse leaves that a later layer can see, as text.
class Dump {
public:
  explicit Dump(const Module &m) : m_(m) {}

  std::string run(const support::Diagnostics &diags) {
    for (const Chunk &c : m_.chunks())
      number(c.body);
    for (const Chunk &c : m_.chunks()) {
      os_ << "chunk " << r(c.range) << " error=" << c.hadError << "\n";
      for (const AliasDef &a : c.aliases)
        os_ << " alias " << r(a.name) << " = " << r(a.value) << " type=" << a.isType << "\n";
      for (SourceRange res : c.resources)
        os_ << " resource " << r(res) << "\n";
      for (const AliasDef &a : c.aliases)
        os_ << " find " << (c.findAlias(m_.str(a.name)) - c.aliases.data()) << "\n";
      print(c.body, 1);
    }
    const ParseStats &s = m_.stats();
    os_ << "stats " << s.ops << " " << s.modules << " " << s.functions << " " << s.genericOps << " "
        << s.blocks << " " << s.regions << " " << s.values << " " << s.uses << " "
        << s.unresolvedUses << " " << s.maxDepth << "\n";
    for (const support::Diagnostic &d : diags.all()) {
      os_ << "diag " << support::severityName(d.severity) << " @" << d.offset << " " << d.message
          << " [" << d.checkId << "]\n";
      support::Diagnostics::print(os_, d);
    }
    os_ << "errors " << diags.errorCount() << "\n";
    return os_.str();
  }

private:
  std::string r(SourceRange x) { return std::to_string(x.offset) + "+" + std::to_string(x.size); }
  void number(const Region *reg) {
    for (const Block *b = reg->first; b; b = b->next) {
      std::string bid = "b" + std::to_string(blocks_.size());
      blocks_[b] = bid;
      for (uint32_t i = 0; i < b->numArgs; ++i)
        values_[&b->args[i]] = bid + "." + std::to_string(i);
      for (const Operation *op = b->first; op; op = op->next) {
        std::string oid = "o" + std::to_string(ops_++);
        for (uint32_t i = 0; i < op->numResults; ++i)
          values_[op->result(i)] = oid + "." + std::to_string(i);
        for (const Region *sub = op->firstRegion; sub; sub = sub->next)
          number(sub);
      }
    }
  }
  std::string value(const Value *v) {
    auto it = values_.find(v);
    if (it != values_.end())
      return it->second;
    return "unresolved(" + std::string(m_.str(v->name)) + "#" + std::to_string(v->number) + ")";
  }
  void print(const Region *reg, int depth) {
    std::string pad(static_cast<size_t>(depth), ' ');
    os_ << pad << "region " << r(reg->range) << " index=" << reg->index << "\n";
    for (const Block *b = reg->first; b; b = b->next) {
      os_ << pad << blocks_[b] << " " << r(b->label) << " ops=" << b->numOps << "\n";
      for (uint32_t i = 0; i < b->numArgs; ++i)
        os_ << pad << " arg " << m_.str(b->args[i].name) << " : " << r(b->args[i].type) << "\n";
      for (const Operation *op = b->first; op; op = op->next) {
        os_ << pad << op->opName() << " line=" << op->line << " " << r(op->range)
            << " attrs=" << r(op->attrs) << " props=" << r(op->props) << " sig=" << r(op->typeSig)
            << " loc=" << r(op->loc) << " form=" << int(op->form) << "\n";
        for (uint32_t i = 0; i < op->numResults; ++i)
          os_ << pad << " res " << r(op->result(i)->name) << " : " << r(op->result(i)->type) << "\n";
        for (uint32_t i = 0; i < op->numOperands; ++i)
          os_ << pad << " use " << value(op->operand(i)) << "\n";
        for (uint32_t i = 0; i < op->numSuccessors; ++i)
          os_ << pad << " succ " << blocks_[op->successor(i)] << "\n";
        for (const Region *sub = op->firstRegion; sub; sub = sub->next)
          print(sub, depth + 1);
      }
    }
  }

  const Module &m_;
  std::ostringstream os_;
  std::unordered_map<const Value *, std::string> values_;
  std::unordered_map<const Block *, std::string> blocks_;
  size_t ops_ = 0;
};

std::string serialDump(const std::string &text) {
  support::Diagnostics d;
  auto m = parseModule(support::SourceBuffer::fromString("t.mlir", text), d, {.threads = 1});
  return Dump(*m).run(d);
}

/// Parsed by parseModule on `threads` threads, split however small the file.
std::string parallelDump(const std::string &text, unsigned threads) {
  support::Diagnostics d;
  auto m = parseModule(support::SourceBuffer::fromString("t.mlir", text), d,
                       {.threads = threads, .minSplitBytes = 0});
  return Dump(*m).run(d);
}

/// Parsed in units starting at `starts`; `*inUnits`: the units stood (no
/// serial fallback).
std::string unitDump(const std::string &text, unsigned threads, std::vector<uint32_t> starts,
                     bool *inUnits = nullptr) {
  support::Diagnostics d;
  bool split = false;
  auto m = detail::parseModuleInUnits(support::SourceBuffer::fromString("t.mlir", text), d,
                                      threads, starts, &split);
  if (inUnits)
    *inUnits = split;
  return Dump(*m).run(d);
}

std::vector<uint32_t> everyMarker(const std::string &text) {
  std::vector<uint32_t> starts{0};
  for (uint32_t mk : findChunkMarkers(text.data(), text.size()))
    if (mk > 0)
      starts.push_back(mk);
  return starts;
}

std::vector<fs::path> irFiles() {
  std::vector<fs::path> out;
  for (const auto &e : fs::recursive_directory_iterator(TSCOPE_TESTS_DIR)) {
    std::string ext = e.path().extension().string();
    if (e.is_regular_file() && (ext == ".mlir" || ext == ".ttgir" || ext == ".ttir"))
      out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string slurp(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void expectSame(const std::string &text, const std::string &what) {
  std::string serial = serialDump(text);
  std::vector<uint32_t> cuts = everyMarker(text);
  bool inUnits = false;
  EXPECT_EQ(serial, unitDump(text, 2, cuts, &inUnits)) << what << ": a unit per chunk, 2 threads";
  // Every marker the scan finds ends a chunk of the serial parse.
  EXPECT_EQ(inUnits, cuts.size() > 1) << what << ": the units did not stand";
  EXPECT_EQ(serial, unitDump(text, 3, cuts)) << what << ": a unit per chunk, 3 threads";
  EXPECT_EQ(serial, parallelDump(text, 2)) << what << ": parseModule, 2 threads";
  EXPECT_EQ(serial, parallelDump(text, 64)) << what << ": parseModule, 64 threads";
}

TEST(ParallelParse, EveryTestFile) {
  std::vector<fs::path> files = irFiles();
  ASSERT_GT(files.size(), 100u); // the walk found the corpus
  size_t split = 0;
  for (const fs::path &p : files) {
    std::string text = slurp(p);
    split += everyMarker(text).size() > 1;
    expectSame(text, p.string());
  }
  EXPECT_GT(split, 20u); // many files have chunks to cut at
}

TEST(ParallelParse, JoinedFilesWholeAndCutShort) {
  // All files as chunks of one file; then each cut at a third and at two
  // thirds (errors in the middle of chunks, `#loc` definitions missing).
  std::string whole, cut;
  for (const fs::path &p : irFiles()) {
    std::string text = slurp(p);
    whole += text + "\n// -----\n";
    cut += text.substr(0, text.size() / 3) + "\n// -----\n" +
           text.substr(0, 2 * text.size() / 3) + "\n// -----\n";
  }
  expectSame(whole, "joined");
  expectSame(cut, "joined, cut short");
  // Without the separators: one module's text runs into the next.
  std::string run;
  for (const fs::path &p : irFiles())
    run += slurp(p) + "\n";
  expectSame(run, "concatenated");
}

TEST(ParallelParse, LinesCountedAcrossUnits) {
  std::string text = "\"a.x\"() : () -> ()\n// -----\n\n\n\"b.y\"() : () -> ()\n// -----\r\n"
                     "\"c.z\"() : () -> () loc(#loc9)\n#loc9 = loc(\"f.py\":3:1)\n";
  std::string s = serialDump(text);
  EXPECT_NE(s.find("b.y line=5"), std::string::npos) << s;
  EXPECT_NE(s.find("c.z line=7"), std::string::npos) << s;
  EXPECT_EQ(s, unitDump(text, 2, everyMarker(text)));
}

TEST(ParallelParse, ErrorsInEveryUnitKeepTheirOrder) {
  std::string text = "\"a.x\"(%1) : (i32) -> ()\n// -----\n\"b.y\"() : () -> (\n// -----\n"
                     "%0 = \"c.z\"() : () -> i32\n// -----\n}\n";
  std::string s = serialDump(text);
  EXPECT_NE(s.find("errors 3"), std::string::npos) << s;
  EXPECT_EQ(s, unitDump(text, 2, everyMarker(text)));
  EXPECT_EQ(s, parallelDump(text, 4));
}

TEST(ParallelParse, UnitsThatAreNotChunksFallBackToSerial) {
  // Cuts at a `// -----` after a backslash line continuation (a comment to
  // the lexer), in mid-line and in the middle of a token: the unit before
  // does not end there, so the file is parsed serially, as one chunk.
  std::string text = "\"a.x\"() : () -> () \\\n// -----\n"
                     "\"b.y\"() : () -> () // -----\n\"c.z\"() : () -> ()\n";
  uint32_t continued = static_cast<uint32_t>(text.find("// -----"));
  uint32_t midLine = static_cast<uint32_t>(text.find("// -----", continued + 1));
  uint32_t midToken = static_cast<uint32_t>(text.find("c.z") + 1);
  std::string s = serialDump(text);
  EXPECT_EQ(s.find("chunk "), s.rfind("chunk ")) << s; // one chunk
  EXPECT_NE(s.find("c.z line=4"), std::string::npos) << s;
  EXPECT_NE(s.find("errors 0"), std::string::npos) << s;
  for (std::vector<uint32_t> starts :
       {std::vector<uint32_t>{0, continued}, {0, midLine}, {0, midToken}, {0, continued, midLine, midToken}}) {
    bool inUnits = true;
    EXPECT_EQ(s, unitDump(text, 3, starts, &inUnits));
    EXPECT_FALSE(inUnits) << starts.size() << " starts, from " << starts[1];
  }
  // The same cuts where they are chunk starts do stand.
  std::string chunked = "\"a.x\"() : () -> ()\n// -----\n\"b.y\"() : () -> ()\n";
  bool inUnits = false;
  EXPECT_EQ(serialDump(chunked), unitDump(chunked, 2, everyMarker(chunked), &inUnits));
  EXPECT_TRUE(inUnits);
}

} // namespace
} // namespace tscope::ir
