"""Which rows of O does a Hopper auto-WS attention write? (GPU probe, tl_hopper_ws.py)

Runs tl_attn_ws_h_dev_kernel (warp-specialized, num_warps=4) and, as the control,
the same kernel at num_warps=8 (not specialized), with O allocated PAD rows longer
than the Z*H*N_CTX rows the kernel should write and filled with NaN. Prints, per
configuration: rows of O never written, rows past the end written, and the rows a
tile wrote relative to its own 128-row Q tile. Triton 3.6's TTGIR for the num_warps=4
kernel has the second consumer partition store at (q_row + 64) + [64, 128), i.e.
q_row + 128 .. q_row + 191, instead of q_row + 64 .. q_row + 127.

With --persistent it launches tl_attn_persistent_ws_h_kernel (host descriptors) once
with the padded O instead, to tell its CUDA error from a hang: run it under `timeout`
(a hang is the timeout's exit code).

usage: python3 o_rows_probe.py [--json OUT] [--persistent]
"""
import json
import sys

import torch
import triton

import tl_hopper_ws as k

PAD = 256


def probe(num_warps):
    rows = k.Z * k.H * k.N_CTX
    triton.set_allocator(lambda size, alignment, stream: torch.empty(size, device="cuda", dtype=torch.int8))
    q, kk, v = (torch.randn(rows, k.HEAD_DIM, device="cuda", dtype=torch.float16) for _ in range(3))
    o = torch.full((rows + PAD, k.HEAD_DIM), float("nan"), device="cuda", dtype=torch.float16)
    k.tl_attn_ws_h_dev_kernel[(k.N_CTX // k.BM, k.Z * k.H)](q, kk, v, o, k.HEAD_DIM ** -0.5, k.N_CTX, rows,
                                                            o.stride(0), num_warps=num_warps,
                                                            **k._consts(False, False))
    torch.cuda.synchronize()
    written = ~torch.isnan(o).all(dim=1)
    in_tile = written[:rows].view(rows // k.BM, k.BM)
    never = (~written[:rows]).nonzero().flatten().tolist()
    past = written[rows:].nonzero().flatten().add(rows).tolist()
    # Rows of each 128-row tile written: the same pattern in every tile but the first?
    pattern = in_tile[1].nonzero().flatten().tolist()
    return {"num_warps": num_warps, "rows": rows, "pad": PAD, "never_written": len(never),
            "never_written_first": never[:4], "written_past_end": len(past), "written_past_end_first": past[:4],
            "tile1_rows_written": [pattern[0], pattern[-1], len(pattern)] if pattern else []}


def probe_persistent():
    from triton.tools.tensor_descriptor import TensorDescriptor
    rows = k.Z * k.H * k.N_CTX
    num_sms = torch.cuda.get_device_properties(0).multi_processor_count
    q, kk, v = (torch.randn(rows, k.HEAD_DIM, device="cuda", dtype=torch.float16) for _ in range(3))
    o = torch.full((rows + PAD, k.HEAD_DIM), float("nan"), device="cuda", dtype=torch.float16)
    descs = (TensorDescriptor.from_tensor(q, [k.BM, k.HEAD_DIM]), TensorDescriptor.from_tensor(kk, [k.BN, k.HEAD_DIM]),
             TensorDescriptor.from_tensor(v, [k.BN, k.HEAD_DIM]))
    print("launching tl_attn_persistent_ws_h_kernel with O padded", flush=True)
    k.tl_attn_persistent_ws_h_kernel[(num_sms, )](*descs, o, k.HEAD_DIM ** -0.5, k.N_CTX, k.Z * k.H, o.stride(0),
                                                  num_warps=4, **k._consts(False, True, num_sms))
    torch.cuda.synchronize()
    written = ~torch.isnan(o).all(dim=1)
    return {"kernel": "tl_attn_persistent_ws_h", "finished": True, "never_written": int((~written[:rows]).sum()),
            "written_past_end": int(written[rows:].sum())}


def main():
    out = [probe_persistent()] if "--persistent" in sys.argv else [probe(4), probe(8)]
    for r in out:
        print(json.dumps(r))
    if "--json" in sys.argv:
        with open(sys.argv[sys.argv.index("--json") + 1], "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
