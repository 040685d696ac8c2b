"""Prints the fields of `tscope dataflow --format json` the lit test holds."""
import json
import sys

doc = json.load(open(sys.argv[1]))
for f in doc["findings"]:
    sched = [n for n in f["notes"] if n.startswith("schedule:")]
    print(f'finding {f["check"]} {f["severity"]} line={f["location"]["line"]} related={len(f["related"])} '
          f'trace={"yes" if f["trace"] else "no"} notes={sched[0][:19] if sched else "-"}')
for k in doc["kernels"]:
    s, l = k["stale_read"], k["lost_write"]
    if s:
        print(f'kernel {k["name"]} {k["verdict"]} stale_read={s["slot"]} {s["schedule"]} reader={s["reader"]} '
              f'writer={s["writer"]} wait={s["wait"]["location"]["line"]} write={s["write"]["location"]["line"]}')
    if l:
        print(f'kernel {k["name"]} lost_write={l["slot"]} {l["schedule"]} consumers={",".join(l["consumers"])}')
