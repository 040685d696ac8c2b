"""Compiles our automatic-WS kernels (tools/corpus) at many configurations on the
CPU with pip Triton and runs `tscope check` on each TTGIR: the verdict, the
reasons a kernel is left unknown, CPU time and peak memory per configuration.
The fixtures pin one configuration per kernel; users change NUM_STAGES, block
sizes, HEAD_DIM, num_warps and causal masking, which change ring depths,
partition counts and TMEM layouts. A false alarm, an unknown or a slow verdict
on any of them is a finding; every one of these kernels is clean by
construction (no barrier in the source: Triton placed all of them).

usage: .venv/bin/python tools/corpus-check/variants.py TSCOPE OUTDIR [--only SUBSTR] [--timeout S]
           [--compile-only] [--check-only]

Writes OUTDIR/NAME.ttgir for every configuration that compiles (a failed
compile is listed with its exception's first line), then OUTDIR/results.json
and a table on stdout."""
import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "corpus"


def variants():
    """(name, cc, compile thunk) for every configuration."""
    sys.path.insert(0, str(CORPUS))
    from corpus_common import compile_for, tl_desc_sig
    import tl_attn_ws as attn
    import tl_matmul_tiles_ws as tiles
    import tl_persistent_matmul as pers
    import tl_hopper_ws as hop

    out = []

    def attn_v(hd, bm, bn, stages, causal, warps):
        sig = {"q_desc": tl_desc_sig("fp16", [bm, hd]), "k_desc": tl_desc_sig("fp16", [bn, hd]),
               "v_desc": tl_desc_sig("fp16", [bn, hd]), "o_desc": tl_desc_sig("fp16", [bm, hd]),
               "sm_scale": "fp32", "N_CTX": "i32"}
        consts = {"HEAD_DIM": hd, "BLOCK_M": bm, "BLOCK_N": bn, "CAUSAL": causal, "NUM_STAGES": stages}
        return lambda: compile_for(attn.tl_attn_ws_kernel, sig, consts, cc=100, options={"num_warps": warps},
                                   int_values={"N_CTX": 1024})

    for hd in (64, 128):
        for bn in (64, 128):
            for stages in (1, 2, 3):
                for causal in (False, True):
                    name = f"attn_hd{hd}_bn{bn}_s{stages}{'_causal' if causal else ''}"
                    out.append((name, 100, attn_v(hd, 128, bn, stages, causal, 4)))
    out.append(("attn_hd64_bn64_s2_w8", 100, attn_v(64, 128, 64, 2, False, 8)))

    def tiles_v(cc, bk, stages, tpp):
        sig = {"a_desc": tl_desc_sig("fp16", [128, bk]), "b_desc": tl_desc_sig("fp16", [bk, 128]),
               "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32", "stride_cm": "i32"}
        consts = {"BLOCK_M": 128, "BLOCK_N": 128, "BLOCK_K": bk, "TILES_PER_PROG": tpp, "NUM_STAGES": stages}
        return lambda: compile_for(tiles.tl_matmul_tiles_ws_kernel, sig, consts, cc=cc, options={"num_warps": 4},
                                   int_values={"M": 1024, "N": 1024, "K": 1024, "stride_cm": 1024})

    for cc in (100, 90):
        for bk in (32, 64):
            for stages in (2, 3, 4):
                out.append((f"tiles_sm{cc}_bk{bk}_s{stages}", cc, tiles_v(cc, bk, stages, 4)))
    out.append(("tiles_sm100_bk64_s3_tpp1", 100, tiles_v(100, 64, 3, 1)))

    def pers_v(cc, stages, bk):
        sig = {"a_ptr": "*fp16", "b_ptr": "*fp16", "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32"}
        consts = dict(pers._consts(pers.DEFAULT_SMS, True, cc))
        consts.update(NUM_STAGES=stages, BLOCK_K=bk)
        return lambda: compile_for(pers.tl_persistent_matmul_kernel, sig, consts, cc=cc, options={"num_warps": 4},
                                   int_values={"M": 2048, "N": 2048, "K": 1024})

    for cc in (100, 90):
        for stages in (2, 3, 4):
            out.append((f"persistent_ws_sm{cc}_s{stages}", cc, pers_v(cc, stages, 64)))

    def hop_v(causal, persistent, stages):
        mod_consts = hop._consts(causal, persistent)
        mod_consts["NUM_STAGES"] = stages
        sig = hop._sig(persistent)
        return lambda: compile_for(hop._kernel(persistent), sig, mod_consts, cc=90, options={"num_warps": 4},
                                   int_values={"N_CTX": 1024, "stride_om": 64, "ZH": 2})

    for persistent, causal in ((False, False), (False, True), (True, False)):
        for stages in (2, 3):
            name = f"hopper_attn{'_persistent' if persistent else ''}{'_causal' if causal else ''}_s{stages}"
            out.append((name, 90, hop_v(causal, persistent, stages)))
    return out


def compile_all(outdir, only):
    rows = []
    for name, cc, thunk in variants():
        if only and only not in name:
            continue
        t0 = time.time()
        try:
            k = thunk()
            (outdir / f"{name}.ttgir").write_text(k.asm["ttgir"])
            rows.append({"name": name, "cc": cc, "compiled": True, "compile_s": round(time.time() - t0, 1),
                         "ws": "ttg.warp_specialize" in k.asm["ttgir"]})
        except Exception as e:  # a compiler failure is a row of the table
            first = (str(e).strip().splitlines() or [type(e).__name__])[0][:160]
            rows.append({"name": name, "cc": cc, "compiled": False, "error": first})
        print(f"compiled {name}: {'ok' if rows[-1]['compiled'] else rows[-1]['error']}", flush=True)
    (outdir / "compiled.json").write_text(json.dumps(rows, indent=1))
    return rows


def check_one(tscope, path, timeout):
    t0 = time.time()
    stats = path.with_suffix(".time")
    try:
        p = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", str(stats), tscope, "check", "--format",
                            "json", str(path)], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"verdict": "timeout", "wall_s": timeout}
    out, err = p.stdout, p.stderr
    user, sys_, peak = stats.read_text().split()[-3:]
    row = {"rc": p.returncode, "wall_s": round(time.time() - t0, 2), "cpu_s": round(float(user) + float(sys_), 2),
           "peak_mb": round(int(peak) / 1024)}
    try:
        doc = json.loads(out)
    except json.JSONDecodeError:
        row["verdict"] = "error"
        row["error"] = err.strip()[:200]
        return row
    f = doc["files"][0] if doc.get("files") else {}
    verdicts = {}
    for a in f.get("analyses", []):
        verdicts[a["name"]] = "; ".join(a.get("verdicts", []))[:200]
    row["analyses"] = verdicts
    row["findings"] = [(x.get("check"), x.get("rule") or x.get("id"), x.get("severity"), x.get("message", "")[:140])
                       for x in f.get("findings", [])]
    ks = f.get("kernels", [])
    row["expected_gpu"] = ks[0].get("expected_gpu") if ks else None
    row["verdict"] = ks[0].get("verdict") if ks else "?"
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("tscope")
    ap.add_argument("outdir")
    ap.add_argument("--only")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--compile-only", action="store_true")
    ap.add_argument("--check-only", action="store_true")
    a = ap.parse_args()
    outdir = Path(a.outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    if a.check_only:
        rows = json.loads((outdir / "compiled.json").read_text())
        if a.only:
            rows = [r for r in rows if a.only in r["name"]]
    else:
        rows = compile_all(outdir, a.only)
    if a.compile_only:
        return
    for r in rows:
        if r["compiled"]:
            r.update(check_one(a.tscope, outdir / f"{r['name']}.ttgir", a.timeout))
        print(f"{r['name']:40} {'ws' if r.get('ws') else '--'} {r.get('verdict', 'compile failed'):14} "
              f"{r.get('cpu_s', '')!s:>7} s {r.get('peak_mb', '')!s:>5} MB  {r.get('error', '')}", flush=True)
    (outdir / "results.json").write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
