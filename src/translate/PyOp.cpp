// Op-by-op Python spelling for the TLX translation. The TLX names and
// argument orders follow third_party/tlx/language/tlx (barrier.py,
// mem_ops.py, mma_ops.py) of facebookexperimental/triton; operands are read
// in the textual order of the pretty form (dialect::operandRoles).
#include "translate/PyOp.h"

#include <cctype>

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
  uint32_t end = op->range.end();
  if (!op->loc.empty() && op->loc.offset > op->range.offset)
    end = op->loc.offset;
  if (op->typeSig.size && op->typeSig.offset > op->range.offset && op->typeSig.offset < end)
    end = op->typeSig.offset;
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
  // A stack of open lists; the bottom one is the argument list itself.
  std::vector<std::vector<std::string>> lists(1);
  std::string pendingKey;
  uint32_t next = 0;
  bool negative = false;
  auto put = [&](std::string v) {
    if (lists.size() == 1 && !pendingKey.empty()) {
      out.key(PyNames::sanitize(pendingKey), std::move(v));
      pendingKey.clear();
      return;
    }
    lists.back().push_back(std::move(v));
  };
  auto joinList = [](const std::vector<std::string> &l) {
    std::string s = "[";
    for (size_t i = 0; i < l.size(); ++i)
      s += (i ? ", " : "") + l[i];
    return s + "]";
  };
  while (t.kind != ir::Token::eof && t.kind != ir::Token::error && off(t) < end) {
    switch (t.kind) {
    case ir::Token::l_paren:
    case ir::Token::l_square:
      if (lists.size() > 16)
        return positional();
      lists.emplace_back();
      break;
    case ir::Token::r_paren:
    case ir::Token::r_square:
      if (lists.size() > 1) {
        std::string l = joinList(lists.back());
        lists.pop_back();
        put(std::move(l));
      }
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
      if (lists.size() == 1 &&
          (n.kind == ir::Token::percent_identifier || n.kind == ir::Token::equal ||
           n.kind == ir::Token::l_paren || n.kind == ir::Token::l_square)) {
        pendingKey = std::string(t.spelling);
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
      if (lists.size() == 1)
        pendingKey.clear();
      break;
    case ir::Token::arrow:
      if (lists.size() == 1)
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
  while (lists.size() > 1) {
    std::string l = joinList(lists.back());
    lists.pop_back();
    put(std::move(l));
  }
  for (std::string &p : lists.front())
    out.add(std::move(p));
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
  std::string_view rest;
  if (op->form == ir::Operation::Form::Generic) {
    rest = dialect::attrText(m, op, "value");
  } else {
    std::string_view t = opText(m, op);
    size_t at = t.find("arith.constant");
    if (at == std::string_view::npos)
      return std::nullopt;
    rest = ir::trim(t.substr(at + 14));
  }
  if (rest.size() > 2 && rest.front() == '{') // attr-dict before the value
    return std::nullopt;
  size_t colon = rest.find(':');
  std::string_view lit = ir::trim(rest.substr(0, colon));
  std::string_view type =
      colon == std::string_view::npos ? std::string_view("i1") : ir::trim(rest.substr(colon + 1));
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

PyOp renderOp(const PyOpEnv &e, const ir::Operation *op,
              const std::vector<std::string> &regionFns) {
  const ir::Module &m = e.module;
  std::string_view n = op->opName();
  OpKind kind = dialect::kindOf(op);
  auto opd = [&](uint32_t i) -> const ir::Value * {
    return i < op->numOperands ? op->operands[i] : nullptr;
  };
  auto resType = [&](uint32_t i) -> std::string_view {
    return i < op->numResults ? dialect::typeText(m, op->result(i)) : std::string_view();
  };
  auto plain = [&]() {
    Args a = syntaxArgs(e, op);
    for (auto &[k, v] : plainAttributes(m, op))
      a.key(k, v);
    for (const std::string &fn : regionFns)
      a.add(fn);
    return call(a.call(plainCallName(n)));
  };

  // --- arith / math: Python operators and tl functions.
  if (n == "arith.constant") {
    if (auto lit = scalarLiteral(m, op)) {
      PyOp p;
      p.expr = *lit;
      p.literal = true;
      p.pure = true;
      return p;
    }
    std::string_view t = opText(m, op);
    size_t at = t.find("dense<");
    auto tt = dialect::parseTensor(resType(0));
    if (at != std::string_view::npos && tt) {
      size_t close = t.find('>', at);
      std::string_view v = close == std::string_view::npos
                               ? std::string_view()
                               : ir::trim(t.substr(at + 6, close - at - 6));
      if (isInteger(v) || isFloat(v) || v == "true" || v == "false") {
        std::optional<std::string> lit;
        std::string val = v == "true" ? "True" : v == "false" ? "False" : std::string(v);
        if (isFloat(val) && val.size() > 4 && val.substr(val.size() - 4) == "e+00") {
          val.resize(val.size() - 4);
          while (val.size() > 2 && val.back() == '0' && val[val.size() - 2] != '.')
            val.pop_back();
        }
        return call("tl.full(" + pyShape(tt->shape) + ", " + val + ", " + pyDtype(tt->elementType) +
                        ")",
                    true);
      }
    }
    return plain();
  }
  struct Infix {
    const char *name;
    const char *sym;
  };
  static constexpr Infix kInfix[] = {
      {"arith.addi", "+"},   {"arith.addf", "+"},   {"arith.subi", "-"},
      {"arith.subf", "-"},   {"arith.muli", "*"},   {"arith.mulf", "*"},
      {"arith.divsi", "//"}, {"arith.divui", "//"}, {"arith.floordivsi", "//"},
      {"arith.divf", "/"},   {"arith.remsi", "%"},  {"arith.remui", "%"},
      {"arith.remf", "%"},   {"arith.andi", "&"},   {"arith.ori", "|"},
      {"arith.xori", "^"},   {"arith.shli", "<<"},  {"arith.shrsi", ">>"},
      {"arith.shrui", ">>"}, {"tt.addptr", "+"},
  };
  for (const Infix &x : kInfix)
    if (n == x.name)
      return infix(e, op, x.sym);
  if (n == "arith.cmpi" || n == "arith.cmpf") {
    const char *sym = comparison(predicateWord(e, op, n == "arith.cmpf"));
    if (sym)
      return infix(e, op, sym);
    return plain();
  }
  if (n == "arith.negf" && op->numOperands == 1) {
    PyOp p = call("-" + e.operand(opd(0)), true);
    p.atom = false;
    return p;
  }
  if (n == "arith.select" && op->numOperands == 3) {
    if (isTensor(resType(0)))
      return call("tl.where(" + e.arg(opd(0)) + ", " + e.arg(opd(1)) + ", " + e.arg(opd(2)) + ")",
                  true);
    PyOp p =
        call(e.operand(opd(1)) + " if " + e.operand(opd(0)) + " else " + e.operand(opd(2)), true);
    p.atom = false;
    return p;
  }
  static constexpr const char *kMinMax[][2] = {
      {"arith.maxsi", "max"},    {"arith.maxui", "max"},    {"arith.maxnumf", "max"},
      {"arith.maximumf", "max"}, {"arith.minsi", "min"},    {"arith.minui", "min"},
      {"arith.minnumf", "min"},  {"arith.minimumf", "min"},
  };
  for (auto &mm : kMinMax)
    if (n == mm[0] && op->numOperands == 2) {
      bool tensor = isTensor(resType(0));
      std::string fn =
          tensor ? std::string("tl.") + (mm[1][1] == 'a' ? "maximum" : "minimum") : mm[1];
      return call(fn + "(" + e.arg(opd(0)) + ", " + e.arg(opd(1)) + ")", true);
    }
  if (n == "arith.ceildivsi" || n == "arith.ceildivui")
    return call("tl.cdiv(" + e.arg(opd(0)) + ", " + e.arg(opd(1)) + ")", true);
  static constexpr const char *kCasts[] = {"arith.extsi",      "arith.extui",        "arith.trunci",
                                           "arith.extf",       "arith.truncf",       "arith.sitofp",
                                           "arith.uitofp",     "arith.fptosi",       "arith.fptoui",
                                           "arith.index_cast", "arith.index_castui", "tt.fp_to_fp"};
  for (const char *c : kCasts)
    if (n == c && op->numOperands >= 1 && op->numResults == 1)
      return call(e.receiver(opd(0)) + ".to(" + pyDtype(elementOf(resType(0))) + ")", true);
  if ((n == "arith.bitcast" || n == "tt.bitcast") && op->numOperands == 1 && op->numResults == 1)
    return call(e.receiver(opd(0)) + ".to(" + pyDtype(elementOf(resType(0))) + ", bitcast=True)",
                true);
  if (n.substr(0, 5) == "math.") {
    std::string_view f = n.substr(5);
    std::string fn = f == "absf" || f == "absi" ? "abs" : std::string(f);
    Args a;
    for (uint32_t i = 0; i < op->numOperands; ++i)
      a.add(e.arg(opd(i)));
    return call(a.call("tl." + PyNames::sanitize(fn)), true);
  }

  // --- tt: tl functions.
  if (kind == OpKind::GetProgramId || kind == OpKind::GetNumPrograms) {
    std::string_view w = op->form == ir::Operation::Form::Pretty
                             ? dialect::scanOpSyntax(m, op).firstWord
                             : std::string_view();
    int axis = w == "y" ? 1 : w == "z" ? 2 : 0;
    if (w.empty())
      axis = static_cast<int>(dialect::intAttr(m, op, "axis").value_or(0));
    return call(std::string(kind == OpKind::GetProgramId ? "tl.program_id(" : "tl.num_programs(") +
                    std::to_string(axis) + ")",
                true);
  }
  if (n == "tt.make_range") {
    auto s = dialect::intAttr(m, op, "start"), en = dialect::intAttr(m, op, "end");
    if (s && en)
      return call("tl.arange(" + std::to_string(*s) + ", " + std::to_string(*en) + ")", true);
    return plain();
  }
  if ((n == "tt.splat" || n == "tt.broadcast") && op->numOperands == 1) {
    if (auto t = dialect::parseTensor(resType(0)))
      return call("tl.broadcast_to(" + e.arg(opd(0)) + ", " + pyShape(t->shape) + ")", true);
    return plain();
  }
  if (n == "tt.expand_dims" && op->numOperands == 1) {
    if (auto ax = dialect::intAttr(m, op, "axis"))
      return call("tl.expand_dims(" + e.arg(opd(0)) + ", " + std::to_string(*ax) + ")", true);
    return plain();
  }
  if (n == "tt.reshape" && op->numOperands == 1) {
    if (auto t = dialect::parseTensor(resType(0)))
      return call("tl.reshape(" + e.arg(opd(0)) + ", " + pyShape(t->shape) + ")", true);
    return plain();
  }
  if (n == "tt.trans" && op->numOperands == 1) {
    std::vector<int64_t> order = dialect::intArrayAttr(m, op, "order");
    return call("tl.trans(" + e.arg(opd(0)) + (order.empty() ? "" : ", " + pyShape(order)) + ")",
                true);
  }
  if (n == "tt.load" && op->numOperands >= 1) {
    Args a;
    a.add(e.arg(opd(0)));
    if (op->numOperands > 1)
      a.key("mask", e.arg(opd(1)));
    if (op->numOperands > 2)
      a.key("other", e.arg(opd(2)));
    return call(a.call("tl.load"));
  }
  if (n == "tt.store" && op->numOperands >= 2) {
    Args a;
    a.add(e.arg(opd(0)));
    a.add(e.arg(opd(1)));
    if (op->numOperands > 2)
      a.key("mask", e.arg(opd(2)));
    return call(a.call("tl.store"));
  }
  if (n == "tt.dot" && op->numOperands >= 3)
    return call("tl.dot(" + e.arg(opd(0)) + ", " + e.arg(opd(1)) + ", " + e.arg(opd(2)) + ")",
                true);
  if (n == "tt.call") {
    std::string_view t = opText(m, op);
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
      return plain();
    Args a;
    for (uint32_t i = 0; i < op->numOperands; ++i)
      a.add(e.arg(opd(i)));
    return call(a.call(callee));
  }
  if (kind == OpKind::DescriptorLoad || kind == OpKind::DescriptorStore) {
    dialect::OperandRoles r = dialect::operandRoles(m, op);
    if (!r.desc)
      return plain();
    std::string s = e.receiver(r.desc) + (kind == OpKind::DescriptorLoad ? ".load(" : ".store(") +
                    list(e, r.coords);
    if (kind == OpKind::DescriptorStore)
      s += ", " + e.arg(r.source);
    return call(s + ")");
  }
  if (n == "tt.reduce" && !regionFns.empty()) {
    Args a;
    if (op->numOperands == 1)
      a.add(e.arg(opd(0)));
    else {
      std::vector<const ir::Value *> vs(op->operands, op->operands + op->numOperands);
      std::string l = list(e, vs);
      a.add("(" + l.substr(1, l.size() - 2) + (op->numOperands ? ",)" : ")"));
    }
    a.add(std::to_string(dialect::intAttr(m, op, "axis").value_or(0)));
    a.add(regionFns.front());
    return call(a.call("tl.reduce"));
  }

  // --- ttg / ttng: TLX calls.
  if (n == "ttg.convert_layout" && op->numOperands == 1 && !e.types) {
    PyOp p;
    p.passThrough = {0};
    p.pure = true;
    return p;
  }
  if (n == "gpu.barrier" || n == "ttg.barrier")
    return call("tl.debug_barrier()");
  dialect::OperandRoles r = dialect::operandRoles(m, op);
  switch (kind) {
  case OpKind::WaitBarrier: {
    Args a;
    a.add(e.arg(r.barrier));
    a.add(e.arg(r.phase));
    predicate(e, a, r.pred);
    return call(a.call("tlx.barrier_wait"));
  }
  case OpKind::ArriveBarrier: {
    Args a;
    a.add(e.arg(r.barrier));
    a.add(std::to_string(r.count.value_or(1)));
    predicate(e, a, r.pred);
    return call(a.call("tlx.barrier_arrive"));
  }
  case OpKind::BarrierExpect: {
    if (!r.bytes)
      return plain();
    Args a;
    a.add(e.arg(r.barrier));
    a.add(std::to_string(*r.bytes));
    predicate(e, a, r.pred);
    return call(a.call("tlx.barrier_expect_bytes"));
  }
  case OpKind::NamedBarrierArrive:
  case OpKind::NamedBarrierWait:
    return call(std::string(kind == OpKind::NamedBarrierArrive ? "tlx.named_barrier_arrive("
                                                               : "tlx.named_barrier_wait(") +
                e.arg(r.barrier) + ", " + e.arg(r.numThreads) + ")");
  case OpKind::AsyncCopyMbarrierArrive:
    return call("tlx.async_copy_mbarrier_arrive(" + e.arg(r.barrier) + ")");
  case OpKind::TmaLoad:
  case OpKind::TmaGather: {
    if (!r.desc || !r.buffer || !r.barrier)
      return plain();
    Args a;
    a.add(e.arg(r.desc));
    a.add(e.arg(r.buffer));
    a.add(list(e, r.coords));
    a.add(e.arg(r.barrier));
    predicate(e, a, r.pred);
    return call(a.call(kind == OpKind::TmaLoad ? "tlx.async_descriptor_load"
                                               : "tlx.async_descriptor_gather"));
  }
  case OpKind::TmaStore:
  case OpKind::TmaReduce:
  case OpKind::TmaScatter: {
    if (!r.desc || !r.buffer)
      return plain();
    Args a;
    a.add(e.arg(r.desc));
    a.add(e.arg(r.buffer));
    a.add(list(e, r.coords));
    if (kind == OpKind::TmaReduce) {
      std::string_view w = op->form == ir::Operation::Form::Pretty
                               ? dialect::scanOpSyntax(m, op).firstWord
                               : dialect::attrText(m, op, "kind");
      a.key("store_reduce", quote(w));
    }
    return call(a.call(kind == OpKind::TmaScatter ? "tlx.async_descriptor_scatter"
                                                  : "tlx.async_descriptor_store"));
  }
  case OpKind::TmaStoreWait:
    return call("tlx.async_descriptor_store_wait(" +
                std::to_string(dialect::intAttr(m, op, "pendings").value_or(0)) + ")");
  case OpKind::TmaPrefetch:
    if (!r.desc)
      return plain();
    return call("tlx.async_descriptor_prefetch_tensor(" + e.arg(r.desc) + ", " + list(e, r.coords) +
                ")");
  case OpKind::WarpGroupDot: {
    if (n == "tt.dot" || op->numOperands < 3)
      return plain();
    Args a;
    a.add(e.arg(opd(0)));
    a.add(e.arg(opd(1)));
    a.add(e.arg(opd(2)));
    if (op->numOperands > 3 && !e.isTrue(opd(3)))
      a.key("use_acc", e.arg(opd(3)));
    return call(a.call("tlx.async_dot"));
  }
  case OpKind::WarpGroupDotWait: {
    if (op->numOperands == 0)
      return plain();
    PyOp p = call("tlx.async_dot_wait(" +
                  std::to_string(dialect::intAttr(m, op, "pendings").value_or(0)) + ", " +
                  e.arg(opd(0)) + ")");
    p.passThrough.assign(op->numResults, -1);
    for (uint32_t i = 1; i < op->numResults && i < op->numOperands; ++i)
      p.passThrough[i] = static_cast<int>(i);
    return p;
  }
  case OpKind::TcGen5Mma:
  case OpKind::TcGen5MmaScaled: {
    if (r.reads.size() < 2 || !r.buffer)
      return plain();
    Args a;
    a.add(e.arg(r.reads[0]));
    a.add(e.arg(r.reads[1]));
    a.add(e.arg(r.buffer));
    if (kind == OpKind::TcGen5MmaScaled && r.reads.size() >= 4) {
      std::string_view t = opText(m, op);
      std::string_view lhs = wordAfter(t, "lhs"), rhs = wordAfter(t, "rhs");
      a.add(e.arg(r.reads[2]));
      a.add(quote(lhs));
      a.add(e.arg(r.reads[3]));
      a.add(quote(rhs));
    }
    // useD sits right before the predicate (textual order).
    dialect::OpSyntax syn = dialect::scanOpSyntax(m, op);
    std::vector<const ir::Value *> pos;
    for (uint32_t i = 0; i < op->numOperands; ++i)
      if (syn.slots[i].bracketOf < 0 &&
          (syn.slots[i].keyword.empty() || syn.slots[i].keyword == "attributes"))
        pos.push_back(op->operands[i]);
    size_t useIdx = kind == OpKind::TcGen5Mma ? 3 : 5;
    if (op->form == ir::Operation::Form::Pretty && useIdx < pos.size() && !e.isTrue(pos[useIdx]))
      a.key("use_acc", e.arg(pos[useIdx]));
    predicate(e, a, r.pred);
    if (!r.barriers.empty())
      a.key("mBarriers", list(e, r.barriers));
    if (!dialect::attrText(m, op, "two_ctas").empty())
      a.key("two_ctas", "True");
    return call(a.call(kind == OpKind::TcGen5Mma ? "tlx.async_dot" : "tlx.async_dot_scaled"));
  }
  case OpKind::TcGen5Commit: {
    Args a;
    a.add(e.arg(r.barrier));
    predicate(e, a, r.pred);
    return call(a.call("tlx.tcgen05_commit"));
  }
  case OpKind::FenceAsyncShared:
    return call("tlx.fence(\"async_shared\")");
  case OpKind::LocalLoad:
  case OpKind::TmemLoad:
    if (!r.buffer)
      return plain();
    return call("tlx.local_load(" + e.arg(r.buffer) + ")");
  case OpKind::LocalStore:
  case OpKind::TmemStore: {
    if (!r.buffer || !r.source)
      return plain();
    Args a;
    a.add(e.arg(r.buffer));
    a.add(e.arg(r.source));
    predicate(e, a, r.pred);
    return call(a.call("tlx.local_store"));
  }
  case OpKind::TmemCopy: {
    if (!r.source || !r.buffer)
      return plain();
    Args a;
    a.add(e.arg(r.source));
    a.add(e.arg(r.buffer));
    if (r.barrier)
      a.key("barrier", e.arg(r.barrier));
    return call(a.call("tlx.tmem_copy"));
  }
  case OpKind::MemDescIndex:
    if (!r.source || !r.index)
      return plain();
    return call("tlx.local_view(" + e.arg(r.source) + ", " + e.arg(r.index) + ")", true);
  case OpKind::MemDescView: {
    if (!r.source)
      return plain();
    auto shape = op->numResults ? shapeOf(e, op->result(0)) : std::nullopt;
    std::string src = e.arg(r.source);
    if (n == "ttg.memdesc_trans") {
      std::vector<int64_t> order = dialect::intArrayAttr(m, op, "order");
      return call("tlx.local_trans(" + src + (order.empty() ? "" : ", " + pyShape(order)) + ")",
                  true);
    }
    if (n == "ttg.memdesc_reshape" && shape)
      return call("tlx.local_reshape(" + src + ", " + pyShape(*shape) + ")", true);
    if (n == "ttg.memdesc_reinterpret" && shape) {
      auto md = dialect::parseMemDesc(m, e.kernel ? e.kernel->chunk : nullptr, resType(0));
      return call("tlx.local_reinterpret(" + src + ", " + pyDtype(md ? md->elementType : "") +
                      ", " + pyShape(*shape) + ")",
                  true);
    }
    if (n == "ttng.tmem_subslice" && shape && !shape->empty()) {
      auto off = dialect::intAttr(m, op, "N");
      return call("tlx.subslice(" + src + ", " + std::to_string(off.value_or(0)) + ", " +
                      std::to_string(shape->back()) + ")",
                  true);
    }
    if (n == "ttg.memdesc_subslice" && shape) {
      Args sa = syntaxArgs(e, op);
      std::string offs = sa.pos.size() >= 2 ? sa.pos[1] : "[]";
      std::vector<int64_t> attrOffs = dialect::intArrayAttr(m, op, "offsets");
      if (!attrOffs.empty()) {
        offs = "[";
        for (size_t i = 0; i < attrOffs.size(); ++i)
          offs += (i ? ", " : "") + std::to_string(attrOffs[i]);
        offs += "]";
      }
      return call("tlx.local_slice(" + src + ", " + offs + ", " + pyShape(*shape) + ")", true);
    }
    return plain();
  }
  case OpKind::AsyncCopyGlobalToLocal: {
    Args sa = syntaxArgs(e, op);
    return call(sa.call("tlx.async_load"));
  }
  case OpKind::AsyncCommitGroup: {
    std::vector<const ir::Value *> vs(op->operands, op->operands + op->numOperands);
    return call(std::string("tlx.async_load_commit_group(") + (vs.empty() ? "" : list(e, vs)) +
                ")");
  }
  case OpKind::AsyncWait: {
    std::vector<const ir::Value *> vs(op->operands, op->operands + op->numOperands);
    return call("tlx.async_load_wait_group(" +
                std::to_string(dialect::intAttr(m, op, "num").value_or(0)) +
                (vs.empty() ? "" : ", " + list(e, vs)) + ")");
  }
  default:
    break;
  }
  if (n == "ttng.map_to_remote_buffer" && op->numOperands == 2)
    return call("tlx.remote_view(" + e.arg(opd(0)) + ", " + e.arg(opd(1)) + ")", true);
  if (n == "ttg.remote_shmem_store" && op->numOperands == 3)
    return call("tlx.remote_shmem_store(" + e.arg(opd(2)) + ", " + e.arg(opd(0)) + ", " +
                e.arg(opd(1)) + ")");
  if (n == "ttg.async_remote_shmem_store" && op->numOperands == 4)
    return call("tlx.async_remote_shmem_store(" + e.arg(opd(2)) + ", " + e.arg(opd(0)) + ", " +
                e.arg(opd(1)) + ", " + e.arg(opd(3)) + ")");
  if (n == "ttg.async_remote_shmem_copy" && op->numOperands == 4)
    return call("tlx.async_remote_shmem_copy(" + e.arg(opd(2)) + ", " + e.arg(opd(0)) + ", " +
                e.arg(opd(1)) + ", " + e.arg(opd(3)) + ")");
  return plain();
}

} // namespace tscope::translate
