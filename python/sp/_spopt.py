"""Finding and running sp-opt, and reading the kernel manifest it embeds.

sp-opt is found, in order: the SP_OPT environment variable, `sp-opt` on
PATH, a `go build` of ./cmd/sp-opt from the checkout this package lives in
(once, into ~/.cache/sp/bin). Failures are SpOptError with one clear line;
sp-opt's own diagnostics (file:line:col: error: ...) are carried unchanged.
"""
import json
import os
import shutil
import subprocess
from pathlib import Path


class SpOptError(RuntimeError):
    """sp-opt could not be found, or it rejected its input. .diagnostic is
    sp-opt's first error line (empty when sp-opt did not run)."""

    def __init__(self, message, diagnostic="", stderr=""):
        super().__init__(message)
        self.diagnostic, self.stderr = diagnostic, stderr


_found = None


def checkout_root():
    """The sp checkout holding this package (its go.mod), or None."""
    here = Path(__file__).resolve().parent
    for d in (here, *here.parents):
        gomod = d / "go.mod"
        if gomod.is_file() and "module github.com/sparsetriton/sp" in gomod.read_text(errors="replace"):
            return d
    return None


def find_sp_opt(build=True):
    """The path of an sp-opt executable (see the module doc for the order)."""
    global _found
    env = os.environ.get("SP_OPT")
    if env:
        if not (os.path.isfile(env) and os.access(env, os.X_OK)):
            raise SpOptError(f"SP_OPT={env} is not an executable file")
        return env
    if _found and os.path.exists(_found):
        return _found
    on_path = shutil.which("sp-opt")
    if on_path:
        _found = on_path
        return on_path
    if not build:
        raise SpOptError("sp-opt not found: set SP_OPT or put sp-opt on PATH")
    root = checkout_root()
    if root is None:
        raise SpOptError("sp-opt not found: set SP_OPT, put sp-opt on PATH, or use the package from an sp checkout "
                         "(go build ./cmd/sp-opt)")
    go = shutil.which("go")
    if go is None:
        raise SpOptError(f"sp-opt not found and go is not on PATH to build it from {root}: set SP_OPT or install Go")
    out = Path(os.environ.get("SP_CACHE", Path.home() / ".cache" / "sp")) / "bin" / "sp-opt"
    out.parent.mkdir(parents=True, exist_ok=True)
    r = subprocess.run([go, "build", "-o", str(out), "./cmd/sp-opt"], cwd=root, capture_output=True, text=True)
    if r.returncode != 0:
        first = next((l for l in r.stderr.splitlines() if l.strip()), "no output")
        raise SpOptError(f"building sp-opt from {root} failed: {first}", stderr=r.stderr)
    _found = str(out)
    return _found


def run_sp_opt(ir_text, args, filename="<triton>"):
    """Runs sp-opt on ir_text with args; returns its stdout. Errors raise
    SpOptError whose message is sp-opt's first error line."""
    exe = find_sp_opt()
    r = subprocess.run([exe, *args, "-"], input=ir_text, capture_output=True, text=True)
    if r.returncode != 0:
        lines = [l for l in r.stderr.splitlines() if l.strip()]
        diag = next((l for l in lines if "error" in l), lines[0] if lines else f"exit status {r.returncode}")
        diag = diag.replace("<stdin>", filename)
        raise SpOptError(f"sp-opt: {diag}", diagnostic=diag, stderr=r.stderr)
    return r.stdout


def sparse_pipeline_args(sparse_args, target=80, num_warps=4, num_stages=3, ptx_version=None):
    """sp-opt's flags for a Triton TTIR kernel with 2:4 pointer arguments
    (indices or names) compiled to PTX; ptx_version sets the PTX ISA
    version (sp.jit asks for 8.7 on Hopper, as Triton 3.6 emits, whose
    tensormap.replace takes global strides in bytes)."""
    args = []
    if sparse_args:
        args.append("--annotate-sparse=args=" + ",".join(str(a) for a in sparse_args))
    args.append(f"--sp-pipeline=target=cuda:{target} num-warps={num_warps} num-stages={num_stages}")
    if ptx_version:
        args.append(f"--ptx-version={ptx_version}")
    args.append("--emit=ptx")
    return args


# ---- manifests -------------------------------------------------------------

MANIFEST_BEGIN, MANIFEST_END = "// sp-manifest-begin", "// sp-manifest-end"


def parse_manifest(ptx_text):
    """The manifest dict from the comment block leading sp-opt's PTX."""
    lines = ptx_text.splitlines()
    try:
        b = lines.index(MANIFEST_BEGIN)
        e = lines.index(MANIFEST_END, b)
    except ValueError:
        raise ValueError("no sp manifest in this PTX (expected a '// sp-manifest-begin' comment block)") from None
    body = "\n".join(l[3:] if l.startswith("// ") else l[2:] for l in lines[b + 1:e])
    try:
        m = json.loads(body)
    except json.JSONDecodeError as err:
        raise ValueError(f"sp manifest, line {b + 2 + err.lineno - 1}: {err.msg}") from None
    check_manifest(m)
    return m


def check_manifest(m):
    """Raises ValueError unless m has the fields a launcher needs."""
    if not isinstance(m, dict) or not isinstance(m.get("kernels"), list) or not m["kernels"]:
        raise ValueError("sp manifest: no kernels")
    for k in m["kernels"]:
        for f, t in (("name", str), ("params", list), ("sharedBytes", int), ("threadsPerBlock", int), ("numWarps", int)):
            if not isinstance(k.get(f), t):
                raise ValueError(f"sp manifest: kernel {k.get('name', '?')}: field {f!r} missing or not {t.__name__}")
        for i, p in enumerate(k["params"]):
            if not isinstance(p, dict) or not isinstance(p.get("dtype"), str) or p.get("role") not in (
                    "values", "metadata", "dense", "scalar"):
                raise ValueError(f"sp manifest: kernel {k['name']}: parameter {i} needs a dtype and a role "
                                 "(values, metadata, dense or scalar)")
    return m
