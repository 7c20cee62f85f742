#!/usr/bin/env python3
"""Runs sp's matmul kernels (the Hopper path's sm_90a wgmma kernels first of
all) on a GPU from their PTX, sp's kernel manifest and an sp-run launch spec,
and checks them against a float64 reference.

Needs Python 3, PyTorch and the CUDA driver (as run_ptx.py, whose loader,
2:4 pruning and band16 packing it shares); no Go, no sp-run.

A case is a kernel file <stem>.<arch>.ptx in the kernels directory whose
manifest is the `// sp-manifest-begin` block of the PTX (sp-opt --emit=ptx)
or <stem>.<arch>.json beside it (lower/ptx TestWriteKernels), and a launch
spec in sp-run's format: <stem>.launch.json in the kernels directory
(gen_kernels.sh copies the examples' specs there), else test/gpu/specs/<stem>.json.
The spec's arguments follow the kernel's source parameters (a 2:4 operand is
one argument: values + metadata parameters in the manifest), its grid and
argument values are expressions over its variables, and its "verify" is
"C = A @ B". The harness overrides the variables M, N, K per shape; BM, BN
(and BK, default 64) come from the spec and set the tile-multiple and ragged
shapes:

  tile multiples   M, N, K = BM, BN, BK;  2BM, 3BN, 4BK  (and 8BM, 4BN, 16BK without --quick)
  ragged           M = 2BM + 16, N = BN + BN/2 + 16 (multiples of 16, not of the tile),
                   K = 3BK + 16 for dense kernels; sparse kernels keep K a multiple of
                   --sparse-k-multiple (default 64: a partial K block's metadata is the
                   kernel's zero padding, which is no valid 2:4 group)

A shape that breaks a parameter's divisibility (from the manifest) is reported
as SKIP with the reason. Element types come from the manifest, so the same
spec serves f16 and bf16 kernels.

Every case draws fresh random inputs (the seed is printed; --seed repeats a
run), prunes A to a random 2:4 pattern (values [M, K/2], band16 metadata
[M/16, K] with row stride K, as sp-run passes them), poisons the output and a
guard region behind it with NaN, launches, and checks:
  - every output element finite (nothing left unwritten) and the guard intact;
  - relative Frobenius error < 1e-3 (f16 output) or 1e-2 (bf16);
  - every element within 1e-5 + ulp(C)·|ref| + sqrt(K)·2^-22·(|A|·|B|) of the
    float64 product (sp-run's bound: output rounding plus f32 accumulation).

Usage:
    python3 test/gpu/run_matmul.py [--kernels DIR] [--arch sm_90a] [--quick] [--only STEM...]
                                   [--shapes MxNxK,...] [--seed N] [--list]
Exit status 1 if any case fails, or if no case was found.
"""

import argparse
import json
import math
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import torch  # noqa: E402

import run_ptx as rp  # noqa: E402

DTYPES = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32, "f64": torch.float64,
          "i8": torch.int8, "i16": torch.int16, "i32": torch.int32, "i64": torch.int64}
ULP = {torch.float16: 2.0 ** -10, torch.bfloat16: 2.0 ** -7, torch.float32: 2.0 ** -23, torch.float64: 2.0 ** -52}
FROB = {torch.float16: 1e-3, torch.bfloat16: 1e-2, torch.float32: 1e-5, torch.float64: 1e-12}
GUARD = 4096  # poisoned elements behind each output


# ---------------------------------------------------------------- expressions

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z_0-9]*)|(.))")


def evaluate(expr, env):
    """Evaluates an sp-run spec integer expression: numbers, variables,
    + - * / % (truncating), parentheses, unary minus, cdiv/min/max."""
    if isinstance(expr, int):
        return expr
    toks = [m.groups() for m in _TOKEN.finditer(expr) if any(m.groups())]
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else (None, None, None)

    def take(sym=None):
        t = peek()
        if sym is not None and t[2] != sym:
            raise ValueError(f"expression {expr!r}: expected {sym!r}")
        pos[0] += 1
        return t

    def atom():
        num, name, sym = take()
        if num is not None:
            return int(num)
        if sym == "-":
            return -atom()
        if sym == "(":
            v = add()
            take(")")
            return v
        if name in ("cdiv", "min", "max"):
            take("(")
            a = add()
            take(",")
            b = add()
            take(")")
            return {"cdiv": lambda: -(-a // b), "min": lambda: min(a, b), "max": lambda: max(a, b)}[name]()
        if name is not None:
            if name not in env:
                raise ValueError(f"expression {expr!r}: unknown variable {name}")
            return env[name]
        raise ValueError(f"expression {expr!r}: unexpected {sym!r}")

    def mul():
        v = atom()
        while peek()[2] in ("*", "/", "%"):
            op = take()[2]
            r = atom()
            if op == "*":
                v *= r
            else:
                q = abs(v) // abs(r) * (1 if (v >= 0) == (r >= 0) else -1)  # truncating, as Go
                v = q if op == "/" else v - q * r
        return v

    def add():
        v = mul()
        while peek()[2] in ("+", "-"):
            op = take()[2]
            r = mul()
            v = v + r if op == "+" else v - r
        return v

    v = add()
    if pos[0] != len(toks):
        raise ValueError(f"expression {expr!r}: trailing input")
    return v


# ---------------------------------------------------------------- cases

class Case:
    """One kernel: PTX + manifest + launch spec."""

    def __init__(self, kernels, stem, arch, spec_path):
        self.stem, self.arch = stem, arch
        with open(spec_path) as f:
            self.spec = json.load(f)
        self.kernel = rp.load(kernels, stem, arch, self.spec.get("kernel"))
        self.params = self.kernel.m["params"]
        self.bind()
        self.sparse = any(len(ps) == 2 for _, ps in self.groups)
        m = re.fullmatch(r"\s*(\w+)\s*=\s*(\w+)\s*@\s*(\w+)\s*", self.spec.get("verify", ""))
        if not m:
            raise ValueError(f"{spec_path}: verify {self.spec.get('verify')!r} is not 'C = A @ B'")
        self.out, self.lhs, self.rhs = m.groups()
        v = self.spec.get("vars", {})
        self.tile = (v.get("BM", 64), v.get("BN", 64), v.get("BK", 64))

    def bind(self):
        """Assigns manifest parameters to spec arguments, as sp-run does: a
        2:4 argument takes a values and a metadata parameter."""
        ps, self.groups = list(self.params), []
        for a in self.spec["args"]:
            if not ps:
                raise ValueError(f"{self.stem}: the spec gives more arguments than the kernel's {len(self.params)} parameters")
            if a.get("sparse") or ps[0]["role"] == "values":
                # as sp-run: the spec's "sparse" or the manifest's roles make
                # it a 2:4 operand; its parameters are a values pointer and
                # an i16 metadata pointer
                if a.get("sparse", "A") != "A":
                    raise ValueError(f"{self.stem}: {a['name']}: only a 2:4 A operand is supported")
                if len(ps) < 2 or not ps[0]["dtype"].startswith("*") or ps[1]["dtype"] != "*i16":
                    raise ValueError(f"{self.stem}: {a['name']} is 2:4 but parameters {ps[:2]} are not a values pointer and an i16 metadata pointer")
                if self.kernel.m.get("metadataLayout", "band16") != "band16":
                    raise ValueError(f"{self.stem}: metadata layout {self.kernel.m.get('metadataLayout')!r}, want band16")
                self.groups.append((a, ps[:2]))
                ps = ps[2:]
            else:
                self.groups.append((a, ps[:1]))
                ps = ps[1:]
        if ps:
            raise ValueError(f"{self.stem}: the spec gives no argument for parameters {[p['name'] for p in ps]}")

    def shapes(self, quick, sparse_k):
        BM, BN, BK = self.tile

        def k_ragged(k):  # a K that is no multiple of BK (sparse: a multiple of sparse_k)
            return -(-k // sparse_k) * sparse_k if self.sparse else k

        out = [("tile", BM, BN, BK), ("tile", 2 * BM, 3 * BN, 4 * BK)]
        if not quick:
            out.append(("tile", 8 * BM, 4 * BN, 16 * BK))
        out.append(("ragged", 2 * BM + 16, BN + BN // 2 + 16, k_ragged(3 * BK + 16)))
        if not quick:
            out.append(("ragged", 5 * BM + 48, 3 * BN + 16, k_ragged(8 * BK + 16)))
        return out

    def run(self, ctx, kind, M, N, K):
        env = dict(self.spec.get("vars", {}))
        env.update(M=M, N=N, K=K)
        name = f"{self.stem}.{self.arch} {M}x{N}x{K} ({kind})"
        args, host, outputs = [], {}, []
        for a, ps in self.groups:
            if "value" in a or "float" in a:
                v = float(a["float"]) if "float" in a else evaluate(a["value"], env)
                d = ps[0].get("divisibility")
                if d and isinstance(v, int) and v % d:
                    return ctx.skip(name, f"{a['name']} = {v} is not a multiple of {d} (the kernel's specialization)")
                args.append(v)
                continue
            shape = [evaluate(s, env) for s in a["shape"]]
            dt = DTYPES[ps[0]["dtype"].lstrip("*")]
            if len(ps) == 2:  # 2:4 A: values [M, K/2] + band16 metadata [M/16, K]
                rows, cols = shape
                if rows % 16 or cols % 16:
                    return ctx.skip(name, f"2:4 operand {a['name']} is {rows}x{cols}: band16 needs multiples of 16")
                dense, vals, words = rp.prune_2_4(torch.randn(rows, cols, device="cuda").to(dt).float())
                args += [vals.to(dt).contiguous(), rp.band16(words, cols)]
                host[a["name"]] = dense.to(dt)
            elif a.get("output"):
                n = math.prod(shape)
                buf = torch.full((n + GUARD,), float("nan"), device="cuda", dtype=dt)
                args.append(buf)
                host[a["name"]] = buf[:n].view(*shape)
                outputs.append((a["name"], buf, n))
            else:
                t = torch.randn(*shape, device="cuda").to(dt)
                args.append(t)
                host[a["name"]] = t
        grid = [evaluate(g, env) for g in self.spec["grid"]]
        self.kernel(grid, *args)
        torch.cuda.synchronize()
        return self.check(ctx, name, host, outputs, K)

    def check(self, ctx, name, host, outputs, K):
        c = host[self.out]
        a, b = host[self.lhs].double(), host[self.rhs].double()
        ref = a @ b
        guard_ok = all(torch.isnan(buf[n:]).all().item() for _, buf, n in outputs)
        if not torch.isfinite(c).all():
            bad = (~torch.isfinite(c)).nonzero()
            return ctx.report(name, False, f"{bad.shape[0]} of {c.numel()} output elements not written or not finite, first at {bad[0].tolist()}")
        err = rp.rel_err(c, ref)
        bound = 1e-5 + ULP[c.dtype] * ref.abs() + math.sqrt(K) * 2.0 ** -22 * (a.abs() @ b.abs())
        excess = ((c.double() - ref).abs() - bound)
        worst = excess.argmax()
        i, j = divmod(worst.item(), c.shape[1])
        elem_ok = excess.max().item() <= 0
        ok = err < FROB[c.dtype] and elem_ok and guard_ok
        detail = f"rel err {err:.2e} (tol {FROB[c.dtype]:g}), worst element ({i}, {j}) {c[i, j].item():.6g} vs {ref[i, j].item():.6g}"
        if not elem_ok:
            detail += f" beyond its bound by {excess.max().item():.3g}"
        if not guard_ok:
            detail += ", WROTE PAST THE OUTPUT (guard overwritten)"
        return ctx.report(name, ok, detail)


class Ctx:
    def __init__(self):
        self.failures = self.passed = self.skipped = 0

    def report(self, name, ok, detail):
        print(f"{'PASS' if ok else 'FAIL'}: {name}: {detail}", flush=True)
        if ok:
            self.passed += 1
        else:
            self.failures += 1

    def skip(self, name, why):
        print(f"SKIP: {name}: {why}", flush=True)
        self.skipped += 1


def find_cases(kernels, arch, only):
    """(stem, spec path) for every <stem>.<arch>.ptx with a launch spec, and
    the stems without one."""
    found, nospec = [], []
    for f in sorted(os.listdir(kernels)):
        if not f.endswith(f".{arch}.ptx"):
            continue
        stem = f[: -len(f".{arch}.ptx")]
        if only and stem not in only:
            continue
        for spec in (os.path.join(kernels, stem + ".launch.json"), os.path.join(HERE, "specs", stem + ".json")):
            if os.path.exists(spec):
                found.append((stem, spec))
                break
        else:
            nospec.append(stem)
    return found, nospec


def parse_shapes(s):
    out = []
    for part in s.split(","):
        m = re.fullmatch(r"\s*(\d+)x(\d+)x(\d+)\s*", part)
        if not m:
            raise SystemExit(f"--shapes: {part!r} is not MxNxK")
        out.append(("given",) + tuple(int(x) for x in m.groups()))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kernels", default=os.path.join(HERE, "kernels"))
    ap.add_argument("--arch", default="sm_90a", help="kernel files <stem>.<arch>.ptx (default sm_90a)")
    ap.add_argument("--quick", action="store_true", help="fewer, smaller shapes (for compute-sanitizer)")
    ap.add_argument("--only", nargs="*", default=None, help="kernel stems")
    ap.add_argument("--shapes", default=None, help="MxNxK,... instead of the tile-derived shapes")
    ap.add_argument("--sparse-k-multiple", type=int, default=64)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    args = ap.parse_args()
    cases, nospec = find_cases(args.kernels, args.arch, args.only)
    for stem in nospec:
        print(f"note: {stem}.{args.arch}.ptx has no launch spec (not a matmul case)")
    if args.list:
        for stem, spec in cases:
            print(stem, spec)
        return
    if not cases:
        print(f"FAIL: no {args.arch} kernel with a launch spec in {args.kernels}")
        sys.exit(1)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    torch.manual_seed(seed)
    major, minor = torch.cuda.get_device_capability()
    print(f"device {torch.cuda.get_device_name()} (sm_{major}{minor}), {args.arch} kernels, seed {seed}", flush=True)
    ctx = Ctx()
    for stem, spec in cases:
        try:
            case = Case(args.kernels, stem, args.arch, spec)
        except Exception as e:  # a load, manifest or spec error fails that kernel
            ctx.report(f"{stem}.{args.arch}", False, f"{type(e).__name__}: {e}")
            continue
        what = ("2:4 A" if case.sparse else "dense") + ", " + "/".join(sorted({p["dtype"] for p in case.params if p["dtype"].startswith("*")}))
        print(f"== {stem}.{args.arch}: {what}, tile {case.tile}, {case.kernel.m['threadsPerBlock']} threads, {case.kernel.m['sharedBytes']} bytes shared", flush=True)
        shapes = parse_shapes(args.shapes) if args.shapes else case.shapes(args.quick, args.sparse_k_multiple)
        for kind, M, N, K in shapes:
            try:
                case.run(ctx, kind, M, N, K)
            except Exception as e:
                ctx.report(f"{stem}.{args.arch} {M}x{N}x{K}", False, f"{type(e).__name__}: {e}")
    print(f"{ctx.passed} passed, {ctx.failures} failed, {ctx.skipped} skipped")
    sys.exit(1 if ctx.failures or not ctx.passed else 0)


if __name__ == "__main__":
    main()
