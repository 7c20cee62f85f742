"""@sp.jit: Triton kernels whose marked operands are 2:4 sparse, compiled by sp.

Triton keeps its frontend, specialization, autotuner, cache and launcher;
for a marked kernel, Triton's stage hook (triton.knobs.runtime.
add_stages_inspection_hook, Triton 3.6) skips Triton's TTGIR and LLVM stages
and its PTX stage runs sp-opt on the kernel's TTIR instead:

    annotate-sparse (the marked pointers) -> sp-pipeline -> --emit=ptx

The kernel is the dense kernel plus one metadata pointer right after each
sparse operand (@sp.jit(sparse={"A": "A_meta"})); sp drops that pointer
from the TTIR signature and decompose-sparse-tensors puts its own metadata
parameter in the same place, so the PTX's parameters are the launcher's.
The metadata is read in the layout the manifest names (band16 for
pointer-tensor kernels, as for block pointers): compress with
sp.compress(w) (layout="band16"), which pads a ragged K to
Kp = cdiv(K, 16) * 16 and a ragged M to whole bands of 16 metadata rows;
pass Kp as A's row stride (stride_am), as sp-run's launch files do.

Triton 3.6.0's cache does not key on the hook: unless the installed Triton
has inspect_stages_key, sp points TRITON_CACHE_DIR at a private directory
(~/.cache/sp/triton) before the first compile.
"""
import hashlib
import os
from pathlib import Path

from . import _spopt, _ttir

# entry name -> _Marked
_KERNELS = {}
_installed = False


class _Marked:
    def __init__(self, entry, pairs):
        self.entry, self.pairs = entry, pairs
        self.last_manifest = None

    def compile(self, ttir, capability, num_warps, num_stages):
        ttir = _ttir.drop_metadata_params(ttir, self.entry, self.pairs)
        sm = 90 if capability >= 90 else 80
        args = _spopt.sparse_pipeline_args([s for s, _ in self.pairs], sm, num_warps, num_stages,
                                           ptx_version="8.7" if sm == 90 else None)
        ptx = _spopt.run_sp_opt(ttir, args, filename=f"{self.entry}.ttir")
        man = _spopt.parse_manifest(ptx)
        k = next((k for k in man["kernels"] if k["name"] == self.entry), None)
        if k is None:
            raise _spopt.SpOptError(f"sp-opt's PTX has no kernel {self.entry}")
        self.last_manifest = k
        return ptx, k


def _private_cache():
    try:
        import triton.compiler.compiler as cc
        src = Path(cc.__file__).read_text()
    except Exception:
        src = ""
    if "inspect_stages_key" in src:
        return
    d = os.environ.get("SP_TRITON_CACHE_DIR") or str(Path.home() / ".cache" / "sp" / "triton")
    os.environ["TRITON_CACHE_DIR"] = d
    try:
        import triton
        triton.knobs.cache.dir = d
    except Exception:
        pass


def _hook(backend=None, stages=None, options=None, language=None, capability=None):
    if stages is None:  # Triton with inspect_stages_key asks for a cache key
        key = "sp:" + ",".join(f"{n}{v.pairs}" for n, v in sorted(_KERNELS.items()))
        return key, hashlib.sha256(key.encode()).hexdigest()
    prev = _previous_hook
    if prev is not None:
        prev(backend, stages, options, language, capability)
    to_ttgir, to_llir, to_ptx = stages["ttgir"], stages["llir"], stages["ptx"]

    def ours(mod):
        return hasattr(mod, "get_entry_func_name") and mod.get_entry_func_name() in _KERNELS

    def ttgir(mod, md):
        return mod if ours(mod) else to_ttgir(mod, md)

    def llir(mod, md):
        return mod if ours(mod) else to_llir(mod, md)

    def ptx(mod, md):
        if not ours(mod):
            return to_ptx(mod, md)
        name = mod.get_entry_func_name()
        text, k = _KERNELS[name].compile(str(mod), capability, options.num_warps, options.num_stages)
        # A kernel with tensor descriptors (tl.make_tensor_descriptor, TMA on
        # Hopper) makes its tensor maps on the device and keeps them in global
        # scratch, bytes per program: Triton's launcher allocates it (through
        # triton.set_allocator's allocator) and passes it as the trailing pointer.
        gs = k.get("globalScratch") or {}
        md.update(name=name, shared=k["sharedBytes"], num_warps=k["numWarps"], tmem_size=0, tensordesc_meta=[],
                  global_scratch_size=gs.get("bytes", 0), global_scratch_align=gs.get("align", 1),
                  profile_scratch_size=0, profile_scratch_align=1)
        return text

    stages.update(ttgir=ttgir, llir=llir, ptx=ptx)


_previous_hook = None


def _install():
    global _installed, _previous_hook
    if _installed:
        return
    import triton
    cur = triton.knobs.runtime.add_stages_inspection_hook
    if cur is not None and cur is not _hook:
        _previous_hook = cur
    triton.knobs.runtime.add_stages_inspection_hook = _hook
    _installed = True


def jit(fn=None, *, sparse):
    """Marks a @triton.jit kernel's operands 2:4 sparse: sparse maps each
    sparse pointer parameter to the metadata pointer parameter that follows
    it, e.g. @sp.jit(sparse={"a_ptr": "a_meta"}). Returns the Triton kernel
    itself, so kernel[grid](...) and triton.autotune work as usual.

    A sparse pointer may feed tl.make_tensor_descriptor (Triton's TMA form,
    Hopper): sp splits the descriptor into values and band16 metadata
    descriptors, whose tensor maps the kernel makes in Triton's global
    scratch, so a Triton allocator must be set (triton.set_allocator); TMA
    needs 16-byte aligned bases and row strides that are multiples of 16
    bytes."""
    if not isinstance(sparse, dict) or not sparse:
        raise TypeError('sp.jit needs sparse={"<sparse pointer>": "<metadata pointer>", ...}')

    def mark(kernel):
        base = getattr(kernel, "fn", None)  # an Autotuner/Heuristics wraps the JITFunction
        while base is not None and not hasattr(base, "arg_names"):
            base = getattr(base, "fn", None)
        jf = kernel if hasattr(kernel, "arg_names") else base
        if jf is None:
            raise TypeError("sp.jit decorates a @triton.jit kernel (put @sp.jit above @triton.jit)")
        for s, m in sparse.items():
            for n in (s, m):
                if n not in jf.arg_names:
                    raise ValueError(f"{jf.__name__} has no parameter {n!r}")
            if jf.arg_names.index(m) != jf.arg_names.index(s) + 1:
                raise ValueError(f"{jf.__name__}: metadata parameter {m!r} must directly follow {s!r}")
        _private_cache()
        _install()
        _KERNELS[jf.__name__] = _Marked(jf.__name__, list(sparse.items()))
        return kernel

    return mark if fn is None else mark(fn)


def manifest(kernel):
    """The manifest of the last compile of a marked kernel (or None)."""
    jf = kernel if hasattr(kernel, "arg_names") else getattr(kernel, "fn", kernel)
    m = _KERNELS.get(getattr(jf, "__name__", ""))
    return m.last_manifest if m else None
