"""sp.load: run sp's PTX without Triton, from its manifest, on torch tensors.

The CUDA driver API through ctypes on libcuda.so.1, in PyTorch's current
context and on its current stream.
"""
import ctypes

from . import _spopt

_CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
_cuda = None


def _driver():
    global _cuda
    if _cuda is None:
        try:
            _cuda = ctypes.CDLL("libcuda.so.1")
        except OSError as e:
            raise RuntimeError(f"sp.load needs the CUDA driver (libcuda.so.1): {e}") from None
        _check(_cuda.cuInit(0), "cuInit")
    return _cuda


def _check(rc, what):
    if rc != 0:
        name = ctypes.c_char_p()
        if _cuda is not None:
            _cuda.cuGetErrorName(rc, ctypes.byref(name))
        raise RuntimeError(f"{what}: CUDA error {rc} {name.value.decode() if name.value else ''}".rstrip())


_SCALARS = {"i32": ctypes.c_int32, "i64": ctypes.c_int64, "i1": ctypes.c_int32, "f32": ctypes.c_float,
            "f64": ctypes.c_double}
_TORCH_DTYPES = {"f16": "float16", "bf16": "bfloat16", "f32": "float32", "i16": "int16", "i32": "int32",
                 "i8": "int8", "f64": "float64", "i64": "int64"}


class Kernel:
    """One .entry of a loaded module: kernel(grid, *args)."""

    def __init__(self, module, manifest):
        self.manifest, self.name = manifest, manifest["name"]
        cu = _driver()
        self._fn = ctypes.c_void_p()
        _check(cu.cuModuleGetFunction(ctypes.byref(self._fn), module, self.name.encode()), f"cuModuleGetFunction {self.name}")
        self.shared = manifest["sharedBytes"]
        if self.shared > 48 * 1024:
            _check(cu.cuFuncSetAttribute(self._fn, _CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, self.shared),
                   "cuFuncSetAttribute")

    def args(self, args):
        """ctypes values for args, checked against the manifest."""
        params = self.manifest["params"]
        if len(args) != len(params):
            raise TypeError(f"{self.name} takes {len(params)} arguments ({', '.join(p['name'] for p in params)}), "
                            f"got {len(args)}")
        out = []
        for p, a in zip(params, args):
            dt = p["dtype"]
            if dt.startswith("*"):
                want = _TORCH_DTYPES.get(dt[1:])
                got = str(getattr(a, "dtype", "")).replace("torch.", "")
                if not hasattr(a, "data_ptr"):
                    raise TypeError(f"{self.name}: parameter {p['name']} ({dt}, {p['role']}) needs a tensor, got {type(a).__name__}")
                if want and got != want:
                    raise TypeError(f"{self.name}: parameter {p['name']} is {dt}, got a {got} tensor")
                if getattr(a, "is_cuda", True) is False:
                    raise TypeError(f"{self.name}: parameter {p['name']} needs a CUDA tensor")
                out.append(ctypes.c_uint64(a.data_ptr()))
            elif dt in _SCALARS:
                out.append(_SCALARS[dt](a))
            else:
                raise TypeError(f"{self.name}: parameter {p['name']} has unsupported type {dt}")
        return out

    def __call__(self, grid, *args, stream=None):
        grid = tuple(grid) + (1,) * (3 - len(grid))
        vals = self.args(args)
        ptrs = (ctypes.c_void_p * len(vals))(*[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in vals])
        if stream is None:
            import torch
            stream = torch.cuda.current_stream().cuda_stream
        _check(_driver().cuLaunchKernel(self._fn, *[ctypes.c_uint(g) for g in grid],
                                        ctypes.c_uint(self.manifest["threadsPerBlock"]), ctypes.c_uint(1),
                                        ctypes.c_uint(1), ctypes.c_uint(self.shared), ctypes.c_void_p(stream),
                                        ptrs, None), f"cuLaunchKernel {self.name}")


class Module:
    def __init__(self, ptx_text):
        self.manifest = _spopt.parse_manifest(ptx_text)
        import torch
        torch.cuda.init()
        torch.cuda.current_stream()  # makes PyTorch's context current
        cu = _driver()
        self._mod = ctypes.c_void_p()
        buf = ctypes.create_string_buffer(ptx_text.encode())
        _check(cu.cuModuleLoadData(ctypes.byref(self._mod), buf), "cuModuleLoadData")
        self.kernels = {k["name"]: Kernel(self._mod, k) for k in self.manifest["kernels"]}

    def __getitem__(self, name):
        return self.kernels[name]

    def __getattr__(self, name):
        ks = self.__dict__.get("kernels", {})
        if name in ks:
            return ks[name]
        raise AttributeError(name)


def load(path):
    """Loads sp's PTX (its manifest leads as a comment block). Returns the
    kernel when the module has one, else a Module indexed by kernel name."""
    with open(path) as f:
        m = Module(f.read())
    return next(iter(m.kernels.values())) if len(m.kernels) == 1 else m
