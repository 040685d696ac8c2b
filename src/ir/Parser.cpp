// Parser for the MLIR textual format as Triton prints it. One pass over the
// tokens with an explicit frame stack (no recursion over input nesting).
//
// Generic-form ops follow MLIR's grammar exactly. Pretty-form ops of any
// dialect are read without knowing their syntax: the op is the balanced token
// run that starts at its name and ends where the next statement starts (a new
// line beginning with `%x =`, an op name, a block label, or the `}` closing
// the enclosing region). Inside it, `%x = ...` and `%x: T` in a parenthesised
// list define the entry-block arguments of the region that follows; every
// other `%x` is a use; a `{` at top level opens a region unless it reads as an
// attribute dictionary.
#include "ir/Parser.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/ByteScan.h"
#include "ir/ChunkSplit.h"
#include "ir/Lexer.h"
#include "ir/Location.h"
#include "ir/TextScan.h"
#include "support/Parallel.h"

namespace tscope::ir {

using detail::splitTopLevel;
using detail::trim;

namespace {

using support::Diagnostics;
using support::SourceBuffer;

/// SSA names visible at a point: an open-addressing table with an undo log so
/// a region's definitions disappear when it closes (MLIR's scoping).
class NameTable {
public:
  struct Entry {
    std::string_view name;
    Value *first = nullptr;
    uint32_t count = 0;
    int32_t shadowed = -1; // previous visible entry for the same name
  };

  NameTable() { slots_.assign(1024, -1); }

  const Entry *lookup(std::string_view name) const {
    int64_t n = numericName(name);
    if (n >= 0) {
      if (static_cast<size_t>(n) >= numeric_.size() || numeric_[n] < 0)
        return nullptr;
      const Key &k = keys_[static_cast<size_t>(numeric_[n])];
      return k.current < 0 ? nullptr : &entries_[static_cast<size_t>(k.current)];
    }
    size_t mask = slots_.size() - 1;
    for (size_t i = hash(name) & mask;; i = (i + 1) & mask) {
      int32_t s = slots_[i];
      if (s == -1)
        return nullptr;
      const Key &k = keys_[static_cast<size_t>(s)];
      if (k.name == name)
        return k.current < 0 ? nullptr : &entries_[static_cast<size_t>(k.current)];
    }
  }

  void define(std::string_view name, Value *first, uint32_t count) {
    Key &k = key(name);
    int32_t idx = static_cast<int32_t>(entries_.size());
    entries_.push_back({name, first, count, k.current});
    undo_.push_back(static_cast<uint32_t>(&k - keys_.data()));
    k.current = idx;
  }

  size_t mark() const { return undo_.size(); }

  void popTo(size_t mark) {
    while (undo_.size() > mark) {
      Key &k = keys_[undo_.back()];
      undo_.pop_back();
      k.current = entries_[static_cast<size_t>(k.current)].shadowed;
    }
    // define() pushes one entry per undo record, so the closed scope's
    // entries are the tail: drop them (memory stays flat over a chunk).
    entries_.resize(undo_.size());
  }

  void clear() {
    // Only the slots in use: the tables keep the size of the largest chunk,
    // and a pass log or a test file has thousands of small ones.
    for (const Key &k : keys_)
      (k.slot >= 0 ? slots_[static_cast<size_t>(k.slot)] : numeric_[static_cast<size_t>(~k.slot)]) = -1;
    keys_.clear();
    entries_.clear();
    undo_.clear();
  }

private:
  struct Key {
    std::string_view name;
    int32_t current = -1;
    int32_t slot = 0; // index into slots_, or ~index into numeric_
  };
  static size_t hash(std::string_view s) {
    uint64_t h = 1469598103934665603ull;
    for (char c : s)
      h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return static_cast<size_t>(h ^ (h >> 29));
  }
  /// `%123` -> 123 (names MLIR's printer gives), else -1.
  static int64_t numericName(std::string_view name) {
    if (name.size() < 2 || name.size() > 8)
      return -1;
    int64_t n = 0;
    for (size_t i = 1; i < name.size(); ++i) {
      unsigned d = static_cast<unsigned>(name[i] - '0');
      if (d > 9)
        return -1;
      n = n * 10 + d;
    }
    return n;
  }
  Key &key(std::string_view name) {
    int64_t n = numericName(name);
    if (n >= 0) {
      if (static_cast<size_t>(n) >= numeric_.size())
        numeric_.resize(static_cast<size_t>(n) * 2 + 64, -1);
      int32_t &slot = numeric_[static_cast<size_t>(n)];
      if (slot < 0) {
        slot = static_cast<int32_t>(keys_.size());
        keys_.push_back({name, -1, ~static_cast<int32_t>(n)});
      }
      return keys_[static_cast<size_t>(slot)];
    }
    if ((keys_.size() + 1) * 2 > slots_.size())
      rehash();
    size_t mask = slots_.size() - 1;
    for (size_t i = hash(name) & mask;; i = (i + 1) & mask) {
      int32_t s = slots_[i];
      if (s == -1) {
        slots_[i] = static_cast<int32_t>(keys_.size());
        keys_.push_back({name, -1, static_cast<int32_t>(i)});
        return keys_.back();
      }
      if (keys_[static_cast<size_t>(s)].name == name)
        return keys_[static_cast<size_t>(s)];
    }
  }
  void rehash() {
    std::vector<int32_t> fresh(slots_.size() * 2, -1);
    size_t mask = fresh.size() - 1;
    for (size_t k = 0; k < keys_.size(); ++k) {
      if (keys_[k].slot < 0)
        continue; // numeric
      size_t i = hash(keys_[k].name) & mask;
      while (fresh[i] != -1)
        i = (i + 1) & mask;
      fresh[i] = static_cast<int32_t>(k);
      keys_[k].slot = static_cast<int32_t>(i);
    }
    slots_.swap(fresh);
  }
  std::vector<int32_t> slots_;
  std::vector<int32_t> numeric_; // `%N` -> key index
  std::vector<Key> keys_;
  std::vector<Entry> entries_;
  std::vector<uint32_t> undo_;
};

constexpr size_t kMaxDepth = 4096;

bool isOpenerToken(Token::Kind k) {
  return k == Token::l_paren || k == Token::l_square || k == Token::l_brace ||
         k == Token::less;
}

/// Where one parser puts what it reads: the Module itself (serial), or a
/// unit's own arena, chunk list and counts (parallel, stitched afterwards).
struct ParseSink {
  support::Arena &arena;
  std::vector<Chunk> &chunks;
  ParseStats &stats;
  std::mutex *internLock = nullptr; // set when parsers share the Module
};

class Parser {
public:
  Parser(Module &m, Diagnostics &diags, ParseSink sink)
      : m_(m), diags_(diags), buf_(m.buffer()), lex_(m.buffer()), arena_(sink.arena),
        chunks_(sink.chunks), stats_(sink.stats), internLock_(sink.internLock) {}

  /// Where run() stopped: at the `// -----` marker at `offset`, or at the end
  /// of the file (`atEnd`); `started` is false when `begin` held no marker.
  struct Stop {
    uint32_t offset = 0;
    bool atEnd = false;
    bool started = true;
  };
  /// Parses the chunks that start at `begin` (0, or the offset of a
  /// `// -----` marker, whose line is `line`) until a chunk ends at a marker
  /// at or after `limit`, or the file ends. From 0 with no limit: the file.
  Stop run(uint32_t begin = 0, uint32_t limit = UINT32_MAX, uint32_t line = 1);

private:
  enum class FrameKind : uint8_t { Region, PrettyOp, GenericOp };
  enum class GenericState : uint8_t { Name, AfterRegion, Rest };

  struct PendingArg {
    SourceRange name;
    SourceRange type;
  };
  struct BlockRef {
    std::string_view label;
    Block *block;
    bool defined;
    uint32_t firstUse;
  };
  struct Frame {
    FrameKind kind;
    // Region frames.
    Region *region = nullptr;
    Block *block = nullptr;
    size_t scopeMark = 0;
    size_t blockRefMark = 0;
    bool topLevel = false;
    // Op frames.
    Operation *op = nullptr;
    size_t operandMark = 0;
    size_t successorMark = 0;
    size_t pendingMark = 0;
    size_t bracketMark = 0;
    Region *lastRegion = nullptr;
    bool continuation = false; // last token asks for more (`,`, `:`, ...)
    bool sigOpen = false;      // inside the type signature after ':'
    uint32_t sigStart = 0;
    uint32_t sigEnd = 0;
    bool hdrOpen = false;      // after a `->` that precedes any ':' (scf.if/for results)
    uint32_t hdrStart = 0;
    uint32_t hdrEnd = 0;
    GenericState gstate = GenericState::Name;
  };

  // Tokens.
  // One token of lookahead: peek() lexes the token after tok_ once and
  // consume() takes it, so nothing is lexed twice. Code that moves the lexer
  // itself first drops the lookahead (unpeek, or hasAhead_ = false when the
  // lexer is moved to an absolute position).
  void consume() {
    prevTok_ = tok_;
    lastEnd_ = static_cast<uint32_t>(tok_.spelling.data() + tok_.spelling.size() -
                                     buf_.data());
    if (hasAhead_) {
      tok_ = ahead_;
      hasAhead_ = false;
    } else {
      tok_ = lex_.lex();
    }
  }
  const Token &peek() {
    if (!hasAhead_) {
      aheadFrom_ = lex_.save();
      ahead_ = lex_.lex();
      hasAhead_ = true;
    }
    return ahead_;
  }
  void unpeek() {
    if (hasAhead_) {
      lex_.restore(aheadFrom_);
      hasAhead_ = false;
    }
  }
  void peek2(Token &a, Token &b) {
    a = peek();
    Lexer::State s = lex_.save();
    b = lex_.lex();
    lex_.restore(s);
  }
  /// 1-based line of a byte offset: newlines are counted in bulk from the
  /// last offset asked for (ops are created in file order).
  uint32_t lineAt(uint32_t off) {
    if (off < lineOff_) {
      lineOff_ = 0;
      lineNo_ = 1;
    }
    lineNo_ += detail::countNewlines(buf_.data() + lineOff_, buf_.data() + off);
    lineOff_ = off;
    return lineNo_;
  }
  uint32_t offsetOf(const Token &t) const {
    return static_cast<uint32_t>(t.spelling.data() - buf_.data());
  }
  SourceRange rangeOf(const Token &t) const {
    return {offsetOf(t), static_cast<uint32_t>(t.spelling.size())};
  }

  // Diagnostics.
  bool error(const Token &at, std::string msg) {
    if (at.kind == Token::error)
      msg = lex_.errorMessage();
    diags_.error(&buf_, offsetOf(at), std::move(msg));
    return false;
  }
  bool expected(const char *what) {
    if (tok_.kind == Token::error)
      return error(tok_, "");
    return error(tok_, std::string("expected ") + what + ", found " +
                           describe(tok_));
  }
  static std::string describe(const Token &t) {
    if (t.kind == Token::eof)
      return "end of file";
    if (t.kind == Token::split_marker)
      return "'// -----'";
    std::string_view s = t.spelling.substr(0, 40);
    return "'" + std::string(s) + (t.spelling.size() > 40 ? "...'" : "'");
  }

  // Chunks and frames.
  void startChunk();
  void finishChunk();
  bool stepRegion(size_t fi);
  /// What a piece of stepPretty did with the current token.
  enum class Step : uint8_t {
    Done, ///< the op ended (or a region opened): stepPretty returns true
    Fail, ///< an error was reported: stepPretty returns false
    Next, ///< the token was consumed: go on with the next one
    Pass, ///< not handled here: the token is treated as ordinary text
  };
  bool stepPretty(size_t fi);
  bool startsStatement(size_t fi);
  bool braceOpensRegion();
  Step prettyTopLevel(size_t fi);
  bool closePrettyBracket(size_t fi);
  bool skipPlainBracket(size_t fi);
  bool prettyArgumentDef(size_t fi);
  Step prettyPercent(size_t fi, bool top);
  void prettySuccessor(size_t fi, Block *b);
  bool stepGeneric(size_t fi);
  template <class Item> bool commaList(Item &&item);
  template <class Item> bool listUntilParen(Item &&item, const char *what);
  bool genericOperands();
  bool genericSuccessors(size_t fi);
  bool genericFunctionType(size_t fi, Operation *op);
  bool startOp();
  bool resultListAhead();
  bool parseBlockLabel(size_t fi);
  bool parseAlias();
  bool skipResources();
  bool skipBalanced(SourceRange *range);
  bool parseType(SourceRange *range);
  bool pushRegion(size_t opFrame, bool withPendingArgs);
  void finishOp(size_t fi);
  void recover();

  // Values.
  Value *useValue(const Token &t, bool pretty, bool *ok);
  void defineValues(std::string_view name, Value *first, uint32_t count);
  void resolveForwardRefs(Operation *root);
  Block *blockRef(size_t opFrame, const Token &t);
  size_t regionFrameBelow(size_t fi) const {
    while (frames_[fi].kind != FrameKind::Region)
      --fi;
    return fi;
  }
  void inferPrettyResultTypes(Operation *op, SourceRange header);
  void typesFromSignature(Operation *op);

  /// The op name `name`, interned in the Module (under internLock_ when
  /// parsers run in parallel: names repeat, so a local table answers first).
  const OpName *intern(std::string_view name) {
    if (!internLock_)
      return m_.internName(name);
    // The direct-mapped cache of Module::internName, kept per parser.
    size_t h = name.size() * 31 + static_cast<unsigned char>(name.back()) * 7 +
               static_cast<unsigned char>(name[name.size() / 2]);
    const OpName *&slot = nameCache_[h & (kNameCache - 1)];
    if (slot && slot->name == name)
      return slot;
    auto it = localNames_.find(name);
    if (it != localNames_.end())
      return slot = it->second;
    const OpName *n;
    {
      std::lock_guard<std::mutex> hold(*internLock_);
      n = m_.internName(name);
    }
    localNames_.emplace(name, n);
    return slot = n;
  }

  Module &m_;
  Diagnostics &diags_;
  const SourceBuffer &buf_;
  Lexer lex_;
  support::Arena &arena_;
  std::vector<Chunk> &chunks_;
  ParseStats &stats_;
  std::mutex *internLock_;
  std::unordered_map<std::string_view, const OpName *> localNames_;
  static constexpr size_t kNameCache = 256;
  const OpName *nameCache_[kNameCache] = {};
  Token tok_;
  Token ahead_;              // the token after tok_ when hasAhead_
  bool hasAhead_ = false;
  Lexer::State aheadFrom_{}; // the lexer before ahead_
  uint32_t lineOff_ = 0, lineNo_ = 1;
  Token prevTok_; // the token consumed last
  uint32_t lastEnd_ = 0;
  Chunk *chunk_ = nullptr;
  uint32_t chunkStart_ = 0;

  std::vector<Frame> frames_;
  std::vector<Value *> operands_;
  std::vector<Block *> successors_;
  std::vector<PendingArg> pending_;
  std::vector<Token::Kind> brackets_;
  std::vector<BlockRef> blockRefs_;
  std::vector<AliasDef> aliases_; // of the chunk being parsed
  NameTable names_;
  struct ForwardRef {
    std::string_view name;
    uint32_t number;
    Value *placeholder;
    bool pretty;
  };
  std::vector<ForwardRef> forwardRefs_;
  size_t openForwardRefs_ = 0;
  std::vector<std::string_view> scratchTypes_;
  /// Result types per pretty signature text (inferPrettyResultTypes).
  struct SigMemo {
    static constexpr uint32_t kSlots = 1024, kMaxResults = 4;
    struct Entry {
      uint64_t hash = 0;
      uint32_t offset = 0, size = 0; // the signature text seen last
      uint32_t numResults = 0;
      SourceRange types[kMaxResults]; // relative to the signature; empty: unset
    };
    std::vector<Entry> slots = std::vector<Entry>(kSlots);
    static uint64_t hash(std::string_view s) {
      uint64_t h = s.size() * 0x9E3779B97F4A7C15ull;
      size_t i = 0;
      for (; i + 8 <= s.size(); i += 8) {
        uint64_t w;
        std::memcpy(&w, s.data() + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
      }
      for (; i < s.size(); ++i)
        h = (h ^ static_cast<unsigned char>(s[i])) * 0x100000001b3ull;
      return h ^ (h >> 29);
    }
  };
  SigMemo sigMemo_;
  std::vector<SourceRange> resultTypes_;
};

Parser::Stop Parser::run(uint32_t begin, uint32_t limit, uint32_t line) {
  lineOff_ = begin;
  lineNo_ = line;
  if (begin == 0) {
    tok_ = lex_.lex();
  } else {
    // As the serial parse stands after the chunk before: on the marker,
    // lexed at a line start, which it then consumes.
    lex_.restore({buf_.data() + begin, true});
    tok_ = lex_.lex();
    if (tok_.kind != Token::split_marker || offsetOf(tok_) != begin)
      return {begin, false, false};
    consume();
  }
  for (;;) {
    startChunk();
    bool ok = true;
    while (!frames_.empty()) {
      size_t fi = frames_.size() - 1;
      switch (frames_[fi].kind) {
      case FrameKind::Region:
        ok = stepRegion(fi);
        break;
      case FrameKind::PrettyOp:
        ok = stepPretty(fi);
        break;
      case FrameKind::GenericOp:
        ok = stepGeneric(fi);
        break;
      }
      if (!ok)
        break;
    }
    if (!ok)
      recover();
    finishChunk();
    if (tok_.kind == Token::split_marker) {
      if (offsetOf(tok_) >= limit)
        return {offsetOf(tok_), false, true};
      consume();
      continue;
    }
    break;
  }
  return {static_cast<uint32_t>(buf_.size()), true, true};
}

void Parser::startChunk() {
  chunks_.emplace_back();
  chunk_ = &chunks_.back();
  chunkStart_ = tok_.kind == Token::eof ? static_cast<uint32_t>(buf_.size())
                                        : offsetOf(tok_);
  if (tok_.kind == Token::eof && !chunks_.empty())
    chunkStart_ = lastEnd_;
  Region *r = arena_.make<Region>();
  Block *b = arena_.make<Block>();
  r->push(b);
  chunk_->body = r;
  names_.clear();
  forwardRefs_.clear();
  openForwardRefs_ = 0;
  blockRefs_.clear();
  Frame f{FrameKind::Region};
  f.region = r;
  f.block = b;
  f.topLevel = true;
  frames_.push_back(f);
}

void Parser::finishChunk() {
  // Ops at top level without a `module` sit in an implicit module.
  bool sawModule = false, sawOp = false;
  for (Operation *op = chunk_->body->first->first; op; op = op->next) {
    sawOp = true;
    sawModule |= op->name->name == "builtin.module";
  }
  if (sawOp && !sawModule)
    ++stats_.modules;
  uint32_t end = tok_.kind == Token::eof ? static_cast<uint32_t>(buf_.size())
                                         : offsetOf(tok_);
  chunk_->range = {chunkStart_, end > chunkStart_ ? end - chunkStart_ : 0};
  // Gathered in a reused vector, kept at their exact size (a pass log holds
  // thousands of chunks).
  chunk_->aliases.assign(aliases_.begin(), aliases_.end());
  aliases_.clear();
  chunk_->aliasIndex.build(buf_.data(), chunk_->aliases);
}

void Parser::recover() {
  chunk_->hadError = true;
  // Close what is open so the partial IR stays well formed.
  while (!frames_.empty()) {
    size_t fi = frames_.size() - 1;
    if (frames_[fi].kind != FrameKind::Region)
      finishOp(fi);
    else
      frames_.pop_back();
  }
  names_.popTo(0);
  // Skip to the next `// -----` line (or the end) by raw bytes: the lexer may
  // be stuck on an invalid byte.
  const char *p = buf_.data() + (tok_.kind == Token::eof ? buf_.size() : offsetOf(tok_));
  const char *end = buf_.data() + buf_.size();
  if (tok_.kind == Token::split_marker || tok_.kind == Token::eof)
    return;
  while (p < end) {
    const char *nl = static_cast<const char *>(std::memchr(p, '\n', static_cast<size_t>(end - p)));
    if (!nl) {
      p = end;
      break;
    }
    p = nl + 1;
    const char *q = p;
    while (q < end && (*q == ' ' || *q == '\t'))
      ++q;
    if (end - q >= 7 && std::memcmp(q, "//", 2) == 0) {
      const char *r = q + 2;
      while (r < end && (*r == ' ' || *r == '\t'))
        ++r;
      if (end - r >= 5 && std::memcmp(r, "-----", 5) == 0)
        break;
    }
  }
  // Resume at the newline before the marker so the lexer sees a line start.
  hasAhead_ = false;
  lex_.resetTo(p < end ? p - 1 : end);
  tok_ = lex_.lex();
}

// ---------------------------------------------------------------------------
// Regions and blocks.

/// region ::= `{` block* `}` ; top level: (alias | resource | op)*
bool Parser::stepRegion(size_t fi) {
  for (;;) {
    Frame &f = frames_[fi];
    switch (tok_.kind) {
    case Token::r_brace: {
      if (f.topLevel)
        return error(tok_, "unexpected '}' at top level");
      for (size_t i = f.blockRefMark; i < blockRefs_.size(); ++i)
        if (!blockRefs_[i].defined) {
          diags_.error(&buf_, blockRefs_[i].firstUse,
                       "reference to an undefined block '" +
                           std::string(blockRefs_[i].label) + "'");
          return false;
        }
      blockRefs_.resize(f.blockRefMark);
      names_.popTo(f.scopeMark);
      consume();
      f.region->range.size = lastEnd_ - f.region->range.offset;
      frames_.pop_back();
      return true;
    }
    case Token::eof:
    case Token::split_marker:
      if (f.topLevel) {
        frames_.pop_back();
        return true;
      }
      {
        auto [line, col] = buf_.lineCol(f.region->range.offset);
        (void)col;
        return expected(("'}' to close the region opened at line " +
                         std::to_string(line))
                            .c_str());
      }
    case Token::caret_identifier:
      if (!parseBlockLabel(fi))
        return false;
      continue;
    case Token::percent_identifier:
    case Token::bare_identifier:
    case Token::string:
      return startOp();
    case Token::hash_identifier:
    case Token::exclamation_identifier:
      if (f.topLevel)
        return parseAlias();
      return expected("an operation");
    case Token::file_metadata_begin:
      if (f.topLevel)
        return skipResources();
      return expected("an operation");
    default:
      return expected(f.topLevel ? "an operation or alias definition"
                                 : "an operation, block label or '}'");
    }
  }
}

/// block-label ::= caret-id (`(` (%x `:` type loc?)* `)`)? `:`
bool Parser::parseBlockLabel(size_t fi) {
  Token label = tok_;
  consume();
  Block *b = blockRef(fi, label);
  if (!b)
    return false;
  BlockRef *ref = nullptr;
  for (size_t i = frames_[fi].blockRefMark; i < blockRefs_.size(); ++i)
    if (blockRefs_[i].label == label.spelling)
      ref = &blockRefs_[i];
  if (ref->defined)
    return error(label, "redefinition of block '" + std::string(label.spelling) + "'");
  ref->defined = true;
  Frame &f = frames_[fi];
  // An unlabeled, empty, argument-free entry block takes the first label.
  Block *cur = f.block;
  if (cur && !cur->first && cur->label.empty() && cur->numArgs == 0 &&
      cur == f.region->first && f.region->numBlocks == 1 && cur != b) {
    // Replace the implicit entry block by the labeled one.
    f.region->first = f.region->last = nullptr;
    f.region->numBlocks = 0;
  }
  f.region->push(b);
  b->label = rangeOf(label);
  f.block = b;
  ++stats_.blocks;
  if (tok_.kind == Token::l_paren) {
    consume();
    std::vector<PendingArg> args;
    if (tok_.kind != Token::r_paren) {
      for (;;) {
        if (tok_.kind != Token::percent_identifier)
          return expected("a block argument name");
        PendingArg a{rangeOf(tok_), {}};
        consume();
        if (tok_.kind != Token::colon)
          return expected("':' and the argument type");
        consume();
        if (!parseType(&a.type))
          return false;
        if (tok_.isKeyword("loc") && !skipBalanced(nullptr))
          return false;
        args.push_back(a);
        if (tok_.kind == Token::comma) {
          consume();
          continue;
        }
        break;
      }
    }
    if (tok_.kind != Token::r_paren)
      return expected("')' to end the block arguments");
    consume();
    b->numArgs = static_cast<uint32_t>(args.size());
    b->args = arena_.makeArray<Value>(args.size());
    for (uint32_t i = 0; i < b->numArgs; ++i) {
      Value &v = b->args[i];
      v.kind = Value::BlockArgument;
      v.number = i;
      v.owner = b;
      v.name = args[i].name;
      v.type = args[i].type;
      defineValues(m_.str(v.name), &v, 1);
    }
    stats_.values += b->numArgs;
  }
  if (tok_.kind != Token::colon)
    return expected("':' after the block label");
  consume();
  return true;
}

Block *Parser::blockRef(size_t fi, const Token &t) {
  size_t ri = regionFrameBelow(fi);
  for (size_t i = frames_[ri].blockRefMark; i < blockRefs_.size(); ++i)
    if (blockRefs_[i].label == t.spelling)
      return blockRefs_[i].block;
  if (frames_[ri].topLevel) {
    error(t, "block label outside a region");
    return nullptr;
  }
  Block *b = arena_.make<Block>();
  // Keep a region's refs contiguous: nested regions push later and pop first.
  blockRefs_.push_back({t.spelling, b, false, offsetOf(t)});
  return b;
}

/// alias-def ::= (`#` | `!`) name `=` attribute-or-type
bool Parser::parseAlias() {
  Token name = tok_;
  consume();
  if (tok_.kind != Token::equal)
    return expected("'=' in the alias definition");
  consume();
  AliasDef a;
  a.name = rangeOf(name);
  a.isType = name.kind == Token::exclamation_identifier;
  uint32_t start = offsetOf(tok_);
  bool first = true;
  // The value runs to the end of the line at bracket depth 0.
  while (tok_.kind != Token::eof && tok_.kind != Token::split_marker &&
         (first || !tok_.newlineBefore)) {
    first = false;
    if (tok_.kind == Token::error)
      return error(tok_, "");
    if (tok_.kind == Token::l_paren || tok_.kind == Token::l_square ||
        tok_.kind == Token::l_brace || tok_.kind == Token::less) {
      if (!skipBalanced(nullptr))
        return false;
      continue;
    }
    if (tok_.kind == Token::r_paren || tok_.kind == Token::r_square ||
        tok_.kind == Token::r_brace)
      return error(tok_, "unbalanced '" + std::string(tok_.spelling) +
                             "' in alias definition");
    consume();
  }
  if (lastEnd_ <= start)
    return error(tok_, "expected a value after '='");
  a.value = {start, lastEnd_ - start};
  aliases_.push_back(a);
  return true;
}

/// resources ::= `{-#` ... `#-}`
bool Parser::skipResources() {
  uint32_t start = offsetOf(tok_);
  consume();
  while (tok_.kind != Token::file_metadata_end) {
    if (tok_.kind == Token::eof || tok_.kind == Token::split_marker)
      return expected("'#-}' to end the resource block");
    if (tok_.kind == Token::error)
      return error(tok_, "");
    consume();
  }
  consume();
  chunk_->resources.push_back({start, lastEnd_ - start});
  return true;
}

/// Consumes a bracketed run starting at an opener (or `loc(`), through its
/// matching closer, scanning bytes rather than tokens (types and attribute
/// bodies are most of the bytes of generic-form IR). `->` is an arrow, never
/// a closing '>'.
bool Parser::skipBalanced(SourceRange *range) {
  uint32_t start = offsetOf(tok_);
  if (tok_.isKeyword("loc"))
    consume();
  if (!isOpenerToken(tok_.kind))
    return expected("'('");
  const char *errAt = nullptr;
  hasAhead_ = false; // the lexer restarts after the closer
  const char *end = lex_.skipBracketed(tok_.spelling.data(), errAt);
  if (!end) {
    diags_.error(&buf_, static_cast<uint32_t>(errAt - buf_.data()), lex_.errorMessage());
    return false;
  }
  lastEnd_ = static_cast<uint32_t>(end - buf_.data());
  tok_ = lex_.lex();
  if (range)
    *range = {start, lastEnd_ - start};
  return true;
}

/// type ::= `(` types `)` `->` type-or-list | head (`<` ... `>`)?
/// where head is a builtin keyword, `!dialect.name`, `!alias` or a stripped
/// dialect body `<...>`.
bool Parser::parseType(SourceRange *range) {
  uint32_t start = offsetOf(tok_);
  switch (tok_.kind) {
  case Token::l_paren:
    if (!skipBalanced(nullptr))
      return false;
    if (tok_.kind == Token::arrow) {
      consume();
      if (tok_.kind == Token::l_paren) {
        if (!skipBalanced(nullptr))
          return false;
      } else if (!parseType(nullptr)) {
        return false;
      }
    }
    break;
  case Token::less:
    if (!skipBalanced(nullptr))
      return false;
    break;
  case Token::bare_identifier:
  case Token::exclamation_identifier:
    consume();
    if (tok_.kind == Token::less && !tok_.newlineBefore &&
        offsetOf(tok_) == lastEnd_ && !skipBalanced(nullptr))
      return false;
    break;
  default:
    return expected("a type");
  }
  if (range)
    *range = {start, lastEnd_ - start};
  return true;
}

// ---------------------------------------------------------------------------
// Operations.

/// op ::= (result (`,` result)* `=`)? (bare-id pretty-op | string generic-op)
/// result ::= %name (`:` integer)?
bool Parser::startOp() {
  uint32_t start = offsetOf(tok_);
  uint32_t line = lineAt(start);
  struct Group {
    SourceRange name;
    uint32_t count;
  };
  Group groups[64];
  std::vector<Group> many;
  uint32_t numGroups = 0, numResults = 0;
  if (tok_.kind == Token::percent_identifier) {
    for (;;) {
      if (tok_.kind != Token::percent_identifier)
        return expected("a result name");
      if (tok_.spelling.find('#') != std::string_view::npos)
        return error(tok_, "result name cannot carry a '#' result number");
      Group g{rangeOf(tok_), 1};
      consume();
      if (tok_.kind == Token::colon) {
        consume();
        if (tok_.kind != Token::integer)
          return expected("the number of results after ':'");
        uint64_t n = 0;
        for (char c : tok_.spelling) {
          if (c < '0' || c > '9' || n > 1000000)
            return error(tok_, "invalid result count");
          n = n * 10 + static_cast<uint64_t>(c - '0');
        }
        if (n == 0 || n > 1000000)
          return error(tok_, "invalid result count");
        g.count = static_cast<uint32_t>(n);
        consume();
      }
      if (numGroups < 64)
        groups[numGroups] = g;
      else
        many.push_back(g);
      ++numGroups;
      numResults += g.count;
      if (numResults > 1000000)
        return error(tok_, "too many results");
      if (tok_.kind == Token::comma) {
        consume();
        continue;
      }
      break;
    }
    if (tok_.kind != Token::equal)
      return expected("'=' after the result names");
    consume();
  }
  bool generic;
  std::string_view name;
  if (tok_.kind == Token::bare_identifier) {
    generic = false;
    name = tok_.spelling;
    if (name == "module")
      name = "builtin.module";
  } else if (tok_.kind == Token::string) {
    generic = true;
    name = tok_.spelling.substr(1, tok_.spelling.size() - 2);
    if (name.empty())
      return error(tok_, "empty operation name");
  } else {
    return expected("an operation name");
  }
  if (frames_.size() > kMaxDepth * 2)
    return error(tok_, "operations nested deeper than 4096 regions");
  size_t ri = frames_.size() - 1;
  Operation *op = arena_.make<Operation>();
  op->name = intern(name);
  op->form = generic ? Operation::Form::Generic : Operation::Form::Pretty;
  op->line = line;
  op->range.offset = start;
  op->numResults = numResults;
  op->results = arena_.makeArray<Value>(numResults);
  uint32_t k = 0;
  for (uint32_t g = 0; g < numGroups; ++g) {
    const Group &gr = g < 64 ? groups[g] : many[g - 64];
    for (uint32_t j = 0; j < gr.count; ++j, ++k) {
      Value &v = op->results[k];
      v.kind = Value::Result;
      v.number = k;
      v.owner = op;
      v.name = gr.name;
    }
  }
  frames_[ri].block->push(op);
  ++stats_.ops;
  if (op->name->opName() == "func" && op->name->dialectSize)
    ++stats_.functions;
  else if (op->name->name == "builtin.module")
    ++stats_.modules;
  if (generic)
    ++stats_.genericOps;
  stats_.values += numResults;
  Frame f{generic ? FrameKind::GenericOp : FrameKind::PrettyOp};
  f.op = op;
  f.operandMark = operands_.size();
  f.successorMark = successors_.size();
  f.pendingMark = pending_.size();
  f.bracketMark = brackets_.size();
  // Remember the result groups for definition at the end of the op.
  frames_.push_back(f);
  consume(); // the op name
  return true;
}

void Parser::defineValues(std::string_view name, Value *first, uint32_t count) {
  names_.define(name, first, count);
  if (openForwardRefs_ == 0)
    return;
  for (ForwardRef &fr : forwardRefs_) {
    if (fr.placeholder->owner || fr.name != name)
      continue;
    if (fr.number < count) {
      fr.placeholder->owner = first + fr.number;
      --openForwardRefs_;
    }
  }
}

/// use ::= %name (`#` integer)?
Value *Parser::useValue(const Token &t, bool pretty, bool *ok) {
  *ok = true;
  std::string_view s = t.spelling;
  uint32_t number = 0;
  size_t hash = s.find('#');
  if (hash != std::string_view::npos) {
    for (size_t i = hash + 1; i < s.size(); ++i) {
      number = number * 10 + static_cast<uint32_t>(s[i] - '0');
      if (number > 10000000) {
        *ok = error(t, "result number too large");
        return nullptr;
      }
    }
    s = s.substr(0, hash);
  }
  ++stats_.uses;
  if (const NameTable::Entry *e = names_.lookup(s)) {
    if (number < e->count)
      return e->first + number;
    if (!pretty) {
      *ok = error(t, "result number " + std::to_string(number) +
                         " out of range for '" + std::string(s) + "' (it has " +
                         std::to_string(e->count) + " results)");
      return nullptr;
    }
  }
  for (ForwardRef &fr : forwardRefs_)
    if (!fr.placeholder->owner && fr.name == s && fr.number == number)
      return fr.placeholder;
  Value *ph = arena_.make<Value>();
  ph->kind = Value::Unresolved;
  ph->number = number;
  ph->name = {offsetOf(t), static_cast<uint32_t>(s.size())};
  forwardRefs_.push_back({s, number, ph, pretty});
  ++openForwardRefs_;
  return ph;
}

/// After a top-level op closes: patch forward references and report names
/// that never got a definition.
void Parser::resolveForwardRefs(Operation *root) {
  if (forwardRefs_.empty())
    return;
  std::vector<Operation *> work{root};
  while (!work.empty()) {
    Operation *op = work.back();
    work.pop_back();
    for (uint32_t i = 0; i < op->numOperands; ++i) {
      Value *v = op->operands[i];
      if (v->kind == Value::Unresolved && v->owner) {
        while (v->kind == Value::Unresolved && v->owner)
          v = static_cast<Value *>(v->owner);
        op->operands[i] = v;
      }
    }
    for (Region *r = op->firstRegion; r; r = r->next)
      for (Block *b = r->first; b; b = b->next)
        for (Operation *o = b->first; o; o = o->next)
          work.push_back(o);
  }
  for (ForwardRef &fr : forwardRefs_) {
    if (fr.placeholder->owner)
      continue;
    ++stats_.unresolvedUses;
    std::string name(m_.str(fr.placeholder->name));
    if (fr.number)
      name += "#" + std::to_string(fr.number);
    if (fr.pretty)
      diags_.report(support::Severity::Warning, &buf_, fr.placeholder->name.offset,
                    "'" + name +
                        "' is used in custom syntax but never defined; kept as "
                        "an unresolved operand");
    else
      diags_.error(&buf_, fr.placeholder->name.offset,
                   "use of undeclared SSA value '" + name + "'");
  }
  forwardRefs_.clear();
  openForwardRefs_ = 0;
}

bool Parser::pushRegion(size_t fi, bool withPendingArgs) {
  Frame &f = frames_[fi];
  if (f.op->numRegions == Operation::kMaxRegions)
    return error(tok_, "more than " + std::to_string(Operation::kMaxRegions) +
                           " regions in one operation");
  Region *r = arena_.make<Region>();
  r->parent = f.op;
  r->range.offset = offsetOf(tok_);
  r->index = f.op->numRegions;
  if (f.lastRegion)
    f.lastRegion->next = r;
  else
    f.op->firstRegion = r;
  f.lastRegion = r;
  ++f.op->numRegions;
  ++stats_.regions;
  Block *b = arena_.make<Block>();
  r->push(b);
  ++stats_.blocks;
  consume(); // '{'
  Frame rf{FrameKind::Region};
  rf.region = r;
  rf.block = b;
  rf.scopeMark = names_.mark();
  rf.blockRefMark = blockRefs_.size();
  size_t nPending = withPendingArgs ? pending_.size() - f.pendingMark : 0;
  if (nPending) {
    b->numArgs = static_cast<uint32_t>(nPending);
    b->args = arena_.makeArray<Value>(nPending);
    for (uint32_t i = 0; i < b->numArgs; ++i) {
      Value &v = b->args[i];
      const PendingArg &a = pending_[f.pendingMark + i];
      v.kind = Value::BlockArgument;
      v.number = i;
      v.owner = b;
      v.name = a.name;
      v.type = a.type;
    }
    stats_.values += nPending;
    pending_.resize(f.pendingMark);
  }
  frames_.push_back(rf);
  for (uint32_t i = 0; i < b->numArgs; ++i)
    defineValues(m_.str(b->args[i].name), &b->args[i], 1);
  uint32_t depth = 0;
  for (const Frame &x : frames_)
    depth += x.kind == FrameKind::Region && !x.topLevel;
  if (depth > stats_.maxDepth)
    stats_.maxDepth = depth;
  return true;
}

void Parser::finishOp(size_t fi) {
  Frame &f = frames_[fi];
  Operation *op = f.op;
  // Operands, then successors, in one array (Operation::successor).
  size_t nOps = operands_.size() - f.operandMark;
  size_t nSucc = successors_.size() - f.successorMark;
  static_assert(sizeof(Value *) == sizeof(Block *) && alignof(Value *) == alignof(Block *));
  op->numOperands = static_cast<uint32_t>(nOps);
  op->numSuccessors = static_cast<uint16_t>(nSucc);
  op->operands = nOps + nSucc ? static_cast<Value **>(arena_.allocate(
                                    sizeof(Value *) * (nOps + nSucc), alignof(Value *)))
                              : nullptr;
  if (nOps)
    std::memcpy(op->operands, operands_.data() + f.operandMark, sizeof(Value *) * nOps);
  if (nSucc)
    std::memcpy(op->operands + nOps, successors_.data() + f.successorMark, sizeof(Block *) * nSucc);
  operands_.resize(f.operandMark);
  successors_.resize(f.successorMark);
  pending_.resize(f.pendingMark);
  brackets_.resize(f.bracketMark);
  if (lastEnd_ > op->range.offset)
    op->range.size = lastEnd_ - op->range.offset;
  if (f.kind == FrameKind::PrettyOp) {
    if (f.sigEnd > f.sigStart)
      op->typeSig = {f.sigStart, f.sigEnd - f.sigStart};
    // `scf.if %c -> (i32, i32) {`, `scf.for ... -> (T...) : i32 {`: the
    // results are the types after the header arrow, not the IV type.
    SourceRange hdr;
    if (f.hdrEnd > f.hdrStart)
      hdr = {f.hdrStart, f.hdrEnd - f.hdrStart};
    inferPrettyResultTypes(op, hdr);
  }
  // Results become visible after the op (MLIR: an op cannot use its results).
  uint32_t i = 0;
  while (i < op->numResults) {
    uint32_t j = i + 1;
    while (j < op->numResults && op->results[j].name.offset == op->results[i].name.offset)
      ++j;
    defineValues(m_.str(op->results[i].name), &op->results[i], j - i);
    i = j;
  }
  frames_.pop_back();
  Operation *parent = op->parentOp();
  if (!parent || parent->is("builtin.module") || parent->is("gpu.module"))
    resolveForwardRefs(op);
}

/// Byte classes of a pretty type signature: 0 nothing, 1 opener, 2 closer,
/// 3 '>', 4 '"', 5 ',' or blank, 6 '-'.
constexpr auto kSigClass = [] {
  std::array<uint8_t, 256> t{};
  for (char c : {'(', '[', '{', '<'})
    t[static_cast<unsigned char>(c)] = 1;
  for (char c : {')', ']', '}'})
    t[static_cast<unsigned char>(c)] = 2;
  t['>'] = 3;
  t['"'] = 4;
  for (char c : {',', ' ', '\t', '\n', '\r'})
    t[static_cast<unsigned char>(c)] = 5;
  t['-'] = 6;
  return t;
}();

void Parser::inferPrettyResultTypes(Operation *op, SourceRange header) {
  if (op->numResults == 0 || (op->typeSig.empty() && header.empty()))
    return;
  if (!header.empty()) {
    std::string_view part = trim(m_.str(header));
    if (part.size() >= 2 && part.front() == '(' && part.back() == ')')
      part = part.substr(1, part.size() - 2);
    scratchTypes_.clear();
    splitTopLevel(part, ',', scratchTypes_);
    for (size_t i = 0; i < op->numResults && i < scratchTypes_.size(); ++i)
      if (!scratchTypes_[i].empty())
        op->results[i].type = m_.rangeOf(scratchTypes_[i]);
    if (scratchTypes_.size() == op->numResults)
      return;
  }
  if (op->typeSig.empty())
    return;
  if (!header.empty() || op->numResults > SigMemo::kMaxResults) {
    typesFromSignature(op);
    return;
  }
  // Signatures repeat (a kernel uses a handful of tensor types): the types a
  // signature text gives its results are worked out once and remembered.
  std::string_view sig = m_.str(op->typeSig);
  uint64_t h = SigMemo::hash(sig) ^ (uint64_t(op->numResults) << 56);
  SigMemo::Entry &e = sigMemo_.slots[h & (SigMemo::kSlots - 1)];
  if (e.size == sig.size() && e.numResults == op->numResults && e.hash == h &&
      std::memcmp(buf_.data() + e.offset, sig.data(), sig.size()) == 0) {
    for (uint32_t i = 0; i < op->numResults; ++i)
      if (e.types[i].size)
        op->results[i].type = {op->typeSig.offset + e.types[i].offset, e.types[i].size};
    return;
  }
  typesFromSignature(op);
  e.hash = h;
  e.offset = op->typeSig.offset;
  e.size = op->typeSig.size;
  e.numResults = op->numResults;
  for (uint32_t i = 0; i < op->numResults; ++i) {
    SourceRange t = op->results[i].type; // inside the signature, or unset
    e.types[i] = t.size ? SourceRange{t.offset - op->typeSig.offset, t.size} : SourceRange{};
  }
}

/// The result types of a pretty op from its signature (Parser::typeSig):
/// the one type of a simple signature, else the types after the last
/// top-level `->` or `to`, matched to the results by count.
void Parser::typesFromSignature(Operation *op) {
  std::string_view sig = m_.str(op->typeSig);
  // Most ops end in one type (`: tensor<128xi32, #blocked>`): with no
  // top-level `->`, `,` or blank there is one piece, every result's type.
  // One scan decides; anything else takes the general path below.
  {
    int depth = 0;
    bool simple = true;
    for (size_t i = 0; i < sig.size() && simple; ++i) {
      uint8_t k = kSigClass[static_cast<unsigned char>(sig[i])];
      switch (k) {
      case 0:
        break;
      case 1:
        ++depth;
        break;
      case 2:
        --depth;
        break;
      case 3:
        depth -= !(i > 0 && sig[i - 1] == '-');
        break;
      case 4:
        i = detail::skipString(sig, i);
        break;
      case 5:
        simple = depth != 0;
        break;
      default: // '-'
        simple = !(depth == 0 && i + 1 < sig.size() && sig[i + 1] == '>');
        break;
      }
    }
    if (simple) {
      for (uint32_t i = 0; i < op->numResults; ++i)
        op->results[i].type = op->typeSig;
      return;
    }
  }
  // Results follow the last top-level `->` when there is one.
  size_t arrow = std::string_view::npos;
  {
    int depth = 0;
    for (size_t i = 0; i + 1 < sig.size(); ++i) {
      switch (kSigClass[static_cast<unsigned char>(sig[i])]) {
      case 1:
        ++depth;
        break;
      case 2:
      case 3:
        --depth;
        break;
      case 4:
        for (++i; i < sig.size() && sig[i] != '"'; ++i)
          if (sig[i] == '\\')
            ++i;
        break;
      case 6:
        if (sig[i + 1] == '>') {
          if (depth == 0)
            arrow = i;
          ++i;
        }
        break;
      default:
        break;
      }
    }
  }
  std::string_view part = arrow == std::string_view::npos ? sig : trim(sig.substr(arrow + 2));
  if (arrow == std::string_view::npos) {
    // Casts print `: A to B`; the result is B.
    scratchTypes_.clear();
    splitTopLevel(sig, ' ', scratchTypes_);
    for (size_t i = 0; i + 1 < scratchTypes_.size(); ++i)
      if (scratchTypes_[i] == "to") {
        const char *b = scratchTypes_[i + 1].data();
        part = trim(std::string_view(b, static_cast<size_t>(sig.data() + sig.size() - b)));
        break;
      }
  }
  if (arrow != std::string_view::npos && part.size() >= 2 && part.front() == '(' &&
      part.back() == ')')
    part = part.substr(1, part.size() - 2);
  scratchTypes_.clear();
  splitTopLevel(part, ',', scratchTypes_);
  if (scratchTypes_.empty())
    return;
  size_t n = op->numResults;
  for (size_t i = 0; i < n; ++i) {
    std::string_view t;
    if (scratchTypes_.size() == n)
      t = scratchTypes_[i];
    else if (scratchTypes_.size() == 1)
      t = scratchTypes_[0];
    else if (n == 1)
      t = scratchTypes_.back();
    else if (i < scratchTypes_.size())
      t = scratchTypes_[i];
    if (!t.empty())
      op->results[i].type = m_.rangeOf(t);
  }
}

/// Words that continue an op on a new line in the printers we know
/// (`} else {`, `partition0(...)`, `default {`, `} do {`); any other bare word
/// at the start of a line begins a new op (`module`, `return` under a default
/// dialect, `tt.return`, ...).
static bool isContinuationKeyword(std::string_view w) {
  if (w.find('.') != std::string_view::npos)
    return false;
  if (w.size() > 9 && w.substr(0, 9) == "partition") {
    for (char c : w.substr(9))
      if (c < '0' || c > '9')
        return false;
    return true;
  }
  static constexpr std::string_view kWords[] = {
      "else", "do", "default", "attributes", "to", "step", "iter_args",
      "num_warps", "loc", "ins", "outs", "then", "workgroup", "private",
      "kernel", "init", "reduce", "shared_outs", "in", "args"};
  for (std::string_view k : kWords)
    if (w == k)
      return true;
  return false;
}

static bool isOpener(Token::Kind k) {
  return k == Token::l_paren || k == Token::l_square || k == Token::l_brace ||
         k == Token::less;
}

static bool asksForMore(Token::Kind k) {
  switch (k) {
  case Token::comma:
  case Token::colon:
  case Token::equal:
  case Token::arrow:
  case Token::l_paren:
  case Token::l_square:
  case Token::less:
  case Token::plus:
  case Token::minus:
  case Token::star:
  case Token::vertical_bar:
    return true;
  default:
    return false;
  }
}

/// True when the tokens from tok_ read `%a (: N)? (, %b (: N)?)* =`, i.e. the
/// result list of a new op rather than operands continued on a new line.
bool Parser::resultListAhead() {
  Token t = peek();
  if (t.kind == Token::equal)
    return true; // `%x =`: the common case, from the lookahead alone
  Lexer::State s = lex_.save();
  bool result = false;
  for (int guard = 0; guard < 64; ++guard) {
    if (guard)
      t = lex_.lex();
    if (t.kind == Token::colon) {
      if (lex_.lex().kind != Token::integer)
        break;
      t = lex_.lex();
    }
    if (t.kind == Token::equal) {
      result = true;
      break;
    }
    if (t.kind != Token::comma || lex_.lex().kind != Token::percent_identifier)
      break;
  }
  lex_.restore(s);
  return result;
}

/// True when the token at a line start begins a new statement rather than
/// continuing the op of frame `fi` (see the file comment).
bool Parser::startsStatement(size_t fi) {
  switch (tok_.kind) {
  case Token::caret_identifier:
  case Token::string:
    return true;
  case Token::bare_identifier:
    return !isContinuationKeyword(tok_.spelling);
  case Token::percent_identifier:
    return resultListAhead();
  case Token::hash_identifier:
  case Token::exclamation_identifier:
    return frames_[regionFrameBelow(fi)].topLevel && peek().kind == Token::equal;
  default:
    return false;
  }
}

/// True when the top-level `{` at tok_ opens a region, false when it opens
/// an attribute dictionary.
bool Parser::braceOpensRegion() {
  Token a, b;
  peek2(a, b);
  // After `default`, `else`, `do` or `num_warps(N)` a brace always opens a
  // region, even `{ ttg.warp_yield }` on one line.
  bool afterRegionKeyword =
      prevTok_.isKeyword("default") || prevTok_.isKeyword("else") || prevTok_.isKeyword("do") ||
      (prevTok_.kind == Token::r_paren &&
       std::string_view(buf_.data(), lastEnd_)
               .substr(lastEnd_ >= 16 ? lastEnd_ - 16 : 0)
               .find("num_warps(") != std::string_view::npos);
  switch (afterRegionKeyword ? Token::percent_identifier : a.kind) {
  case Token::r_brace:
    return a.newlineBefore;
  case Token::percent_identifier:
  case Token::caret_identifier:
    return true;
  case Token::string:
  case Token::bare_identifier:
    if (b.kind == Token::equal || b.kind == Token::comma)
      return false;
    if (b.kind == Token::r_brace)
      return a.newlineBefore;
    return true;
  default:
    return false;
  }
}

/// The op-level syntax of a pretty op at bracket depth 0: the end of the op,
/// a region or attribute dictionary, `loc(...)`, `-> types`, `: types`,
/// `attributes {...}`. Returns Pass for tokens it does not handle.
Parser::Step Parser::prettyTopLevel(size_t fi) {
  Frame &f = frames_[fi];
  Token::Kind k = tok_.kind;
  if (k == Token::eof || k == Token::split_marker || k == Token::r_brace ||
      k == Token::file_metadata_begin || (tok_.newlineBefore && !f.continuation && startsStatement(fi))) {
    finishOp(fi);
    return Step::Done;
  }
  if (k == Token::l_brace || k == Token::colon ||
      (k == Token::bare_identifier && (tok_.spelling == "loc" || tok_.spelling == "attributes")))
    f.hdrOpen = false;
  if (k == Token::l_brace) {
    bool region = braceOpensRegion();
    f.continuation = false;
    if (region) {
      f.sigOpen = false;
      return pushRegion(fi, /*withPendingArgs=*/true) ? Step::Done : Step::Fail;
    }
    SourceRange r;
    if (!skipBalanced(&r))
      return Step::Fail;
    frames_[fi].op->attrs = r;
    frames_[fi].sigOpen = false;
    return Step::Next;
  }
  if (k == Token::bare_identifier && tok_.spelling == "loc" && peek().kind == Token::l_paren) {
    SourceRange r;
    if (!skipBalanced(&r))
      return Step::Fail;
    frames_[fi].op->loc = r;
    frames_[fi].sigOpen = false;
    frames_[fi].continuation = false;
    return Step::Next;
  }
  if ((k == Token::arrow && !f.sigOpen && f.op->numRegions == 0) || k == Token::colon) {
    consume();
    Frame &g = frames_[fi];
    bool sig = k == Token::colon;
    (sig ? g.sigOpen : g.hdrOpen) = true;
    (sig ? g.sigStart : g.hdrStart) = offsetOf(tok_);
    (sig ? g.sigEnd : g.hdrEnd) = offsetOf(tok_);
    g.continuation = true;
    return Step::Next;
  }
  if (k == Token::bare_identifier && tok_.spelling == "attributes" &&
      peek().kind == Token::l_brace) {
    consume();
    SourceRange r;
    if (!skipBalanced(&r))
      return Step::Fail;
    frames_[fi].op->attrs = r;
    frames_[fi].continuation = false;
    return Step::Next;
  }
  return Step::Pass;
}

/// A closing bracket inside a pretty op; a stray `>` is an ordinary token
/// (`->` pieces, comparison words), any other mismatch is an error.
bool Parser::closePrettyBracket(size_t fi) {
  Token::Kind k = tok_.kind;
  Token::Kind want = k == Token::r_paren    ? Token::l_paren
                     : k == Token::r_square ? Token::l_square
                     : k == Token::r_brace  ? Token::l_brace
                                            : Token::less;
  Token::Kind have = brackets_.size() == frames_[fi].bracketMark ? Token::eof : brackets_.back();
  if (have == Token::caret_identifier)
    have = Token::l_paren;
  if (have != want)
    return k == Token::greater || error(tok_, "unbalanced '" + std::string(tok_.spelling) + "'");
  brackets_.pop_back();
  return true;
}

/// `%x: T` in a parenthesised list: an argument of the region that follows.
/// The type runs to the next `,`, `)`, `{` or `loc` at the same depth.
bool Parser::prettyArgumentDef(size_t fi) {
  PendingArg a{rangeOf(tok_), {}};
  consume(); // name
  consume(); // ':'
  uint32_t start = offsetOf(tok_);
  size_t mark = brackets_.size();
  while (!(brackets_.size() == mark &&
           (tok_.kind == Token::comma || tok_.kind == Token::r_paren ||
            tok_.kind == Token::l_brace || tok_.isKeyword("loc")))) {
    if (tok_.kind == Token::eof || tok_.kind == Token::split_marker || tok_.kind == Token::error)
      return expected("')' to end the argument list");
    if (isOpener(tok_.kind)) {
      if (!skipBalanced(nullptr))
        return false;
      continue;
    }
    if (tok_.kind == Token::r_square || tok_.kind == Token::r_brace)
      return error(tok_, "unbalanced '" + std::string(tok_.spelling) + "'");
    consume();
  }
  a.type = {start, lastEnd_ > start ? lastEnd_ - start : 0};
  pending_.push_back(a);
  frames_[fi].continuation = false;
  return true;
}

/// A `%name` inside a pretty op: a definition (`%x = ...`, `%x: T`) or a use.
Parser::Step Parser::prettyPercent(size_t fi, bool top) {
  Token n = peek();
  bool inParen = !top && brackets_.back() == Token::l_paren;
  if (n.kind == Token::equal) {
    pending_.push_back({rangeOf(tok_), {}});
    consume(); // name
    consume(); // '='
    // `%iv = %lb`: the argument takes the initial value's type.
    if (tok_.kind == Token::percent_identifier) {
      bool ok;
      Value *init = useValue(tok_, true, &ok);
      if (!ok)
        return Step::Fail;
      operands_.push_back(init);
      pending_.back().type = init->type;
      consume();
    }
    frames_[fi].continuation = false;
    return Step::Next;
  }
  if (inParen && n.kind == Token::colon)
    return prettyArgumentDef(fi) ? Step::Next : Step::Fail;
  bool ok;
  Value *v = useValue(tok_, true, &ok);
  if (!ok)
    return Step::Fail;
  operands_.push_back(v);
  return Step::Pass;
}

/// A `^bb` successor inside a pretty op, with its operand list if any.
void Parser::prettySuccessor(size_t fi, Block *b) {
  successors_.push_back(b);
  Frame &g = frames_[fi];
  if (g.sigOpen)
    g.sigEnd = lastEnd_;
  consume();
  // `^bb1(%v : i32)`: successor operands are uses; mark the paren so the
  // `%v :` inside is not taken for an argument definition.
  if (tok_.kind == Token::l_paren) {
    brackets_.push_back(Token::caret_identifier);
    consume();
  }
  frames_[fi].continuation = false;
}

/// An opener inside a pretty op whose bracketed run is plain (see
/// Lexer::plainBracketEnd), such as the type `tensor<128xf32, #blocked>`.
/// None of its tokens is an SSA or block name, an arrow (or a name ending in
/// `-` before a `>`) or a resource marker, so the token loop would only match
/// its brackets as skipBracketed does: the run is read in one
/// byte scan through its closer, leaving the parser as the token loop would
/// (the same closer as last token, signature end and continuation). False,
/// with nothing moved, for any other run and any run the token loop would
/// reject: that one is read token by token.
bool Parser::skipPlainBracket(size_t fi) {
  // The token loop lets kMaxDepth + 1 brackets be open in one op.
  size_t open = brackets_.size() - frames_[fi].bracketMark;
  const char *b = tok_.spelling.data();
  const char *e = lex_.plainBracketEnd(b, kMaxDepth + 1 - open);
  if (!e)
    return false;
  char closer = e[-1];
  prevTok_.kind = closer == '>' ? Token::greater : closer == ')' ? Token::r_paren : Token::r_square;
  prevTok_.newlineBefore = false;
  prevTok_.spelling = std::string_view(e - 1, 1);
  lastEnd_ = static_cast<uint32_t>(e - buf_.data());
  hasAhead_ = false;
  lex_.resetTo(e);
  tok_ = lex_.lex();
  Frame &g = frames_[fi];
  g.continuation = false; // a closer asks for nothing more
  if (g.sigOpen)
    g.sigEnd = lastEnd_;
  if (g.hdrOpen)
    g.hdrEnd = lastEnd_;
  return true;
}

/// Scans one pretty-form op: see the file comment for the rules. Each token
/// is handled at op level (prettyTopLevel) or inside the op (below); what
/// neither consumes is an ordinary token of the op's text.
bool Parser::stepPretty(size_t fi) {
  for (;;) {
    bool top = brackets_.size() == frames_[fi].bracketMark;
    Token::Kind k = tok_.kind;
    if (k == Token::error)
      return error(tok_, "");
    if (top) {
      Step s = prettyTopLevel(fi);
      if (s == Step::Next)
        continue;
      if (s != Step::Pass)
        return s == Step::Done;
    }
    switch (k) {
    case Token::eof:
    case Token::split_marker:
      return expected("a closing bracket before the end of the operation");
    case Token::l_brace:
      if (!top) {
        // An attribute dictionary nested in the syntax (argument attributes).
        if (!skipBalanced(nullptr))
          return false;
        frames_[fi].continuation = false;
        continue;
      }
      break;
    case Token::l_paren:
    case Token::l_square:
    case Token::less:
      if (brackets_.size() - frames_[fi].bracketMark > kMaxDepth)
        return error(tok_, "nesting deeper than 4096 brackets");
      if (skipPlainBracket(fi))
        continue;
      brackets_.push_back(k);
      break;
    case Token::r_paren:
    case Token::r_square:
    case Token::r_brace:
    case Token::greater:
      if (!closePrettyBracket(fi))
        return false;
      break;
    case Token::percent_identifier: {
      Step s = prettyPercent(fi, top);
      if (s == Step::Next)
        continue;
      if (s == Step::Fail)
        return false;
      break;
    }
    case Token::caret_identifier: {
      Block *b = blockRef(fi, tok_);
      if (!b)
        return false;
      prettySuccessor(fi, b);
      continue;
    }
    default:
      break;
    }
    Frame &g = frames_[fi];
    g.continuation = asksForMore(k);
    consume();
    if (g.sigOpen)
      g.sigEnd = lastEnd_;
    if (g.hdrOpen)
      g.hdrEnd = lastEnd_;
  }
}

/// item (`,` item)*: calls `item` until no comma follows; false when an
/// item failed (it has reported).
template <class Item> bool Parser::commaList(Item &&item) {
  for (;;) {
    if (!item())
      return false;
    if (tok_.kind != Token::comma)
      return true;
    consume();
  }
}

/// (item (`,` item)*)? `)`: the items of a list that may be empty, up to
/// (not past) its `)`; `what` names the `)` in the error.
template <class Item> bool Parser::listUntilParen(Item &&item, const char *what) {
  if (tok_.kind != Token::r_paren && !commaList(item))
    return false;
  return tok_.kind == Token::r_paren || expected(what);
}

/// generic-operands ::= `(` (ssa-use (`,` ssa-use)*)? `)`
bool Parser::genericOperands() {
  if (tok_.kind != Token::l_paren)
    return expected("'(' to start the operand list");
  consume();
  auto operand = [&] {
    if (tok_.kind != Token::percent_identifier)
      return expected("an SSA value");
    bool ok;
    Value *v = useValue(tok_, false, &ok);
    if (!ok)
      return false;
    operands_.push_back(v);
    consume();
    return true;
  };
  if (!listUntilParen(operand, "')' to end the operand list"))
    return false;
  consume();
  return true;
}

/// successors ::= `[` caret-id (`(` uses `:` types `)`)? (`,` ...)* `]`
bool Parser::genericSuccessors(size_t fi) {
  if (tok_.kind != Token::l_square)
    return true;
  consume();
  auto successor = [&] {
    if (tok_.kind != Token::caret_identifier)
      return expected("a successor block");
    Block *b = blockRef(fi, tok_);
    if (!b)
      return false;
    successors_.push_back(b);
    consume();
    if (tok_.kind == Token::l_paren) {
      // Successor operands inline (accepted, as older MLIR printed them).
      consume();
      while (tok_.kind != Token::r_paren) {
        if (tok_.kind == Token::percent_identifier) {
          bool ok;
          Value *v = useValue(tok_, false, &ok);
          if (!ok)
            return false;
          operands_.push_back(v);
          consume();
        } else if (tok_.kind == Token::colon) {
          consume();
          if (!parseType(nullptr))
            return false;
        } else if (tok_.kind == Token::comma) {
          consume();
        } else {
          return expected("')' to end the successor operands");
        }
      }
      consume();
    }
    return true;
  };
  if (!commaList(successor))
    return false;
  if (tok_.kind != Token::r_square)
    return expected("']' to end the successor list");
  consume();
  return true;
}

/// `:` function-type ::= `(` types `)` `->` (type | `(` types `)`): checks
/// the operand count and gives the op its result types and typeSig.
bool Parser::genericFunctionType(size_t fi, Operation *op) {
  if (tok_.kind != Token::colon)
    return expected("':' and the operation's function type");
  consume();
  uint32_t sigStart = offsetOf(tok_);
  if (tok_.kind != Token::l_paren)
    return expected("'(' to start the operand types");
  consume();
  uint32_t nTypes = 0;
  auto operandType = [&] {
    ++nTypes;
    return parseType(nullptr);
  };
  if (!listUntilParen(operandType, "')' to end the operand types"))
    return false;
  size_t nOperands = operands_.size() - frames_[fi].operandMark;
  if (nTypes != nOperands)
    return error(tok_, "expected " + std::to_string(nOperands) +
                           " operand types but found " + std::to_string(nTypes));
  consume();
  if (tok_.kind != Token::arrow)
    return expected("'->' and the result types");
  consume();
  std::vector<SourceRange> &types = resultTypes_;
  types.clear();
  if (tok_.kind == Token::l_paren) {
    // A result list, or a single function type `(A) -> B`.
    unpeek();
    Lexer::State s = lex_.save();
    Token saved = tok_;
    uint32_t savedEnd = lastEnd_;
    consume();
    auto resultType = [&] {
      SourceRange tr;
      if (!parseType(&tr))
        return false;
      types.push_back(tr);
      return true;
    };
    if (!listUntilParen(resultType, "')' to end the result types"))
      return false;
    consume();
    if (tok_.kind == Token::arrow) {
      lex_.restore(s);
      hasAhead_ = false;
      tok_ = saved;
      lastEnd_ = savedEnd;
      types.clear();
      SourceRange tr;
      if (!parseType(&tr))
        return false;
      types.push_back(tr);
    }
  } else {
    SourceRange tr;
    if (!parseType(&tr))
      return false;
    types.push_back(tr);
  }
  uint32_t nResults = static_cast<uint32_t>(types.size());
  if (op->numResults == 0 && nResults > 0) {
    // Results may be left unnamed: `"op"() : () -> i32`.
    op->numResults = nResults;
    op->results = arena_.makeArray<Value>(nResults);
    for (uint32_t i = 0; i < nResults; ++i) {
      op->results[i].kind = Value::Result;
      op->results[i].number = i;
      op->results[i].owner = op;
    }
    stats_.values += nResults;
  }
  if (nResults != op->numResults)
    return error(tok_, "operation defines " + std::to_string(op->numResults) +
                           " results but its type has " + std::to_string(nResults));
  for (uint32_t i = 0; i < nResults; ++i)
    op->results[i].type = types[i];
  op->typeSig = {sigStart, lastEnd_ - sigStart};
  return true;
}

/// generic-op ::= string `(` uses `)` successors? `<{` props `}>`?
///                (`(` region (`,` region)* `)`)? attr-dict? `:` function-type loc?
bool Parser::stepGeneric(size_t fi) {
  Frame &f = frames_[fi];
  Operation *op = f.op;
  if (f.gstate == GenericState::Name) {
    if (!genericOperands())
      return false;
    if (!genericSuccessors(fi))
      return false;
    if (tok_.kind == Token::less) {
      Token n = peek();
      if (n.kind != Token::l_brace)
        return expected("'<{' to start the properties");
      SourceRange r;
      if (!skipBalanced(&r))
        return false;
      op->props = r;
    }
    if (tok_.kind == Token::l_paren) {
      consume();
      if (tok_.kind != Token::l_brace)
        return expected("'{' to start a region");
      f.gstate = GenericState::AfterRegion;
      return pushRegion(fi, false);
    }
    f.gstate = GenericState::Rest;
  }
  if (f.gstate == GenericState::AfterRegion) {
    if (tok_.kind == Token::comma) {
      consume();
      if (tok_.kind != Token::l_brace)
        return expected("'{' to start a region");
      return pushRegion(fi, false);
    }
    if (tok_.kind != Token::r_paren)
      return expected("')' to end the region list");
    consume();
    frames_[fi].gstate = GenericState::Rest;
  }
  if (tok_.kind == Token::l_brace) {
    SourceRange r;
    if (!skipBalanced(&r))
      return false;
    op->attrs = r;
  }
  if (!genericFunctionType(fi, op))
    return false;
  if (tok_.isKeyword("loc")) {
    if (peek().kind != Token::l_paren)
      return expected("'(' after 'loc'");
    SourceRange r;
    if (!skipBalanced(&r))
      return false;
    op->loc = r;
  }
  finishOp(fi);
  return true;
}

/// One unit of a parallel parse: the chunks from `begin` (0 or a marker) to
/// the marker at `end` (or the end of the file), read into its own arena,
/// chunk list, counts and diagnostics, then stitched in file order.
struct ParseUnit {
  uint32_t begin = 0, end = 0;
  uint32_t line = 1; // the line of `begin`
  support::Arena arena;
  std::vector<Chunk> chunks;
  ParseStats stats;
  Diagnostics diags;
  Parser::Stop stop;
};

/// Units per thread: work is handed out unit by unit, so a slow unit (one
/// large chunk) does not leave the other threads idle for long.
constexpr size_t kUnitsPerThread = 4;

/// A positive count in environment variable `name`, else `fallback`.
size_t envCount(const char *name, size_t fallback, bool allowZero) {
  const char *v = std::getenv(name);
  if (!v || !*v)
    return fallback;
  char *e = nullptr;
  unsigned long long n = std::strtoull(v, &e, 10);
  if (*e || (n == 0 && !allowZero) || n > (1ull << 40))
    return fallback;
  return static_cast<size_t>(n);
}

/// Unit starts: 0, then markers at least size/want bytes apart.
std::vector<uint32_t> unitStarts(const std::vector<uint32_t> &markers, size_t size, size_t want) {
  std::vector<uint32_t> starts{0};
  size_t target = std::max<size_t>(1, size / std::max<size_t>(1, want));
  for (uint32_t mk : markers)
    if (mk > starts.back() && mk - starts.back() >= target)
      starts.push_back(mk);
  return starts;
}

void addStats(ParseStats &to, const ParseStats &s) {
  to.ops += s.ops;
  to.modules += s.modules;
  to.functions += s.functions;
  to.genericOps += s.genericOps;
  to.blocks += s.blocks;
  to.regions += s.regions;
  to.values += s.values;
  to.uses += s.uses;
  to.unresolvedUses += s.unresolvedUses;
  to.maxDepth = std::max(to.maxDepth, s.maxDepth);
}

/// Parses the units that start at `starts` on `threads` threads into `m`.
/// False, with `m` and `diags` untouched but for interned names, when a unit
/// did not end where the next one starts (a marker the parse did not take
/// as one): then only a serial parse gives the serial result.
bool parseUnits(Module &m, Diagnostics &diags, unsigned threads,
                const std::vector<uint32_t> &starts) {
  const char *data = m.buffer().data();
  size_t n = starts.size();
  std::unique_ptr<ParseUnit[]> units(new ParseUnit[n]);
  for (size_t k = 0; k < n; ++k) {
    units[k].begin = starts[k];
    units[k].end = k + 1 < n ? starts[k + 1] : static_cast<uint32_t>(m.buffer().size());
  }
  // Each unit counts its lines first, so that every parser knows the line
  // it starts on (op lines are counted from there).
  support::parallelFor(n, threads, [&](size_t k) {
    units[k].line = detail::countNewlines(data + units[k].begin, data + units[k].end);
  }, 1);
  uint32_t line = 1;
  for (size_t k = 0; k < n; ++k) {
    uint32_t newlines = units[k].line;
    units[k].line = line;
    line += newlines;
  }
  std::mutex internLock;
  support::parallelFor(n, threads, [&](size_t k) {
    ParseUnit &u = units[k];
    u.arena.firstSlab(size_t(u.end - u.begin) + (u.end - u.begin) / 4);
    Parser p(m, u.diags, {u.arena, u.chunks, u.stats, &internLock});
    u.stop = p.run(u.begin, k + 1 < n ? u.end : UINT32_MAX, u.line);
  }, 1);
  for (size_t k = 0; k < n; ++k) {
    const Parser::Stop &s = units[k].stop;
    bool last = k + 1 == n;
    if (!s.started || s.atEnd != last || (!last && s.offset != units[k].end))
      return false;
  }
  size_t chunks = 0;
  for (size_t k = 0; k < n; ++k)
    chunks += units[k].chunks.size();
  m.chunks().reserve(chunks);
  for (size_t k = 0; k < n; ++k) {
    ParseUnit &u = units[k];
    m.arena().adopt(std::move(u.arena));
    for (Chunk &c : u.chunks)
      m.chunks().push_back(std::move(c));
    addStats(m.stats(), u.stats);
    for (const support::Diagnostic &d : u.diags.all())
      diags.report(d.severity, d.buffer, d.offset, d.message, d.checkId);
  }
  return true;
}

/// The serial parse unless `parsed` (on `threads` threads), then the checks
/// over the whole file.
std::unique_ptr<Module> finishModule(std::unique_ptr<Module> m, Diagnostics &diags, bool parsed,
                                     unsigned threads);

} // namespace

std::unique_ptr<Module> parseModule(std::unique_ptr<SourceBuffer> buf,
                                    Diagnostics &diags, const ParseOptions &options) {
  auto m = std::make_unique<Module>(std::move(buf));
  unsigned threads = support::workerCount(
      options.threads ? options.threads
                      : static_cast<unsigned>(envCount("TSCOPE_THREADS", 0, false)));
  size_t size = m->buffer().size();
  bool parsed = false;
  if (threads > 1 && size >= envCount("TSCOPE_PARSE_SPLIT_MIN", options.minSplitBytes, true)) {
    std::vector<uint32_t> starts =
        unitStarts(findChunkMarkers(m->buffer().data(), size, threads), size, threads * kUnitsPerThread);
    threads = std::min<unsigned>(threads, static_cast<unsigned>(starts.size()));
    if (starts.size() > 1)
      parsed = parseUnits(*m, diags, threads, starts);
  }
  return finishModule(std::move(m), diags, parsed, threads);
}

namespace detail {
std::unique_ptr<Module> parseModuleInUnits(std::unique_ptr<SourceBuffer> buf, Diagnostics &diags,
                                           unsigned threads, const std::vector<uint32_t> &starts,
                                           bool *inUnits) {
  auto m = std::make_unique<Module>(std::move(buf));
  bool parsed = starts.size() > 1 && starts[0] == 0 &&
                std::is_sorted(starts.begin(), starts.end()) &&
                std::adjacent_find(starts.begin(), starts.end()) == starts.end() &&
                starts.back() < m->buffer().size() && parseUnits(*m, diags, threads, starts);
  *inUnits = parsed;
  return finishModule(std::move(m), diags, parsed, threads);
}
} // namespace detail

namespace {
std::unique_ptr<Module> finishModule(std::unique_ptr<Module> m, Diagnostics &diags, bool parsed,
                                     unsigned threads) {
  if (!parsed) {
    Parser p(*m, diags, {m->arena(), m->chunks(), m->stats()});
    p.run();
  }
  // An empty file (or one of comments only) is almost always a wrong path or
  // a truncated dump; a file of alias definitions alone is a valid module.
  bool anything = m->stats().ops > 0;
  for (const Chunk &c : m->chunks())
    anything |= !c.aliases.empty() || !c.resources.empty();
  if (!anything && diags.errorCount() == 0)
    diags.error(&m->buffer(), 0, "file holds no operations");
  if (diags.errorCount() == 0)
    warnMissingLocAliases(*m, diags, parsed ? threads : 1);
  return m;
}

} // namespace

} // namespace tscope::ir
