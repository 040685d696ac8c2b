# Drives the tl tutorials' kernels (06-fused-attention.py, 09-persistent-matmul.py in the
# working folder) on a Hopper GPU, one case per process so that a hang is a timeout;
# prints "RESULT <case> rel_err=<e> correct|wrong". Cases (drive.sh lists them):
#   mm:KIND:ws|nows:M:N:K   KIND tma (matmul_tma), tmap (matmul_tma_persistent)
#   at:causal|nocausal:ws|nows:N_CTX   attention forward, Z=2, H=4, HEAD_DIM=128, fp16
import importlib.util, sys, torch, math
case = sys.argv[1]
def load(path):
    spec = importlib.util.spec_from_file_location(path.replace("-", "_")[:-3], path)
    m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); return m
torch.manual_seed(0)
def rel(o, r):
    o = o.double(); r = r.double()
    return (torch.linalg.vector_norm(o - r) / torch.linalg.vector_norm(r)).item()
if case.startswith("mm"):
    m = load("09-persistent-matmul.py")
    _, kind, ws, M, N, K = case.split(":")
    M, N, K = int(M), int(N), int(K); ws = ws == "ws"
    a = torch.randn(M, K, device="cuda", dtype=torch.float16); b = torch.randn(N, K, device="cuda", dtype=torch.float16)
    fn = {"tma": m.matmul_tma, "tmap": m.matmul_tma_persistent}[kind]
    c = fn(a, b, ws); torch.cuda.synchronize()
    e = rel(c, a.float() @ b.float().T)
    print(f"RESULT {case} rel_err={e:.2e} {'correct' if e < 1e-2 and not math.isnan(e) else 'wrong'}")
else:
    m = load("06-fused-attention.py")
    _, causal, ws, N_CTX = case.split(":")
    causal = causal == "causal"; ws = ws == "ws"; N_CTX = int(N_CTX)
    Z, H, D = 2, 4, 128
    q, k, v = (torch.randn(Z, H, N_CTX, D, device="cuda", dtype=torch.float16) for _ in range(3))
    sm = 0.5
    o = m.attention(q, k, v, causal, sm, ws); torch.cuda.synchronize()
    p = torch.matmul(q.float(), k.float().transpose(2, 3)) * sm
    if causal:
        p = p.masked_fill(torch.triu(torch.ones(N_CTX, N_CTX, device="cuda", dtype=torch.bool), 1), float("-inf"))
    ref = torch.matmul(torch.softmax(p, -1), v.float())
    e = rel(o, ref)
    print(f"RESULT {case} rel_err={e:.2e} {'correct' if e < 1e-2 and not math.isnan(e) else 'wrong'}")
