"""Checks a `tscope report` file: the Content-Security-Policy allows nothing
but the one <style> (by its SHA-256), there is no script, no event handler
attribute, no URL outside the page; prints what the page holds."""
import base64
import hashlib
import html.parser
import re
import sys

text = open(sys.argv[1], encoding="utf-8").read()
csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', text).group(1)
print("csp:", csp.split("'sha256-")[0] + "'sha256-...'" + csp.split("='", 1)[1])
styles = re.findall(r"<style>(.*?)</style>", text, re.S)
assert len(styles) == 1
digest = base64.b64encode(hashlib.sha256(styles[0].encode()).digest()).decode()
print("style hash matches:", f"'sha256-{digest}'" in csp)


class Walk(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = {}
        self.bad = []
        self.classes = {}

    def handle_starttag(self, tag, attrs):
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for k, v in attrs:
            if k.startswith("on") or k == "style" or (tag == "script"):
                self.bad.append(f"{tag} {k}")
            if k in ("href", "src", "xlink:href") and v and not v.startswith("#"):
                self.bad.append(f"{tag} {k}={v}")
            if k == "class":
                for c in v.split():
                    self.classes[c] = self.classes.get(c, 0) + 1


w = Walk()
w.feed(text)
print("script elements:", w.tags.get("script", 0))
print("bad attributes:", w.bad)
for c in ["kernel", "graph", "timeline", "trace", "finding", "sev-error", "excerpt", "related-loc", "vbadge", "v-error",
          "v-clean", "v-not-verified", "not-verified", "stuck", "unfenced", "stuck-marker", "pass-table", "passes",
          "diff"]:
    print(f"class {c}: {w.classes.get(c, 0)}")
