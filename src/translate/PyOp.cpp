// Op-by-op Python spelling for the TLX translation. The TLX names and
// argument orders follow third_party/tlx/language/tlx (barrier.py,
// mem_ops.py, mma_ops.py) of facebookexperimental/triton; operands are read
// in the textual order of the pretty form (dialect::operandRoles).
#include "translate/PyOp.h"

#include <cctype>
#include <unordered_map>

#include "dialect/OpTable.h"
#include "dialect/Types.h"
#include "ir/Lexer.h"
#include "ir/Attribute.h"

namespace tscope::translate {

using dialect::OpKind;

std::string PyOpEnv::arg(const ir::Value *v) const {
  if (!v)
    return "None";
  if (const PyRef *r = names.find(v))
    return r->text;
  if (!v->name.empty())
    return PyNames::sanitize(module.str(v->name));
  return "None";
}

std::string PyOpEnv::operand(const ir::Value *v) const {
  const PyRef *r = v ? names.find(v) : nullptr;
  if (r && !r->atom)
    return "(" + r->text + ")";
  std::string s = arg(v);
  if (!s.empty() && s.front() == '-')
    return "(" + s + ")";
  return s;
}

std::string PyOpEnv::receiver(const ir::Value *v) const {
  std::string s = operand(v);
  if (!s.empty() && (std::isdigit(static_cast<unsigned char>(s.front())) || s == "True" ||
                     s == "False" || s == "None"))
    return "(" + s + ")";
  return s;
}

bool PyOpEnv::isTrue(const ir::Value *v) const {
  const PyRef *r = v ? names.find(v) : nullptr;
  return r && r->text == "True";
}

std::optional<int64_t> PyOpEnv::intConstant(const ir::Value *v) const {
  const PyRef *r = v ? names.find(v) : nullptr;
  if (!r || r->text.empty())
    return std::nullopt;
  std::string_view t = r->text;
  bool neg = t.front() == '-';
  if (neg)
    t.remove_prefix(1);
  if (t.empty() || t.size() > 18)
    return std::nullopt;
  int64_t x = 0;
  for (char c : t) {
    if (c < '0' || c > '9')
      return std::nullopt;
    x = x * 10 + (c - '0');
  }
  return neg ? -x : x;
}

std::string_view PyOpEnv::typeOf(const ir::Value *v) const { return dialect::typeText(module, v); }

std::string pyDtype(std::string_view e) {
  static const std::pair<std::string_view, std::string_view> kNames[] = {
      {"f16", "tl.float16"},
      {"bf16", "tl.bfloat16"},
      {"f32", "tl.float32"},
      {"f64", "tl.float64"},
      {"tf32", "tl.float32"},
      {"i1", "tl.int1"},
      {"i8", "tl.int8"},
      {"i16", "tl.int16"},
      {"i32", "tl.int32"},
      {"i64", "tl.int64"},
      {"ui8", "tl.uint8"},
      {"ui16", "tl.uint16"},
      {"ui32", "tl.uint32"},
      {"ui64", "tl.uint64"},
      {"index", "tl.int64"},
      {"f8E4M3FN", "tl.float8e4nv"},
      {"f8E5M2", "tl.float8e5"},
      {"f8E4M3FNUZ", "tl.float8e4b8"},
      {"f8E5M2FNUZ", "tl.float8e5b16"},
      {"f8E4M3B11FNUZ", "tl.float8e4b15"},
  };
  for (auto &[k, v] : kNames)
    if (e == k)
      return std::string(v);
  std::string s = "tl.dtype(\"";
  for (char c : e)
    if (c != '"' && c != '\\' && static_cast<unsigned char>(c) >= 0x20 &&
        static_cast<unsigned char>(c) < 0x7f)
      s.push_back(c);
  return s + "\")";
}

std::string pyShape(const std::vector<int64_t> &shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

std::string plainCallName(std::string_view name) {
  std::string out;
  size_t start = 0;
  while (start <= name.size()) {
    size_t dot = name.find('.', start);
    std::string_view part =
        name.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
    if (!out.empty())
      out.push_back('.');
    out += PyNames::sanitize(part);
    if (dot == std::string_view::npos)
      break;
    start = dot + 1;
  }
  return out;
}

namespace {

/// The op's own text without its location.
std::string_view opText(const ir::Module &m, const ir::Operation *op) {
  std::string_view t = m.str(op->range);
  if (!op->loc.empty() && op->loc.offset > op->range.offset)
    t = t.substr(0, op->loc.offset - op->range.offset);
  return t;
}

/// A Python string literal for arbitrary text (non-printable bytes dropped).
std::string quote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\')
      out.push_back('\\');
    if (u >= 0x20 && u < 0x7f)
      out.push_back(c);
  }
  return out + "\"";
}

bool isInteger(std::string_view s) {
  if (!s.empty() && s.front() == '-')
    s.remove_prefix(1);
  if (s.empty() || s.size() > 30)
    return false;
  for (char c : s)
    if (c < '0' || c > '9')
      return false;
  return true;
}

bool isFloat(std::string_view s) {
  if (!s.empty() && s.front() == '-')
    s.remove_prefix(1);
  if (s.empty() || s.size() > 40 || !(s.front() >= '0' && s.front() <= '9'))
    return false;
  bool digit = false, dot = false, exp = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c >= '0' && c <= '9')
      digit = true;
    else if (c == '.' && !dot && !exp)
      dot = true;
    else if ((c == 'e' || c == 'E') && digit && !exp) {
      exp = true;
      if (i + 1 < s.size() && (s[i + 1] == '+' || s[i + 1] == '-'))
        ++i;
    } else
      return false;
  }
  return digit && (dot || exp);
}

/// An attribute value as a Python literal: ints, floats, bools, strings,
/// arrays of ints; anything else as a string of its MLIR text.
std::string pyAttrValue(std::string_view v) {
  v = ir::trim(v);
  std::string_view head = v;
  size_t colon = head.rfind(" : ");
  if (colon != std::string_view::npos && head.front() != '"' && head.front() != '[')
    head = ir::trim(head.substr(0, colon));
  if (head == "true" || head == "unit")
    return "True";
  if (head == "false")
    return "False";
  if (isInteger(head) || isFloat(head))
    return std::string(head);
  if (head.size() >= 2 && head.front() == '"' && head.back() == '"')
    return quote(head.substr(1, head.size() - 2));
  std::string_view list;
  if (head.substr(0, 6) == "array<") {
    size_t c = head.find(':');
    if (c != std::string_view::npos && head.back() == '>')
      list = head.substr(c + 1, head.size() - c - 2);
  } else if (head.size() >= 2 && head.front() == '[' && head.back() == ']') {
    list = head.substr(1, head.size() - 2);
  }
  if (!list.empty() || head == "[]") {
    std::vector<std::string_view> parts;
    ir::splitAttrList(list, ',', parts);
    std::string out = "[";
    bool ok = true;
    for (size_t i = 0; i < parts.size() && ok; ++i) {
      std::string_view p = parts[i];
      size_t pc = p.find(" : ");
      if (pc != std::string_view::npos)
        p = ir::trim(p.substr(0, pc));
      ok = isInteger(p) || isFloat(p) || p == "true" || p == "false";
      out += (i ? ", " : "") + std::string(p == "true" ? "True" : p == "false" ? "False" : p);
    }
    if (ok)
      return out + "]";
  }
  return quote(v);
}

/// The names and values of an op's attribute dictionary and properties, in
/// order; discardable dialect attributes (`tt.divisibility`, `ttg.partition`)
/// and compiler bookkeeping are left out.
std::vector<std::pair<std::string, std::string>> plainAttributes(const ir::Module &m,
                                                                 const ir::Operation *op) {
  std::vector<std::pair<std::string, std::string>> out;
  for (ir::SourceRange r : {op->props, op->attrs}) {
    if (r.empty())
      continue;
    std::string_view d = ir::trim(m.str(r));
    if (d.substr(0, 2) == "<{" && d.size() >= 4)
      d = d.substr(2, d.size() - 4);
    else if (d.size() >= 2 && d.front() == '{')
      d = d.substr(1, d.size() - 2);
    else
      continue;
    std::vector<std::string_view> parts;
    ir::splitAttrList(d, ',', parts);
    for (std::string_view p : parts) {
      size_t eq = p.find('=');
      std::string_view k = ir::trim(eq == std::string_view::npos ? p : p.substr(0, eq));
      if (k.size() >= 2 && k.front() == '"' && k.back() == '"')
        k = k.substr(1, k.size() - 2);
      if (k.empty() || k.find('.') != std::string_view::npos ||
          k.find('-') != std::string_view::npos || k == "operandSegmentSizes" ||
          k == "resultSegmentSizes" || k == "sym_name" || k == "function_type" ||
          k == "arg_attrs" || k == "res_attrs" || k == "noinline" || k == "sym_visibility")
        continue;
      std::string_view val =
          eq == std::string_view::npos ? std::string_view("unit") : p.substr(eq + 1);
      out.push_back({PyNames::sanitize(k), pyAttrValue(val)});
    }
  }
  return out;
}

/// A call's argument list, with keywords after positionals and no repeats.
struct Args {
  std::vector<std::string> pos;
  std::vector<std::pair<std::string, std::string>> kw;
  void add(std::string s) { pos.push_back(std::move(s)); }
  void key(std::string k, std::string v) {
    for (int i = 2;; ++i) {
      bool dup = false;
      for (auto &p : kw)
        dup |= p.first == k;
      if (!dup)
        break;
      k = k + "_" + std::to_string(i);
    }
    kw.push_back({std::move(k), std::move(v)});
  }
  std::string call(std::string_view fn) const {
    std::string s(fn);
    s += "(";
    bool first = true;
    for (const std::string &p : pos) {
      s += (first ? "" : ", ") + p;
      first = false;
    }
    for (const auto &[k, v] : kw) {
      s += (first ? "" : ", ") + k + "=" + v;
      first = false;
    }
    return s + ")";
  }
};

/// The open lists of syntaxArgs: a stack whose bottom is the call's own
/// argument list; a value right after `word` at the bottom is a keyword.
struct ArgLists {
  explicit ArgLists(Args &o) : out(o) {}
  Args &out;
  std::vector<std::vector<std::string>> lists = std::vector<std::vector<std::string>>(1);
  std::string pendingKey;

  size_t depth() const { return lists.size(); }
  void open() { lists.emplace_back(); }
  void put(std::string v) {
    if (lists.size() == 1 && !pendingKey.empty()) {
      out.key(PyNames::sanitize(pendingKey), std::move(v));
      pendingKey.clear();
      return;
    }
    lists.back().push_back(std::move(v));
  }
  /// Closes the innermost list into a `[a, b]` value of the one around it.
  void close() {
    std::string s = "[";
    for (size_t i = 0; i < lists.back().size(); ++i)
      s += (i ? ", " : "") + lists.back()[i];
    lists.pop_back();
    put(s + "]");
  }
  /// Closes what is still open and moves the bottom list into `out`.
  void finish() {
    while (lists.size() > 1)
      close();
    for (std::string &p : lists.front())
      out.add(std::move(p));
  }
};

/// Where the operand part of an op's text ends: its location or type signature.
uint32_t syntaxEnd(const ir::Operation *op) {
  uint32_t end = op->range.end();
  if (!op->loc.empty() && op->loc.offset > op->range.offset)
    end = op->loc.offset;
  if (op->typeSig.size && op->typeSig.offset > op->range.offset && op->typeSig.offset < end)
    end = op->typeSig.offset;
  return end;
}

/// Reads the custom syntax of a pretty-form op into call arguments: operands
/// in order, `[...]` and `(...)` groups as lists, `word %x` and `word = v` as
/// keywords, integer literals and bare words as values; stops at the type
/// signature. Generic-form ops (or text it cannot follow) give the operands
/// in order.
Args syntaxArgs(const PyOpEnv &e, const ir::Operation *op) {
  const ir::Module &m = e.module;
  Args out;
  auto positional = [&]() {
    Args a;
    for (uint32_t i = 0; i < op->numOperands; ++i)
      a.add(e.arg(op->operands[i]));
    return a;
  };
  if (op->form != ir::Operation::Form::Pretty)
    return positional();
  ir::Lexer lex(m.buffer());
  lex.resetTo(m.buffer().data() + op->range.offset, op->line);
  uint32_t end = syntaxEnd(op);
  auto off = [&](const ir::Token &t) {
    return static_cast<uint32_t>(t.spelling.data() - m.buffer().data());
  };
  ir::Token t = lex.lex();
  if (t.kind == ir::Token::percent_identifier) {
    while (t.kind != ir::Token::equal && t.kind != ir::Token::eof && off(t) < end)
      t = lex.lex();
    t = lex.lex();
  }
  t = lex.lex(); // past the op name
  ArgLists lists(out);
  uint32_t next = 0;
  bool negative = false;
  auto put = [&](std::string v) { lists.put(std::move(v)); };
  while (t.kind != ir::Token::eof && t.kind != ir::Token::error && off(t) < end) {
    switch (t.kind) {
    case ir::Token::l_paren:
    case ir::Token::l_square:
      if (lists.depth() > 16)
        return positional();
      lists.open();
      break;
    case ir::Token::r_paren:
    case ir::Token::r_square:
      if (lists.depth() > 1)
        lists.close();
      break;
    case ir::Token::l_brace:
    case ir::Token::less: {
      const char *errAt = nullptr;
      const char *after = lex.skipBracketed(t.spelling.data(), errAt);
      if (!after)
        return positional();
      break;
    }
    case ir::Token::percent_identifier:
      if (next >= op->numOperands)
        return positional();
      put(e.arg(op->operands[next++]));
      break;
    case ir::Token::integer:
    case ir::Token::floatliteral:
      put((negative ? "-" : "") + std::string(t.spelling));
      break;
    case ir::Token::string:
      put(quote(t.spelling.size() >= 2 ? t.spelling.substr(1, t.spelling.size() - 2) : t.spelling));
      break;
    case ir::Token::bare_identifier: {
      ir::Lexer::State st = lex.save();
      ir::Token n = lex.lex();
      lex.restore(st);
      if (lists.depth() == 1 &&
          (n.kind == ir::Token::percent_identifier || n.kind == ir::Token::equal ||
           n.kind == ir::Token::l_paren || n.kind == ir::Token::l_square)) {
        lists.pendingKey = std::string(t.spelling);
        if (n.kind == ir::Token::equal)
          lex.lex();
        t = lex.lex();
        negative = false;
        continue;
      }
      if (t.spelling == "true" || t.spelling == "false")
        put(t.spelling == "true" ? "True" : "False");
      else
        put(quote(t.spelling));
      break;
    }
    case ir::Token::at_identifier:
      put(quote(t.spelling.substr(1)));
      break;
    case ir::Token::minus:
      negative = true;
      t = lex.lex();
      continue;
    case ir::Token::comma:
      if (lists.depth() == 1)
        lists.pendingKey.clear();
      break;
    case ir::Token::arrow:
      if (lists.depth() == 1)
        end = 0; // result types follow
      break;
    default:
      break;
    }
    negative = false;
    t = lex.lex();
  }
  if (next != op->numOperands)
    return positional();
  lists.finish();
  return out;
}

PyOp call(std::string s, bool pure = false) {
  PyOp p;
  p.expr = std::move(s);
  p.pure = pure;
  return p;
}

PyOp infix(const PyOpEnv &e, const ir::Operation *op, const char *sym) {
  PyOp p;
  if (op->numOperands != 2)
    return call(syntaxArgs(e, op).call(plainCallName(op->opName())));
  p.expr = e.operand(op->operands[0]) + " " + sym + " " + e.operand(op->operands[1]);
  p.atom = false;
  p.pure = true;
  return p;
}

bool isTensor(std::string_view type) { return type.substr(0, 7) == "tensor<"; }

std::string elementOf(std::string_view type) {
  if (auto t = dialect::parseTensor(type))
    return t->elementType;
  std::string s(ir::trim(type));
  return s;
}

/// The predicate word of cmpi/cmpf: the first bare word (pretty) or the enum
/// attribute (generic).
std::string_view predicateWord(const PyOpEnv &e, const ir::Operation *op, bool isFloat) {
  if (op->form == ir::Operation::Form::Pretty)
    return dialect::scanOpSyntax(e.module, op).firstWord;
  static const char *kInt[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
  static const char *kFloat[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                 "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
  auto v = dialect::intAttr(e.module, op, "predicate");
  if (!v || *v < 0)
    return {};
  if (!isFloat && *v < 10)
    return kInt[*v];
  if (isFloat && *v < 16)
    return kFloat[*v];
  return {};
}

const char *comparison(std::string_view w) {
  if (w == "eq" || w == "oeq" || w == "ueq")
    return "==";
  if (w == "ne" || w == "one" || w == "une")
    return "!=";
  if (w == "slt" || w == "ult" || w == "olt")
    return "<";
  if (w == "sle" || w == "ule" || w == "ole")
    return "<=";
  if (w == "sgt" || w == "ugt" || w == "ogt")
    return ">";
  if (w == "sge" || w == "uge" || w == "oge")
    return ">=";
  return nullptr;
}

/// Appends `pred=p` when the predicate operand is not the constant true.
void predicate(const PyOpEnv &e, Args &a, const ir::Value *pred) {
  if (pred && !e.isTrue(pred))
    a.key("pred", e.arg(pred));
}

std::string list(const PyOpEnv &e, const std::vector<const ir::Value *> &vs) {
  std::string s = "[";
  for (size_t i = 0; i < vs.size(); ++i)
    s += (i ? ", " : "") + e.arg(vs[i]);
  return s + "]";
}

/// The value after `key = ` in the custom syntax (`lhs = e4m3`).
std::string_view wordAfter(std::string_view text, std::string_view key) {
  size_t at = text.find(key);
  while (at != std::string_view::npos) {
    size_t i = at + key.size();
    while (i < text.size() && text[i] == ' ')
      ++i;
    if (i < text.size() && text[i] == '=') {
      ++i;
      while (i < text.size() && text[i] == ' ')
        ++i;
      size_t j = i;
      while (j < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_'))
        ++j;
      return text.substr(i, j - i);
    }
    at = text.find(key, at + 1);
  }
  return {};
}

std::optional<std::vector<int64_t>> shapeOf(const PyOpEnv &e, const ir::Value *v) {
  std::string_view t = e.typeOf(v);
  if (auto md = dialect::parseMemDesc(e.module, e.kernel ? e.kernel->chunk : nullptr, t))
    return md->shape;
  if (auto tt = dialect::parseTensor(t))
    return tt->shape;
  return std::nullopt;
}

} // namespace

std::optional<std::string> scalarLiteral(const ir::Module &m, const ir::Operation *op) {
  if (!op->is("arith.constant") || op->numResults != 1)
    return std::nullopt;
  std::string_view lit = dialect::constantLiteral(m, op);
  if (lit.empty())
    return std::nullopt;
  // The type: written after the literal (`0 : i32`), or none for an i1.
  std::string_view type = op->form == ir::Operation::Form::Generic ? dialect::attrText(m, op, "value")
                                                                     : opText(m, op);
  // `lit` views the same text: the type follows it.
  const char *end = lit.data() + lit.size();
  type = end >= type.data() && end <= type.data() + type.size()
             ? type.substr(static_cast<size_t>(end - type.data()))
             : std::string_view();
  size_t colon = type.find(':');
  type = colon == std::string_view::npos ? std::string_view("i1") : ir::trim(type.substr(colon + 1));
  if (type.find('<') != std::string_view::npos)
    return std::nullopt;
  if (lit == "true")
    return std::string("True");
  if (lit == "false")
    return std::string("False");
  if (isInteger(lit))
    return std::string(lit);
  if (isFloat(lit)) {
    std::string s(lit);
    // MLIR prints 1.000000e+00; keep it short where it is exact.
    if (s.size() > 4 && s.substr(s.size() - 4) == "e+00") {
      s.resize(s.size() - 4);
      while (s.size() > 2 && s.back() == '0' && s[s.size() - 2] != '.')
        s.pop_back();
    }
    return s;
  }
  return std::nullopt;
}

namespace {

/// What an emitter reads: the op, its environment, and the plain-call fallback.
struct OpCtx {
  const PyOpEnv &e;
  const ir::Module &m;
  const ir::Operation *op;
  std::string_view n; // op name
  OpKind kind;
  const std::vector<std::string> &regionFns;
  dialect::OperandRoles r; // filled before the kind emitters run

  const ir::Value *opd(uint32_t i) const { return i < op->numOperands ? op->operands[i] : nullptr; }
  std::string_view resType(uint32_t i) const {
    return i < op->numResults ? dialect::typeText(m, op->result(i)) : std::string_view();
  }
  std::string arg(uint32_t i) const { return e.arg(opd(i)); }
  /// The dotted call with the op's syntax, attributes and region functions.
  PyOp plain() const {
    Args a = syntaxArgs(e, op);
    for (auto &[k, v] : plainAttributes(m, op))
      a.key(k, v);
    for (const std::string &fn : regionFns)
      a.add(fn);
    return call(a.call(plainCallName(n)));
  }
};

/// A by-name emitter: nullopt hands the op on to the by-kind emitters. `sym`
/// is the table entry's operator or function word.
using NameEmitter = std::optional<PyOp> (*)(const OpCtx &c, const char *sym);
/// A by-kind emitter (operand roles read).
using KindEmitter = PyOp (*)(const OpCtx &c);

/// `1.000000e+00` -> `1.0`: MLIR's float spelling, short where exact.
std::string shortFloat(std::string s) {
  if (s.size() > 4 && s.substr(s.size() - 4) == "e+00") {
    s.resize(s.size() - 4);
    while (s.size() > 2 && s.back() == '0' && s[s.size() - 2] != '.')
      s.pop_back();
  }
  return s;
}

// --- arith / math: Python operators and tl functions.

std::optional<PyOp> emitConstant(const OpCtx &c, const char *) {
  if (auto lit = scalarLiteral(c.m, c.op)) {
    PyOp p;
    p.expr = *lit;
    p.literal = true;
    p.pure = true;
    return p;
  }
  std::string_view t = opText(c.m, c.op);
  size_t at = t.find("dense<");
  auto tt = dialect::parseTensor(c.resType(0));
  if (at != std::string_view::npos && tt) {
    size_t close = t.find('>', at);
    std::string_view v = close == std::string_view::npos
                             ? std::string_view()
                             : ir::trim(t.substr(at + 6, close - at - 6));
    if (isInteger(v) || isFloat(v) || v == "true" || v == "false") {
      std::string val = v == "true" ? "True" : v == "false" ? "False" : std::string(v);
      if (isFloat(val))
        val = shortFloat(val);
      return call("tl.full(" + pyShape(tt->shape) + ", " + val + ", " +
                      pyDtype(tt->elementType) + ")",
                  true);
    }
  }
  return c.plain();
}

std::optional<PyOp> emitInfix(const OpCtx &c, const char *sym) { return infix(c.e, c.op, sym); }

std::optional<PyOp> emitCompare(const OpCtx &c, const char *) {
  if (const char *sym = comparison(predicateWord(c.e, c.op, c.n == "arith.cmpf")))
    return infix(c.e, c.op, sym);
  return c.plain();
}

std::optional<PyOp> emitNeg(const OpCtx &c, const char *) {
  if (c.op->numOperands != 1)
    return std::nullopt;
  PyOp p = call("-" + c.e.operand(c.opd(0)), true);
  p.atom = false;
  return p;
}

std::optional<PyOp> emitSelect(const OpCtx &c, const char *) {
  if (c.op->numOperands != 3)
    return std::nullopt;
  if (isTensor(c.resType(0)))
    return call("tl.where(" + c.arg(0) + ", " + c.arg(1) + ", " + c.arg(2) + ")", true);
  PyOp p = call(c.e.operand(c.opd(1)) + " if " + c.e.operand(c.opd(0)) + " else " +
                    c.e.operand(c.opd(2)),
                true);
  p.atom = false;
  return p;
}

std::optional<PyOp> emitMinMax(const OpCtx &c, const char *fn) {
  if (c.op->numOperands != 2)
    return std::nullopt;
  std::string f = isTensor(c.resType(0))
                      ? std::string("tl.") + (fn[1] == 'a' ? "maximum" : "minimum")
                      : fn;
  return call(f + "(" + c.arg(0) + ", " + c.arg(1) + ")", true);
}

std::optional<PyOp> emitCall2(const OpCtx &c, const char *fn) {
  return call(std::string(fn) + "(" + c.arg(0) + ", " + c.arg(1) + ")", true);
}

std::optional<PyOp> emitCast(const OpCtx &c, const char *) {
  if (c.op->numOperands < 1 || c.op->numResults != 1)
    return std::nullopt;
  return call(c.e.receiver(c.opd(0)) + ".to(" + pyDtype(elementOf(c.resType(0))) + ")", true);
}

std::optional<PyOp> emitBitcast(const OpCtx &c, const char *) {
  if (c.op->numOperands != 1 || c.op->numResults != 1)
    return std::nullopt;
  return call(c.e.receiver(c.opd(0)) + ".to(" + pyDtype(elementOf(c.resType(0))) +
                  ", bitcast=True)",
              true);
}

std::optional<PyOp> emitMath(const OpCtx &c) {
  std::string_view f = c.n.substr(5);
  std::string fn = f == "absf" || f == "absi" ? "abs" : std::string(f);
  Args a;
  for (uint32_t i = 0; i < c.op->numOperands; ++i)
    a.add(c.arg(i));
  return call(a.call("tl." + PyNames::sanitize(fn)), true);
}

// --- tt: tl functions.

std::optional<PyOp> emitProgramId(const OpCtx &c, const char *fn) {
  std::string_view w = c.op->form == ir::Operation::Form::Pretty
                           ? dialect::scanOpSyntax(c.m, c.op).firstWord
                           : std::string_view();
  int axis = w == "y" ? 1 : w == "z" ? 2 : 0;
  if (w.empty())
    axis = static_cast<int>(dialect::intAttr(c.m, c.op, "axis").value_or(0));
  return call(std::string(fn) + "(" + std::to_string(axis) + ")", true);
}

std::optional<PyOp> emitMakeRange(const OpCtx &c, const char *) {
  auto s = dialect::intAttr(c.m, c.op, "start"), en = dialect::intAttr(c.m, c.op, "end");
  if (s && en)
    return call("tl.arange(" + std::to_string(*s) + ", " + std::to_string(*en) + ")", true);
  return c.plain();
}

/// tl.broadcast_to / tl.reshape: the operand and the result's shape.
std::optional<PyOp> emitToShape(const OpCtx &c, const char *fn) {
  if (c.op->numOperands != 1)
    return std::nullopt;
  if (auto t = dialect::parseTensor(c.resType(0)))
    return call(std::string(fn) + "(" + c.arg(0) + ", " + pyShape(t->shape) + ")", true);
  return c.plain();
}

std::optional<PyOp> emitExpandDims(const OpCtx &c, const char *) {
  if (c.op->numOperands != 1)
    return std::nullopt;
  if (auto ax = dialect::intAttr(c.m, c.op, "axis"))
    return call("tl.expand_dims(" + c.arg(0) + ", " + std::to_string(*ax) + ")", true);
  return c.plain();
}

std::optional<PyOp> emitTrans(const OpCtx &c, const char *) {
  if (c.op->numOperands != 1)
    return std::nullopt;
  std::vector<int64_t> order = dialect::intArrayAttr(c.m, c.op, "order");
  return call("tl.trans(" + c.arg(0) + (order.empty() ? "" : ", " + pyShape(order)) + ")", true);
}

std::optional<PyOp> emitLoad(const OpCtx &c, const char *) {
  if (c.op->numOperands < 1)
    return std::nullopt;
  Args a;
  a.add(c.arg(0));
  if (c.op->numOperands > 1)
    a.key("mask", c.arg(1));
  if (c.op->numOperands > 2)
    a.key("other", c.arg(2));
  return call(a.call("tl.load"));
}

std::optional<PyOp> emitStore(const OpCtx &c, const char *) {
  if (c.op->numOperands < 2)
    return std::nullopt;
  Args a;
  a.add(c.arg(0));
  a.add(c.arg(1));
  if (c.op->numOperands > 2)
    a.key("mask", c.arg(2));
  return call(a.call("tl.store"));
}

std::optional<PyOp> emitDot(const OpCtx &c, const char *) {
  if (c.op->numOperands < 3)
    return std::nullopt;
  return call("tl.dot(" + c.arg(0) + ", " + c.arg(1) + ", " + c.arg(2) + ")", true);
}

std::optional<PyOp> emitCall(const OpCtx &c, const char *) {
  std::string_view t = opText(c.m, c.op);
  std::string callee;
  size_t at = t.find('@');
  if (at != std::string_view::npos) {
    size_t j = at + 1;
    while (j < t.size() && (std::isalnum(static_cast<unsigned char>(t[j])) || t[j] == '_' ||
                            t[j] == '$' || t[j] == '.'))
      ++j;
    callee = PyNames::sanitize(t.substr(at + 1, j - at - 1));
  }
  if (callee.empty())
    return c.plain();
  Args a;
  for (uint32_t i = 0; i < c.op->numOperands; ++i)
    a.add(c.arg(i));
  return call(a.call(callee));
}

std::optional<PyOp> emitReduce(const OpCtx &c, const char *) {
  if (c.regionFns.empty())
    return std::nullopt;
  Args a;
  if (c.op->numOperands == 1)
    a.add(c.arg(0));
  else {
    std::vector<const ir::Value *> vs(c.op->operands, c.op->operands + c.op->numOperands);
    std::string l = list(c.e, vs);
    a.add("(" + l.substr(1, l.size() - 2) + (c.op->numOperands ? ",)" : ")"));
  }
  a.add(std::to_string(dialect::intAttr(c.m, c.op, "axis").value_or(0)));
  a.add(c.regionFns.front());
  return call(a.call("tl.reduce"));
}

// --- ttg / ttng ops the kind table does not name.

std::optional<PyOp> emitConvertLayout(const OpCtx &c, const char *) {
  if (c.op->numOperands != 1 || c.e.types)
    return std::nullopt;
  PyOp p;
  p.passThrough = {0};
  p.pure = true;
  return p;
}

std::optional<PyOp> emitDebugBarrier(const OpCtx &, const char *) {
  return call("tl.debug_barrier()");
}

std::optional<PyOp> emitRemoteView(const OpCtx &c, const char *) {
  if (c.op->numOperands != 2)
    return std::nullopt;
  return call("tlx.remote_view(" + c.arg(0) + ", " + c.arg(1) + ")", true);
}

/// tlx.remote_shmem_store / async_*: the value first, then buffer and cta.
std::optional<PyOp> emitRemoteStore(const OpCtx &c, const char *fn) {
  bool async = c.n != "ttg.remote_shmem_store";
  if (c.op->numOperands != (async ? 4u : 3u))
    return std::nullopt;
  return call(std::string(fn) + "(" + c.arg(2) + ", " + c.arg(0) + ", " + c.arg(1) +
              (async ? ", " + c.arg(3) : std::string()) + ")");
}

struct NameRule {
  NameEmitter fn;
  const char *sym = nullptr;
};

/// The op-name table. The remote ops were matched after the kind emitters;
/// their kind is Other, so the order does not show.
const std::unordered_map<std::string_view, NameRule> &nameRules() {
  static const std::unordered_map<std::string_view, NameRule> kRules = [] {
    std::unordered_map<std::string_view, NameRule> t = {
        {"arith.constant", {emitConstant}},
        {"arith.cmpi", {emitCompare}},
        {"arith.cmpf", {emitCompare}},
        {"arith.negf", {emitNeg}},
        {"arith.select", {emitSelect}},
        {"arith.ceildivsi", {emitCall2, "tl.cdiv"}},
        {"arith.ceildivui", {emitCall2, "tl.cdiv"}},
        {"arith.bitcast", {emitBitcast}},
        {"tt.bitcast", {emitBitcast}},
        {"tt.get_program_id", {emitProgramId, "tl.program_id"}},
        {"tt.get_num_programs", {emitProgramId, "tl.num_programs"}},
        {"tt.make_range", {emitMakeRange}},
        {"tt.splat", {emitToShape, "tl.broadcast_to"}},
        {"tt.broadcast", {emitToShape, "tl.broadcast_to"}},
        {"tt.reshape", {emitToShape, "tl.reshape"}},
        {"tt.expand_dims", {emitExpandDims}},
        {"tt.trans", {emitTrans}},
        {"tt.load", {emitLoad}},
        {"tt.store", {emitStore}},
        {"tt.dot", {emitDot}},
        {"tt.call", {emitCall}},
        {"tt.reduce", {emitReduce}},
        {"ttg.convert_layout", {emitConvertLayout}},
        {"gpu.barrier", {emitDebugBarrier}},
        {"ttg.barrier", {emitDebugBarrier}},
        {"ttng.map_to_remote_buffer", {emitRemoteView}},
        {"ttg.remote_shmem_store", {emitRemoteStore, "tlx.remote_shmem_store"}},
        {"ttg.async_remote_shmem_store", {emitRemoteStore, "tlx.async_remote_shmem_store"}},
        {"ttg.async_remote_shmem_copy", {emitRemoteStore, "tlx.async_remote_shmem_copy"}},
    };
    static constexpr const char *kInfix[][2] = {
        {"arith.addi", "+"},   {"arith.addf", "+"},   {"arith.subi", "-"},
        {"arith.subf", "-"},   {"arith.muli", "*"},   {"arith.mulf", "*"},
        {"arith.divsi", "//"}, {"arith.divui", "//"}, {"arith.floordivsi", "//"},
        {"arith.divf", "/"},   {"arith.remsi", "%"},  {"arith.remui", "%"},
        {"arith.remf", "%"},   {"arith.andi", "&"},   {"arith.ori", "|"},
        {"arith.xori", "^"},   {"arith.shli", "<<"},  {"arith.shrsi", ">>"},
        {"arith.shrui", ">>"}, {"tt.addptr", "+"},
    };
    for (auto &x : kInfix)
      t[x[0]] = {emitInfix, x[1]};
    static constexpr const char *kMinMax[][2] = {
        {"arith.maxsi", "max"},    {"arith.maxui", "max"},    {"arith.maxnumf", "max"},
        {"arith.maximumf", "max"}, {"arith.minsi", "min"},    {"arith.minui", "min"},
        {"arith.minnumf", "min"},  {"arith.minimumf", "min"},
    };
    for (auto &x : kMinMax)
      t[x[0]] = {emitMinMax, x[1]};
    for (const char *n : {"arith.extsi", "arith.extui", "arith.trunci", "arith.extf",
                          "arith.truncf", "arith.sitofp", "arith.uitofp", "arith.fptosi",
                          "arith.fptoui", "arith.index_cast", "arith.index_castui", "tt.fp_to_fp"})
      t[n] = {emitCast};
    return t;
  }();
  return kRules;
}

// --- by kind: TLX calls for the ops a kernel author writes.

PyOp emitDescriptorAccess(const OpCtx &c) {
  const dialect::OperandRoles &r = c.r;
  if (!r.desc)
    return c.plain();
  bool load = c.kind == OpKind::DescriptorLoad;
  std::string s = c.e.receiver(r.desc) + (load ? ".load(" : ".store(") + list(c.e, r.coords);
  if (!load)
    s += ", " + c.e.arg(r.source);
  return call(s + ")");
}

PyOp emitBarrierWait(const OpCtx &c) {
  Args a;
  a.add(c.e.arg(c.r.barrier));
  a.add(c.e.arg(c.r.phase));
  predicate(c.e, a, c.r.pred);
  return call(a.call("tlx.barrier_wait"));
}

PyOp emitBarrierArrive(const OpCtx &c) {
  Args a;
  a.add(c.e.arg(c.r.barrier));
  a.add(std::to_string(c.r.count.value_or(1)));
  predicate(c.e, a, c.r.pred);
  return call(a.call("tlx.barrier_arrive"));
}

PyOp emitBarrierExpect(const OpCtx &c) {
  if (!c.r.bytes)
    return c.plain();
  Args a;
  a.add(c.e.arg(c.r.barrier));
  a.add(std::to_string(*c.r.bytes));
  predicate(c.e, a, c.r.pred);
  return call(a.call("tlx.barrier_expect_bytes"));
}

PyOp emitNamedBarrier(const OpCtx &c) {
  return call(std::string(c.kind == OpKind::NamedBarrierArrive ? "tlx.named_barrier_arrive("
                                                               : "tlx.named_barrier_wait(") +
              c.e.arg(c.r.barrier) + ", " + c.e.arg(c.r.numThreads) + ")");
}

PyOp emitCopyArrive(const OpCtx &c) {
  return call("tlx.async_copy_mbarrier_arrive(" + c.e.arg(c.r.barrier) + ")");
}

PyOp emitTmaLoad(const OpCtx &c) {
  const dialect::OperandRoles &r = c.r;
  if (!r.desc || !r.buffer || !r.barrier)
    return c.plain();
  Args a;
  a.add(c.e.arg(r.desc));
  a.add(c.e.arg(r.buffer));
  a.add(list(c.e, r.coords));
  a.add(c.e.arg(r.barrier));
  predicate(c.e, a, r.pred);
  return call(a.call(c.kind == OpKind::TmaLoad ? "tlx.async_descriptor_load"
                                               : "tlx.async_descriptor_gather"));
}

PyOp emitTmaStore(const OpCtx &c) {
  const dialect::OperandRoles &r = c.r;
  if (!r.desc || !r.buffer)
    return c.plain();
  Args a;
  a.add(c.e.arg(r.desc));
  a.add(c.e.arg(r.buffer));
  a.add(list(c.e, r.coords));
  if (c.kind == OpKind::TmaReduce) {
    std::string_view w = c.op->form == ir::Operation::Form::Pretty
                             ? dialect::scanOpSyntax(c.m, c.op).firstWord
                             : dialect::attrText(c.m, c.op, "kind");
    a.key("store_reduce", quote(w));
  }
  return call(a.call(c.kind == OpKind::TmaScatter ? "tlx.async_descriptor_scatter"
                                                  : "tlx.async_descriptor_store"));
}

PyOp emitTmaStoreWait(const OpCtx &c) {
  return call("tlx.async_descriptor_store_wait(" +
              std::to_string(dialect::intAttr(c.m, c.op, "pendings").value_or(0)) + ")");
}

PyOp emitTmaPrefetch(const OpCtx &c) {
  if (!c.r.desc)
    return c.plain();
  return call("tlx.async_descriptor_prefetch_tensor(" + c.e.arg(c.r.desc) + ", " +
              list(c.e, c.r.coords) + ")");
}

PyOp emitWarpGroupDot(const OpCtx &c) {
  if (c.n == "tt.dot" || c.op->numOperands < 3)
    return c.plain();
  Args a;
  a.add(c.arg(0));
  a.add(c.arg(1));
  a.add(c.arg(2));
  if (c.op->numOperands > 3 && !c.e.isTrue(c.opd(3)))
    a.key("use_acc", c.arg(3));
  return call(a.call("tlx.async_dot"));
}

PyOp emitWarpGroupDotWait(const OpCtx &c) {
  if (c.op->numOperands == 0)
    return c.plain();
  PyOp p = call("tlx.async_dot_wait(" +
                std::to_string(dialect::intAttr(c.m, c.op, "pendings").value_or(0)) + ", " +
                c.arg(0) + ")");
  p.passThrough.assign(c.op->numResults, -1);
  for (uint32_t i = 1; i < c.op->numResults && i < c.op->numOperands; ++i)
    p.passThrough[i] = static_cast<int>(i);
  return p;
}

PyOp emitTcGen5Mma(const OpCtx &c) {
  const dialect::OperandRoles &r = c.r;
  if (r.reads.size() < 2 || !r.buffer)
    return c.plain();
  bool scaled = c.kind == OpKind::TcGen5MmaScaled;
  Args a;
  a.add(c.e.arg(r.reads[0]));
  a.add(c.e.arg(r.reads[1]));
  a.add(c.e.arg(r.buffer));
  if (scaled && r.reads.size() >= 4) {
    std::string_view t = opText(c.m, c.op);
    a.add(c.e.arg(r.reads[2]));
    a.add(quote(wordAfter(t, "lhs")));
    a.add(c.e.arg(r.reads[3]));
    a.add(quote(wordAfter(t, "rhs")));
  }
  // useD sits right before the predicate (textual order).
  dialect::OpSyntax syn = dialect::scanOpSyntax(c.m, c.op);
  std::vector<const ir::Value *> pos;
  for (uint32_t i = 0; i < c.op->numOperands; ++i)
    if (syn.slots[i].bracketOf < 0 &&
        (syn.slots[i].keyword.empty() || syn.slots[i].keyword == "attributes"))
      pos.push_back(c.op->operands[i]);
  size_t useIdx = scaled ? 5 : 3;
  if (c.op->form == ir::Operation::Form::Pretty && useIdx < pos.size() && !c.e.isTrue(pos[useIdx]))
    a.key("use_acc", c.e.arg(pos[useIdx]));
  predicate(c.e, a, r.pred);
  if (!r.barriers.empty())
    a.key("mBarriers", list(c.e, r.barriers));
  if (!dialect::attrText(c.m, c.op, "two_ctas").empty())
    a.key("two_ctas", "True");
  return call(a.call(scaled ? "tlx.async_dot_scaled" : "tlx.async_dot"));
}

PyOp emitTcGen5Commit(const OpCtx &c) {
  Args a;
  a.add(c.e.arg(c.r.barrier));
  predicate(c.e, a, c.r.pred);
  return call(a.call("tlx.tcgen05_commit"));
}

PyOp emitFenceAsyncShared(const OpCtx &) { return call("tlx.fence(\"async_shared\")"); }

PyOp emitLocalLoad(const OpCtx &c) {
  if (!c.r.buffer)
    return c.plain();
  return call("tlx.local_load(" + c.e.arg(c.r.buffer) + ")");
}

PyOp emitLocalStore(const OpCtx &c) {
  if (!c.r.buffer || !c.r.source)
    return c.plain();
  Args a;
  a.add(c.e.arg(c.r.buffer));
  a.add(c.e.arg(c.r.source));
  predicate(c.e, a, c.r.pred);
  return call(a.call("tlx.local_store"));
}

PyOp emitTmemCopy(const OpCtx &c) {
  if (!c.r.source || !c.r.buffer)
    return c.plain();
  Args a;
  a.add(c.e.arg(c.r.source));
  a.add(c.e.arg(c.r.buffer));
  if (c.r.barrier)
    a.key("barrier", c.e.arg(c.r.barrier));
  return call(a.call("tlx.tmem_copy"));
}

PyOp emitMemDescIndex(const OpCtx &c) {
  if (!c.r.source || !c.r.index)
    return c.plain();
  return call("tlx.local_view(" + c.e.arg(c.r.source) + ", " + c.e.arg(c.r.index) + ")", true);
}

PyOp emitMemDescSubslice(const OpCtx &c, const std::string &src,
                         const std::vector<int64_t> &shape) {
  Args sa = syntaxArgs(c.e, c.op);
  std::string offs = sa.pos.size() >= 2 ? sa.pos[1] : "[]";
  std::vector<int64_t> attrOffs = dialect::intArrayAttr(c.m, c.op, "offsets");
  if (!attrOffs.empty()) {
    offs = "[";
    for (size_t i = 0; i < attrOffs.size(); ++i)
      offs += (i ? ", " : "") + std::to_string(attrOffs[i]);
    offs += "]";
  }
  return call("tlx.local_slice(" + src + ", " + offs + ", " + pyShape(shape) + ")", true);
}

PyOp emitMemDescView(const OpCtx &c) {
  if (!c.r.source)
    return c.plain();
  auto shape = c.op->numResults ? shapeOf(c.e, c.op->result(0)) : std::nullopt;
  std::string src = c.e.arg(c.r.source);
  if (c.n == "ttg.memdesc_trans") {
    std::vector<int64_t> order = dialect::intArrayAttr(c.m, c.op, "order");
    return call("tlx.local_trans(" + src + (order.empty() ? "" : ", " + pyShape(order)) + ")",
                true);
  }
  if (c.n == "ttg.memdesc_reshape" && shape)
    return call("tlx.local_reshape(" + src + ", " + pyShape(*shape) + ")", true);
  if (c.n == "ttg.memdesc_reinterpret" && shape) {
    auto md = dialect::parseMemDesc(c.m, c.e.kernel ? c.e.kernel->chunk : nullptr, c.resType(0));
    return call("tlx.local_reinterpret(" + src + ", " + pyDtype(md ? md->elementType : "") +
                    ", " + pyShape(*shape) + ")",
                true);
  }
  if (c.n == "ttng.tmem_subslice" && shape && !shape->empty()) {
    auto off = dialect::intAttr(c.m, c.op, "N");
    return call("tlx.subslice(" + src + ", " + std::to_string(off.value_or(0)) + ", " +
                    std::to_string(shape->back()) + ")",
                true);
  }
  if (c.n == "ttg.memdesc_subslice" && shape)
    return emitMemDescSubslice(c, src, *shape);
  return c.plain();
}

PyOp emitAsyncLoad(const OpCtx &c) { return call(syntaxArgs(c.e, c.op).call("tlx.async_load")); }

PyOp emitAsyncCommitGroup(const OpCtx &c) {
  std::vector<const ir::Value *> vs(c.op->operands, c.op->operands + c.op->numOperands);
  return call(std::string("tlx.async_load_commit_group(") + (vs.empty() ? "" : list(c.e, vs)) +
              ")");
}

PyOp emitAsyncWait(const OpCtx &c) {
  std::vector<const ir::Value *> vs(c.op->operands, c.op->operands + c.op->numOperands);
  return call("tlx.async_load_wait_group(" +
              std::to_string(dialect::intAttr(c.m, c.op, "num").value_or(0)) +
              (vs.empty() ? "" : ", " + list(c.e, vs)) + ")");
}

/// The op-kind table; kinds not in it print as the plain call.
KindEmitter kindEmitter(OpKind kind) {
  switch (kind) {
  case OpKind::DescriptorLoad:
  case OpKind::DescriptorStore: return emitDescriptorAccess;
  case OpKind::WaitBarrier: return emitBarrierWait;
  case OpKind::ArriveBarrier: return emitBarrierArrive;
  case OpKind::BarrierExpect: return emitBarrierExpect;
  case OpKind::NamedBarrierArrive:
  case OpKind::NamedBarrierWait: return emitNamedBarrier;
  case OpKind::AsyncCopyMbarrierArrive: return emitCopyArrive;
  case OpKind::TmaLoad:
  case OpKind::TmaGather: return emitTmaLoad;
  case OpKind::TmaStore:
  case OpKind::TmaReduce:
  case OpKind::TmaScatter: return emitTmaStore;
  case OpKind::TmaStoreWait: return emitTmaStoreWait;
  case OpKind::TmaPrefetch: return emitTmaPrefetch;
  case OpKind::WarpGroupDot: return emitWarpGroupDot;
  case OpKind::WarpGroupDotWait: return emitWarpGroupDotWait;
  case OpKind::TcGen5Mma:
  case OpKind::TcGen5MmaScaled: return emitTcGen5Mma;
  case OpKind::TcGen5Commit: return emitTcGen5Commit;
  case OpKind::FenceAsyncShared: return emitFenceAsyncShared;
  case OpKind::LocalLoad:
  case OpKind::TmemLoad: return emitLocalLoad;
  case OpKind::LocalStore:
  case OpKind::TmemStore: return emitLocalStore;
  case OpKind::TmemCopy: return emitTmemCopy;
  case OpKind::MemDescIndex: return emitMemDescIndex;
  case OpKind::MemDescView: return emitMemDescView;
  case OpKind::AsyncCopyGlobalToLocal: return emitAsyncLoad;
  case OpKind::AsyncCommitGroup: return emitAsyncCommitGroup;
  case OpKind::AsyncWait: return emitAsyncWait;
  default: return nullptr;
  }
}

} // namespace

PyOp renderOp(const PyOpEnv &e, const ir::Operation *op,
              const std::vector<std::string> &regionFns) {
  OpCtx c{e, e.module, op, op->opName(), dialect::kindOf(op), regionFns, {}};
  auto rule = nameRules().find(c.n);
  if (rule != nameRules().end())
    if (std::optional<PyOp> p = rule->second.fn(c, rule->second.sym))
      return *p;
  if (c.n.substr(0, 5) == "math.")
    return *emitMath(c);
  if (KindEmitter fn = kindEmitter(c.kind)) {
    c.r = dialect::operandRoles(c.m, op);
    return fn(c);
  }
  return c.plain();
}

} // namespace tscope::translate
