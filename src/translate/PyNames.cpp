// Identifier assignment for the TLX translation.
#include "translate/PyNames.h"

#include <array>

namespace tscope::translate {

bool PyNames::isKeyword(std::string_view s) {
  static constexpr std::array<std::string_view, 38> kWords = {
      "False",   "None",     "True",     "and",       "as",    "assert", "async",  "await",
      "break",   "class",    "continue", "def",       "del",   "elif",   "else",   "except",
      "finally", "for",      "from",     "global",    "if",    "import", "in",     "is",
      "lambda",  "nonlocal", "not",      "or",        "pass",  "raise",  "return", "try",
      "while",   "with",     "yield",    "__debug__", "match", "case"};
  for (std::string_view w : kWords)
    if (s == w)
      return true;
  return false;
}

std::string PyNames::sanitize(std::string_view raw) {
  if (!raw.empty() && raw.front() == '%')
    raw.remove_prefix(1);
  std::string out;
  out.reserve(raw.size() + 2);
  for (char c : raw) {
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    out.push_back(ok ? c : '_');
  }
  if (out.empty())
    out = "v";
  if (out.front() >= '0' && out.front() <= '9')
    out.insert(out.begin(), 'v');
  if (isKeyword(out))
    out.push_back('_');
  return out;
}

void PyNames::reserve(std::string name) { reserved_.insert(std::move(name)); }

void PyNames::push() { scopes_.emplace_back(); }

void PyNames::pop() {
  if (scopes_.size() <= 1)
    return;
  for (const std::string &n : scopes_.back())
    if (--live_[n] <= 0)
      live_.erase(n);
  scopes_.pop_back();
}

bool PyNames::taken(const std::string &n) const { return reserved_.count(n) || live_.count(n); }

std::string PyNames::unique(std::string_view base) {
  std::string b = sanitize(base);
  std::string n = b;
  for (int i = 1; taken(n); ++i)
    n = b + "_" + std::to_string(i);
  ++live_[n];
  scopes_.back().push_back(n);
  return n;
}

const std::string &PyNames::define(const ir::Value *v, std::string_view base) {
  PyRef &r = refs_[v];
  r = {unique(base), true, 0};
  return r.text;
}

std::string PyNames::fresh(std::string_view base) { return unique(base); }

void PyNames::alias(const ir::Value *v, PyRef ref) { refs_[v] = std::move(ref); }

const PyRef *PyNames::find(const ir::Value *v) const {
  auto it = refs_.find(v);
  return it == refs_.end() ? nullptr : &it->second;
}

} // namespace tscope::translate
