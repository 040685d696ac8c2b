"""Renders `tscope report` for fixtures, loads it in headless Chromium, fails on
any console message (a CSP violation, a load error), checks via the dumped DOM
that the graph SVG, the timeline and the findings are there, and keeps a
screenshot as a test artifact. Exit 77 (ctest SKIP) only when chromium is missing.

usage: chromium-check.py TSCOPE FIXTURES OUTDIR"""
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
html = os.path.join(outdir, "report.html")
png = os.path.join(outdir, "report.png")
cases = ["gluon_ws_deadlock/kernel.ttgir", "gluon_ws_fence_missing/kernel.ttgir", "tma_rec_negative",
         "tl_persistent_matmul_ws_sm100/kernel.ttgir"]
r = subprocess.run([tscope, "report", *[os.path.join(fixtures, c) for c in cases], "--passes",
                    os.path.join(fixtures, "dumps_passes_ok", "passes.log"), "-o", html],
                   capture_output=True, text=True, timeout=300)
print(r.stderr.strip())
assert r.returncode == 1, f"tscope report exit {r.returncode} (the deadlock fixture must make it 1)"

flags = ["--headless", "--disable-gpu", "--enable-logging=stderr", "--v=0", "--window-size=1400,2400",
         "--no-first-run", "--user-data-dir=" + os.path.join(outdir, "chromium-profile")]
if os.geteuid() == 0:
    flags.append("--no-sandbox")
url = "file://" + os.path.abspath(html)
dom = subprocess.run([browser, *flags, "--dump-dom", url], capture_output=True, text=True, timeout=120)
shot = subprocess.run([browser, *flags, "--screenshot=" + png, url], capture_output=True, text=True, timeout=120)

failures = []
for out in (dom.stderr, shot.stderr):
    for line in out.splitlines():
        if ":CONSOLE" in line or "Content Security Policy" in line:
            failures.append("console: " + line)
if dom.returncode != 0 or shot.returncode != 0:
    failures.append(f"chromium exit {dom.returncode}/{shot.returncode}")
d = dom.stdout
checks = {
    "graph svg": len(re.findall(r'<figure class="graph"><svg', d)),
    "graph edges": len(re.findall(r'<g id="edge\d+" class="edge"', d)),
    "timelines": len(re.findall(r'<svg class="timeline"', d)),
    "findings": len(re.findall(r'<article class="finding', d)),
    "error findings": len(re.findall(r'<article class="finding sev-error"', d)),
    "pass diffs": len(re.findall(r'<pre class="diff">', d)),
}
for k, v in checks.items():
    print(f"{k}: {v}")
    if v == 0:
        failures.append(f"missing in the DOM: {k}")
if not os.path.exists(png) or os.path.getsize(png) < 10000:
    failures.append("no screenshot")
else:
    print(f"screenshot: {png} ({os.path.getsize(png)} bytes)")
for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
