"""Renders `tscope report` for a deadlock, a missing-fence and a Blackwell
fixture (and all of them with a pass log), loads each in headless Chromium as
a user would, and fails on any console message (a CSP violation, a load
error). Keeps a screenshot per report as a test artifact (OUTDIR/*.png).

In the DOM it asserts: a verdict badge per kernel; the deadlock's stuck edges
drawn red (class "stuck", stroke #d1242f) and a STUCK marker on the trace; the
missing fence's hand-off marked (class "unfenced"); the trace chart with its
step axis; and that no label overflows its box. The overflow check runs in a
probe copy of the page (the report itself allows no script): a script
measures every text's bounding box against its box (timeline boxes, lane
labels, graph nodes) and writes the result into the DOM before it is dumped.
Exit 77 (ctest SKIP) only when chromium is missing.

usage: chromium-check.py TSCOPE FIXTURES OUTDIR"""
import json
import os
import re
import shutil
import subprocess
import sys

tscope, fixtures, outdir = sys.argv[1:4]
browser = shutil.which("chromium") or shutil.which("chromium-browser")
if not browser:
    print("SKIP: chromium not found (scripts/install-deps.sh installs Debian's chromium)")
    sys.exit(77)
os.makedirs(outdir, exist_ok=True)

# A negative control appended to every probe page: a box whose text does not
# fit; the probe must report it (and only it beyond real overflows), so the
# measurement cannot pass vacuously.
CONTROL = """<svg class="timeline" width="200" height="40"><g class="box control"><rect x="0" y="0" width="40"
height="30"/><text x="4" y="18" font-family="monospace" font-size="11">CONTROL-OVERFLOW far too long</text></g></svg>"""

PROBE = """<script>
(function () {
  var out = {overflow: [], boxes: 0, nodes: 0};
  function inside(t, r, what) {
    var b = t.getBBox();
    if (b.x < r.x - 0.5 || b.x + b.width > r.x + r.width + 0.5 || b.y < r.y - 0.5 || b.y + b.height > r.y + r.height + 0.5)
      out.overflow.push(what + ': "' + t.textContent + '" text ' + [b.x, b.y, b.width, b.height].map(Math.round) +
                        ' box ' + [r.x, r.y, r.width, r.height].map(Math.round));
  }
  document.querySelectorAll('svg.timeline g.box, svg.timeline g.lane-label').forEach(function (g) {
    var rect = g.querySelector('rect'); if (!rect) return; out.boxes++;
    var r = rect.getBBox();
    g.querySelectorAll('text').forEach(function (t) { inside(t, r, g.getAttribute('class')); });
  });
  document.querySelectorAll('figure.graph g.node').forEach(function (g) {
    var shape = g.querySelector('polygon, path, ellipse'); if (!shape) return; out.nodes++;
    var r = shape.getBBox();
    g.querySelectorAll('text').forEach(function (t) { inside(t, r, 'graph node'); });
  });
  var p = document.createElement('pre'); p.id = 'probe-result'; p.textContent = JSON.stringify(out);
  document.body.appendChild(p);
})();
</script>"""

flags = ["--headless", "--disable-gpu", "--enable-logging=stderr", "--v=0", "--hide-scrollbars",
         "--no-first-run", "--user-data-dir=" + os.path.join(outdir, "chromium-profile")]
if os.geteuid() == 0:
    flags.append("--no-sandbox")

failures = []


def chromium(args, url):
    r = subprocess.run([browser, *flags, *args, url], capture_output=True, text=True, timeout=180)
    for line in r.stderr.splitlines():
        if ":CONSOLE" in line or "Content Security Policy" in line:
            failures.append("console: " + line)
    if r.returncode != 0:
        failures.append(f"chromium exit {r.returncode}: {r.stderr[-400:]}")
    return r.stdout


def report(name, inputs, expect_rc, extra=()):
    html = os.path.join(outdir, name + ".html")
    r = subprocess.run([tscope, "report", *[os.path.join(fixtures, c) for c in inputs], *extra, "-o", html],
                       capture_output=True, text=True, timeout=300)
    print(f"== {name}: {r.stderr.strip()}")
    if r.returncode != expect_rc:
        failures.append(f"{name}: tscope report exit {r.returncode}, expected {expect_rc}")
    text = open(html, encoding="utf-8").read()
    url = "file://" + os.path.abspath(html)
    dom = chromium(["--dump-dom"], url)
    png = os.path.join(outdir, name + ".png")
    chromium(["--window-size=1400,2600", "--screenshot=" + png], url)
    if not os.path.exists(png) or os.path.getsize(png) < 10000:
        failures.append(f"{name}: no screenshot")
    else:
        print(f"screenshot: {png} ({os.path.getsize(png)} bytes)")
    # The probe copy: the same page with a script allowed and appended.
    probe = os.path.join(outdir, name + ".probe.html")
    ptext = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", text)
    ptext = ptext.replace("</body>", CONTROL + PROBE + "</body>")
    open(probe, "w", encoding="utf-8").write(ptext)
    pdom = chromium(["--dump-dom", "--virtual-time-budget=3000"], "file://" + os.path.abspath(probe))
    m = re.search(r'<pre id="probe-result">(.*?)</pre>', pdom, re.S)
    if not m:
        failures.append(f"{name}: the probe did not run")
        measured = {"overflow": [], "boxes": 0, "nodes": 0}
    else:
        measured = json.loads(m.group(1).replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">")
                              .replace("&amp;", "&"))
    control = [o for o in measured["overflow"] if "CONTROL-OVERFLOW" in o]
    real = [o for o in measured["overflow"] if "CONTROL-OVERFLOW" not in o]
    print(f"measured boxes: {measured['boxes'] - 1}, graph nodes: {measured['nodes']}, "
          f"overflowing labels: {len(real)} (control detected: {len(control) == 1})")
    if len(control) != 1:
        failures.append(f"{name}: the probe missed the overflowing control box")
    for o in real[:20]:
        failures.append(f"{name}: label overflows its box: {o}")
    if measured["boxes"] <= 1:
        failures.append(f"{name}: no timeline boxes measured")
    return dom


def count(d, pattern):
    return len(re.findall(pattern, d))


def expect(name, what, n, at_least=1):
    print(f"{what}: {n}")
    if n < at_least:
        failures.append(f"{name}: missing in the DOM: {what}")


d = report("deadlock", ["gluon_ws_deadlock/kernel.ttgir"], 1)
expect("deadlock", "error badges", count(d, r'<span class="vbadge v-error">error</span>'))
expect("deadlock", "red stuck edges", count(d, r'<g id="edge\d+" class="edge stuck">\s*<title>[^<]*</title>\s*<path[^>]*stroke="#d1242f"'))
expect("deadlock", "stuck nodes", count(d, r'<g id="node\d+" class="node stuck">'))
expect("deadlock", "trace chart", count(d, r'<svg class="timeline trace"'))
expect("deadlock", "STUCK markers on the trace", count(d, r'<g class="box wait stuck-marker">'))
expect("deadlock", "expected GPU outcome", count(d, r'<p class="expected">Expected on the GPU: <strong>hang'))
expect("deadlock", "Python excerpts", count(d, r'<div class="excerpt-head">Python /'), 2)

d = report("missing-fence", ["gluon_ws_fence_missing/kernel.ttgir"], 1)
expect("missing-fence", "error badges", count(d, r'<span class="vbadge v-error">error</span>'))
expect("missing-fence", "unfenced edges", count(d, r'<g id="edge\d+" class="edge unfenced">'))
expect("missing-fence", "Python excerpts", count(d, r'<div class="excerpt-head">Python /'), 2)

# The 20-edge attention kernel; the race search's state bound is lowered so it
# stops early: the kernel is not verified and the page must say so.
d = report("blackwell", ["tl_attn_ws_sm100/kernel.ttgir"], 0, ["--max-states", "10000"])
expect("blackwell", "not-verified badges", count(d, r'<span class="vbadge v-not-verified">not verified</span>'))
expect("blackwell", "not-verified banner", count(d, r'<div class="banner not-verified" role="alert"><strong>NOT VERIFIED'))
expect("blackwell", "graph edges", count(d, r'<g id="edge\d+" class="edge'), 8)

d = report("all", ["gluon_ws_deadlock/kernel.ttgir", "gluon_ws_fence_missing/kernel.ttgir", "tma_rec_negative",
                   "tl_persistent_matmul_ws_sm100/kernel.ttgir"], 1,
           ["--passes", os.path.join(fixtures, "dumps_passes_ok", "passes.log")])
expect("all", "graph svg", count(d, r'<figure class="graph"><svg'))
expect("all", "findings", count(d, r'<article class="finding'))
expect("all", "pass table rows linking a diff", count(d, r'<td><a href="#(?:diff-\d+|pass-c\d+-r\d+)">diff</a></td>'))
expect("all", "pass diffs", count(d, r'<details id="(?:diff-\d+|pass-c\d+-r\d+)"'))

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
