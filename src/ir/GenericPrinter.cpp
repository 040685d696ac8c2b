// Generic-form printer. Values are renumbered %0, %1, ... per chunk and blocks
// ^bb0, ^bb1, ... per region, so the output is valid wherever the input reused
// names in isolated regions.
#include "ir/GenericPrinter.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/Parser.h"
#include "ir/TextScan.h"

namespace tscope::ir {

/// True when `t` reads as one MLIR type: a builtin keyword or shaped type, a
/// dialect type `!x`, a stripped body `<...>` or a function type, with its
/// brackets balanced and nothing after it.
static bool looksLikeType(std::string_view t) {
  if (t.empty())
    return false;
  int depth = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    char c = t[i];
    if (c == '"') {
      i = detail::skipString(t, i);
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<')
      ++depth;
    else if (c == ')' || c == ']' || c == '}' || (c == '>' && !(i && t[i - 1] == '-')))
      --depth;
    if (depth < 0)
      return false;
    if (depth == 0 && (c == ' ' || c == ',' || c == ':' || c == '\n' || c == '/'))
      return t.front() == '(' ; // function types have top-level spaces
  }
  if (depth != 0)
    return false;
  if (t.front() == '!' || t.front() == '<' || t.front() == '(')
    return true;
  static constexpr std::string_view kShaped[] = {"tensor<", "vector<", "memref<",
                                                 "complex<", "tuple<"};
  for (std::string_view k : kShaped)
    if (t.substr(0, k.size()) == k)
      return true;
  static constexpr std::string_view kScalars[] = {
      "index", "none", "f16", "bf16", "f32", "f64", "f80", "f128", "tf32",
      "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3B11FNUZ",
      "f8E4M3", "f8E3M4", "f8E8M0FNU", "f4E2M1FN", "f6E2M3FN", "f6E3M2FN"};
  for (std::string_view k : kScalars)
    if (t == k)
      return true;
  size_t p = t[0] == 'i' ? 1 : (t.substr(0, 2) == "si" || t.substr(0, 2) == "ui") ? 2 : 0;
  if (p == 0 || p >= t.size())
    return false;
  for (size_t i = p; i < t.size(); ++i)
    if (t[i] < '0' || t[i] > '9')
      return false;
  return true;
}

std::string valueTypeText(const Module &m, const Value *v) {
  if (v->type.empty())
    return "!tscope.unknown";
  std::string_view t = detail::trim(m.str(v->type));
  if (!looksLikeType(t))
    return "!tscope.unknown";
  if (t.front() == '<') {
    // Stripped form printed by ops whose format uses an unqualified type.
    return (t.size() > 1 && t[1] == '[' ? "!nvws.aref" : "!ttg.memdesc") +
           std::string(t);
  }
  return std::string(t);
}

namespace {

void escapeInto(std::string_view s, std::string &out) {
  static const char *hex = "0123456789ABCDEF";
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\' || u < 0x20 || u >= 0x7f) {
      out.push_back('\\');
      out.push_back(hex[u >> 4]);
      out.push_back(hex[u & 15]);
    } else {
      out.push_back(c);
    }
  }
}

class Printer {
public:
  Printer(const Module &m, std::ostream &os, const GenericPrintOptions &o)
      : m_(m), os_(os), opts_(o) {}

  void printChunk(const Chunk &c) {
    ids_.clear();
    blockIds_.clear();
    next_ = 0;
    for (const AliasDef &a : c.aliases) {
      os_ << m_.str(a.name) << " = " << m_.str(a.value) << "\n";
    }
    for (Operation *op = c.body->first->first; op; op = op->next)
      printOpTree(op, 0);
    for (SourceRange r : c.resources)
      os_ << m_.str(r) << "\n";
  }

private:
  std::string valueName(const Value *v) {
    auto it = ids_.find(v);
    if (it != ids_.end())
      return "%" + std::to_string(it->second);
    uint32_t id = next_++;
    ids_.emplace(v, id);
    return "%" + std::to_string(id);
  }

  /// Explicit stack: regions nest deeply in fuzzed input.
  void printOpTree(Operation *root, int indent) {
    struct Item {
      Operation *op;       // op to print (header) when region == nullptr
      Region *region;      // region whose next block to print
      Block *block;
      int indent;
      int stage;
    };
    std::vector<Item> st;
    st.push_back({root, nullptr, nullptr, indent, 0});
    while (!st.empty()) {
      Item &it = st.back();
      if (it.stage == 0) {
        if (opts_.omit && opts_.omit(*it.op)) {
          st.pop_back();
          continue;
        }
        // Print header; then regions.
        it.stage = 1;
        std::string line(static_cast<size_t>(it.indent), ' ');
        printHeader(it.op, line);
        os_ << line;
        if (it.op->numRegions == 0) {
          printTail(it.op);
          st.pop_back();
          continue;
        }
        os_ << " (";
        it.region = it.op->firstRegion;
        it.block = nullptr;
        continue;
      }
      if (it.stage == 1) {
        // Inside regions: it.region is the current one.
        if (!it.block) {
          os_ << "{\n";
          it.block = it.region->first;
          assignBlockIds(it.region);
        } else {
          it.block = it.block->next;
        }
        if (!it.block) {
          os_ << std::string(static_cast<size_t>(it.indent), ' ') << "}";
          it.region = it.region->next;
          if (it.region) {
            os_ << ", ";
            it.block = nullptr;
            continue;
          }
          os_ << ")";
          printTail(it.op);
          st.pop_back();
          continue;
        }
        Block *b = it.block;
        // The entry block needs no label without arguments; an empty lone
        // entry block prints as `{}` (MLIR reads that as no block at all).
        bool entry = b == it.region->first;
        if (entry && b->numArgs == 0) {
          std::vector<Operation *> ops0;
          for (Operation *o = b->first; o; o = o->next)
            ops0.push_back(o);
          int childIndent0 = it.indent + 2; // `it` dangles after push_back
          for (size_t i = ops0.size(); i-- > 0;)
            st.push_back({ops0[i], nullptr, nullptr, childIndent0, 0});
          continue;
        }
        std::string label(static_cast<size_t>(it.indent), ' ');
        label += "^bb" + std::to_string(blockIds_[b]);
        if (b->numArgs) {
          label += "(";
          for (uint32_t i = 0; i < b->numArgs; ++i) {
            if (i)
              label += ", ";
            label += valueName(&b->args[i]) + ": " + valueTypeText(m_, &b->args[i]);
          }
          label += ")";
        }
        os_ << label << ":\n";
        // Push ops of this block in reverse so they print in order.
        int childIndent = it.indent + 2;
        std::vector<Operation *> ops;
        for (Operation *o = b->first; o; o = o->next)
          ops.push_back(o);
        for (size_t i = ops.size(); i-- > 0;)
          st.push_back({ops[i], nullptr, nullptr, childIndent, 0});
        continue;
      }
    }
  }

  void assignBlockIds(Region *r) {
    uint32_t i = 0;
    for (Block *b = r->first; b; b = b->next)
      blockIds_[b] = i++;
  }

  void printHeader(Operation *op, std::string &line) {
    if (op->numResults) {
      for (uint32_t i = 0; i < op->numResults; ++i) {
        if (i)
          line += ", ";
        line += valueName(&op->results[i]);
      }
      line += " = ";
    }
    line += '"';
    if (opts_.opaqueNames && !op->is("builtin.module"))
      line += "tscope.";
    line += op->opName();
    line += "\"(";
    bool first = true;
    for (uint32_t i = 0; i < op->numOperands; ++i) {
      Value *v = op->operands[i];
      if (v->kind == Value::Unresolved)
        continue;
      if (!first)
        line += ", ";
      first = false;
      line += valueName(v);
    }
    line += ")";
    if (op->numSuccessors) {
      line += "[";
      for (uint32_t i = 0; i < op->numSuccessors; ++i) {
        if (i)
          line += ", ";
        auto it = blockIds_.find(op->successor(i));
        line += "^bb" + std::to_string(it == blockIds_.end() ? 0 : it->second);
      }
      line += "]";
    }
    if (!op->props.empty()) {
      line += " ";
      line += m_.str(op->props);
    }
  }

  void printTail(Operation *op) {
    std::string s;
    std::string_view attrs = op->attrs.empty() ? std::string_view() : m_.str(op->attrs);
    std::string asmText;
    if (opts_.keepAsm && op->form == Operation::Form::Pretty)
      asmText = customSyntax(op);
    if (!attrs.empty() || !asmText.empty()) {
      s += " ";
      if (asmText.empty()) {
        s += attrs;
      } else {
        std::string_view inner = attrs.size() >= 2 ? detail::trim(attrs.substr(1, attrs.size() - 2))
                                                   : std::string_view();
        s += "{";
        if (!inner.empty()) {
          s += inner;
          s += ", ";
        }
        s += "tscope.asm = \"";
        escapeInto(asmText, s);
        s += "\"}";
      }
    }
    s += " : (";
    bool first = true;
    for (uint32_t i = 0; i < op->numOperands; ++i) {
      Value *v = op->operands[i];
      if (v->kind == Value::Unresolved)
        continue;
      if (!first)
        s += ", ";
      first = false;
      s += valueTypeText(m_, v);
    }
    s += ") -> (";
    for (uint32_t i = 0; i < op->numResults; ++i) {
      if (i)
        s += ", ";
      s += valueTypeText(m_, &op->results[i]);
    }
    s += ")";
    if (opts_.locations && !op->loc.empty()) {
      s += " ";
      s += m_.str(op->loc);
    }
    os_ << s << "\n";
  }

  /// The op's text after its name with regions elided, attr-dict and location
  /// removed, whitespace collapsed.
  std::string customSyntax(Operation *op) {
    std::string_view full = m_.str(op->range);
    size_t nameAt = full.find(op->opName() == "builtin.module" ? "module" : op->opName());
    if (nameAt == std::string_view::npos)
      return {};
    size_t nameLen = op->opName() == "builtin.module" ? 6 : op->opName().size();
    uint32_t from = op->range.offset + static_cast<uint32_t>(nameAt + nameLen);
    uint32_t to = op->range.end();
    std::string out;
    uint32_t pos = from;
    auto emit = [&](uint32_t a, uint32_t b) {
      const char *d = m_.buffer().data();
      for (uint32_t i = a; i < b; ++i) {
        char c = d[i];
        if (c == '"') {
          // Copy a string literal whole.
          uint32_t j = i + 1;
          while (j < b && d[j] != '"')
            j += d[j] == '\\' ? 2 : 1;
          j = j < b ? j + 1 : b;
          out.append(d + i, j - i);
          i = j - 1;
          continue;
        }
        if (c == '/' && i + 1 < b && d[i + 1] == '/') {
          // Comments inside a multi-line op are not syntax.
          while (i < b && d[i] != '\n')
            ++i;
          c = ' ';
        }
        if (c == '\n' || c == '\t' || c == '\r')
          c = ' ';
        if (c == ' ' && (out.empty() || out.back() == ' '))
          continue;
        out.push_back(c);
      }
    };
    // Cut spans: regions, attrs, loc.
    std::vector<SourceRange> cuts;
    for (Region *r = op->firstRegion; r; r = r->next)
      cuts.push_back(r->range);
    if (!op->attrs.empty())
      cuts.push_back(op->attrs);
    if (!op->loc.empty())
      cuts.push_back(op->loc);
    std::sort(cuts.begin(), cuts.end(),
              [](SourceRange a, SourceRange b) { return a.offset < b.offset; });
    for (SourceRange c : cuts) {
      if (c.offset < pos || c.offset > to)
        continue;
      emit(pos, c.offset);
      bool isRegion = false;
      for (Region *r = op->firstRegion; r; r = r->next)
        isRegion |= r->range.offset == c.offset;
      if (isRegion)
        out += "{...}";
      pos = c.end();
    }
    if (pos < to)
      emit(pos, to);
    std::string_view t = detail::trim(out);
    // `attributes` keyword is left dangling when its dict was cut.
    std::string res(t);
    return res;
  }

  const Module &m_;
  std::ostream &os_;
  GenericPrintOptions opts_;
  std::unordered_map<const Value *, uint32_t> ids_;
  uint32_t next_ = 0;
  std::unordered_map<const Block *, uint32_t> blockIds_;
};

} // namespace

void printGeneric(const Module &m, std::ostream &os,
                  const GenericPrintOptions &opts) {
  Printer p(m, os, opts);
  bool first = true;
  for (const Chunk &c : m.chunks()) {
    if (!first)
      os << "\n// -----\n";
    first = false;
    p.printChunk(c);
  }
}

} // namespace tscope::ir
