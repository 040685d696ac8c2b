// IndexExpr: a bounded expression builder over arith ops. Worklist-free by
// design: each step follows one operand chain and the depth is capped at 12.
#include "kernel/IndexExpr.h"

#include <regex>

#include "ir/Attribute.h"

namespace tscope::kernel {
namespace {

struct Node {
  std::string text, raw;
  bool constant = false;
  long long value = 0;
  int prec = 10;    // binding strength of `text`, for parentheses
  int rawPrec = 10; // binding strength of `raw`
};

std::string strip(const std::string &n) { return !n.empty() && n[0] == '%' ? n.substr(1) : n; }

Node leaf(std::string s) {
  Node n;
  n.text = n.raw = std::move(s);
  return n;
}

Node build(const Kernel &k, const ir::Value *v, int depth);

/// Operand `i` of `op` as an expression one level deeper ("?" when missing).
Node operandNode(const Kernel &k, const ir::Operation *op, uint32_t i, int depth) {
  return i < op->numOperands ? build(k, op->operands[i], depth + 1) : leaf("?");
}

Node binary(const Node &a, const Node &b, const char *op, int prec, bool isDiv = false) {
  // Bitwise operators parenthesise any compound operand: `(i / 3 & 1) ^ 1`
  // reads wrong without them, whatever the precedence table says.
  bool bitwise = prec >= 2 && prec <= 4;
  auto wrap = [&](const Node &x, std::string Node::*f) {
    int xp = f == &Node::raw ? x.rawPrec : x.prec;
    bool compound = xp < 10;
    return xp < prec || (bitwise && compound && xp != prec) ? "(" + x.*f + ")" : x.*f;
  };
  Node n;
  n.prec = prec;
  n.rawPrec = prec;
  n.text = wrap(a, &Node::text) + " " + op + " " + wrap(b, &Node::text);
  n.raw = wrap(a, &Node::raw) + " " + op + " " + wrap(b, &Node::raw);
  (void)isDiv;
  return n;
}

Node build(const Kernel &k, const ir::Value *v, int depth);

/// `arith.constant N : T` (or `true`/`false`) as a constant leaf.
Node constantNode(const Kernel &k, const ir::Operation *op) {
  std::string lit(dialect::constantLiteral(*k.module, op));
  Node n = leaf(lit);
  n.constant = true;
  if (lit == "true")
    n.value = 1;
  else if (lit == "false")
    n.value = 0;
  else {
    try {
      n.value = std::stoll(lit);
    } catch (...) {
      n.constant = false;
    }
  }
  return n;
}

/// An integer binary op: folded when both sides are constant, normalised to
/// slot(x,D) / phase(x,D) over a constant ring depth D; nullopt for other ops.
std::optional<Node> binaryNode(const Kernel &k, const ir::Operation *op, std::string_view name, int depth) {
  auto operand = [&](uint32_t i) { return operandNode(k, op, i, depth); };
  struct Bin {
    const char *mlir, *sym;
    int prec;
  };
  static const Bin kBins[] = {
      {"arith.addi", "+", 6}, {"arith.subi", "-", 6}, {"arith.muli", "*", 7},
      {"arith.divsi", "/", 7}, {"arith.divui", "/", 7}, {"arith.remsi", "%", 7},
      {"arith.remui", "%", 7}, {"arith.andi", "&", 4}, {"arith.ori", "|", 2},
      {"arith.xori", "^", 3}, {"arith.shli", "<<", 5}, {"arith.shrsi", ">>", 5},
      {"arith.shrui", ">>", 5}, {"arith.ceildivsi", "cdiv", 7}, {"arith.floordivsi", "//", 7},
      {"arith.maxsi", "max", 8}, {"arith.minsi", "min", 8}};
  for (const Bin &b : kBins) {
    if (name != b.mlir)
      continue;
    Node a = operand(0), c = operand(1);
    if (std::string_view(b.sym) == "max" || std::string_view(b.sym) == "min" ||
        std::string_view(b.sym) == "cdiv") {
      Node n;
      n.text = std::string(b.sym) + "(" + a.text + ", " + c.text + ")";
      n.raw = std::string(b.sym) + "(" + a.raw + ", " + c.raw + ")";
      return n;
    }
    Node n = binary(a, c, b.sym, b.prec);
    if (a.constant && c.constant) {
      long long x = a.value, y = c.value, r = 0;
      bool ok = true;
      std::string_view s = b.sym;
      if (s == "+") r = x + y;
      else if (s == "-") r = x - y;
      else if (s == "*") r = x * y;
      else if (s == "/" && y) r = x / y;
      else if (s == "%" && y) r = x % y;
      else if (s == "&") r = x & y;
      else if (s == "|") r = x | y;
      else if (s == "^") r = x ^ y;
      else ok = false;
      if (ok) {
        n = leaf(std::to_string(r));
        n.constant = true;
        n.value = r;
        return n;
      }
    }
    // Normalise x % D and (x / D) & 1 over a constant depth D.
    if ((std::string_view(b.sym) == "%") && c.constant) {
      n.text = "slot(" + a.text + "," + c.text + ")";
      n.prec = 10;
    }
    if (std::string_view(b.sym) == "&" && c.constant && c.value == 1 && op->numOperands == 2) {
      const ir::Value *lhs = op->operands[0];
      const ir::Operation *d = lhs->definingOp();
      if (d && (d->is("arith.divsi") || d->is("arith.divui")) && d->numOperands == 2) {
        Node x = build(k, d->operands[0], depth + 2), dd = build(k, d->operands[1], depth + 2);
        if (dd.constant) {
          n.text = "phase(" + x.text + "," + dd.text + ")";
          n.prec = 10;
        }
      }
    }
    return n;
  }
  return std::nullopt;
}

/// `arith.cmpi PRED a, b` as `a OP b`.
Node compareNode(const Kernel &k, const ir::Operation *op, int depth) {
  const ir::Module &m = *k.module;
  auto operand = [&](uint32_t i) { return operandNode(k, op, i, depth); };
  dialect::OpSyntax syn = dialect::scanOpSyntax(m, op);
  static const std::pair<const char *, const char *> kPreds[] = {
      {"eq", "=="}, {"ne", "!="}, {"slt", "<"}, {"sle", "<="}, {"sgt", ">"},
      {"sge", ">="}, {"ult", "<u"}, {"ule", "<=u"}, {"ugt", ">u"}, {"uge", ">=u"}};
  const char *sym = "cmp";
  for (auto &[p, s] : kPreds)
    if (syn.firstWord == p)
      sym = s;
  return binary(operand(0), operand(1), sym, 1);
}

/// `arith.select c, a, b`, recognising the wrap-around counter idioms.
Node selectNode(const Kernel &k, const ir::Operation *op, int depth) {
  auto operand = [&](uint32_t i) { return operandNode(k, op, i, depth); };
  Node c = operand(0), a = operand(1), b = operand(2);
  // Wrap-around counters: `x + 1 == D ? 0 : x + 1` is slot(x + 1,D) for x in
  // [0, D); `x + 1 == D ? p ^ 1 : p` flips the phase p when the slot wraps.
  std::string plusOne = " + 1";
  size_t eqAt = c.text.rfind(" == ");
  if (eqAt != std::string::npos) {
    std::string lhs = c.text.substr(0, eqAt), modulus = c.text.substr(eqAt + 4);
    bool lhsIsInc = lhs.size() > plusOne.size() &&
                    lhs.compare(lhs.size() - plusOne.size(), plusOne.size(), plusOne) == 0;
    if (lhsIsInc && a.constant && a.value == 0 && b.text == lhs) {
      Node n = leaf("slot(" + lhs + "," + modulus + ")");
      n.raw = c.raw + " ? " + a.raw + " : " + b.raw;
      n.rawPrec = 0;
      return n;
    }
    if (lhsIsInc && a.text == b.text + " ^ 1") {
      Node n = leaf(b.text + " ^ [" + lhs + " == " + modulus + "]");
      n.raw = c.raw + " ? " + a.raw + " : " + b.raw;
      n.prec = 3;
      n.rawPrec = 0;
      return n;
    }
  }
  Node n;
  n.text = c.text + " ? " + a.text + " : " + b.text;
  n.raw = c.raw + " ? " + a.raw + " : " + b.raw;
  n.prec = n.rawPrec = 0;
  return n;
}

Node build(const Kernel &k, const ir::Value *v, int depth) {
  const ir::Module &m = *k.module;
  if (!v)
    return leaf("?");
  if (depth > 12)
    return leaf(strip(k.valueName(v)));
  if (v->kind == ir::Value::BlockArgument) {
    if (const ir::Value *cap = k.captureOf(v))
      return build(k, cap, depth + 1);
    return leaf(strip(k.valueName(v)));
  }
  if (v->kind != ir::Value::Result)
    return leaf(strip(k.valueName(v)));
  const ir::Operation *op = v->definingOp();
  std::string_view name = op->opName();
  if (name == "arith.constant")
    return constantNode(k, op);
  auto operand = [&](uint32_t i) { return operandNode(k, op, i, depth); };
  if (std::optional<Node> n = binaryNode(k, op, name, depth))
    return *n;
  if (name == "arith.cmpi")
    return compareNode(k, op, depth);
  if (name == "arith.select")
    return selectNode(k, op, depth);
  if (name == "arith.extsi" || name == "arith.extui" || name == "arith.trunci" ||
      name == "arith.index_cast" || name == "arith.index_castui" || name == "arith.bitcast")
    return operand(0);
  if (name == "tt.get_program_id" || name == "tt.get_num_programs") {
    dialect::OpSyntax syn = dialect::scanOpSyntax(m, op);
    std::string axis(syn.firstWord);
    if (axis.empty()) {
      auto a = dialect::intAttr(m, op, "axis");
      axis = a ? std::string(1, static_cast<char>('x' + *a)) : "?";
    }
    return leaf((name == "tt.get_program_id" ? "pid_" : "num_programs_") + axis);
  }
  return leaf(strip(k.valueName(v)));
}

} // namespace

IndexExpr indexExpr(const Kernel &k, const ir::Value *v) {
  Node n = build(k, v, 0);
  IndexExpr e;
  e.text = n.text;
  e.raw = n.raw;
  e.constant = n.constant;
  e.value = n.value;
  return e;
}

} // namespace tscope::kernel
