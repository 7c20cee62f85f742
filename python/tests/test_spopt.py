"""Finding and running sp-opt, manifests, and the @sp.jit compile step (no GPU)."""
import os
import re
from pathlib import Path

import pytest

import sp
from sp import _spopt, _ttir
from sp.jit import _Marked

ROOT = Path(__file__).resolve().parents[2]
TTIR = (ROOT / "examples/triton36/matmul_sm80.ttir").read_text()
META_PARAM = '%a_meta: !tt.ptr<i16> {tt.divisibility = 16 : i32} loc("a_meta"(#loc)), '


def with_meta_param(ttir):
    """The tutorial kernel as a user writes it for sp: a metadata pointer after a_ptr."""
    i = ttir.index("%b_ptr:")
    return ttir[:i] + META_PARAM + ttir[i:]


@pytest.fixture
def sp_opt(gobin, monkeypatch):
    monkeypatch.setenv("SP_OPT", str(gobin / "sp-opt"))
    return gobin / "sp-opt"


def test_sp_opt_env_must_be_executable(monkeypatch, tmp_path):
    monkeypatch.setenv("SP_OPT", str(tmp_path / "nope"))
    with pytest.raises(sp.SpOptError, match=r"^SP_OPT=.*nope is not an executable file$"):
        sp.find_sp_opt()


def test_sp_opt_from_path(gobin, monkeypatch):
    monkeypatch.delenv("SP_OPT", raising=False)
    monkeypatch.setattr(_spopt, "_found", None)
    monkeypatch.setenv("PATH", str(gobin) + os.pathsep + os.environ["PATH"])
    assert sp.find_sp_opt() == str(gobin / "sp-opt")


def test_sp_opt_built_from_checkout(gobin, monkeypatch, tmp_path):
    go = Path(_spopt.shutil.which("go")).parent
    monkeypatch.delenv("SP_OPT", raising=False)
    monkeypatch.setattr(_spopt, "_found", None)
    monkeypatch.setenv("PATH", str(go) + os.pathsep + "/usr/bin:/bin")
    monkeypatch.setenv("SP_CACHE", str(tmp_path))
    assert sp.find_sp_opt() == str(tmp_path / "bin" / "sp-opt")
    assert (tmp_path / "bin" / "sp-opt").is_file()


def test_sp_opt_not_found(monkeypatch, tmp_path):
    monkeypatch.delenv("SP_OPT", raising=False)
    monkeypatch.setattr(_spopt, "_found", None)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(sp.SpOptError, match=r"sp-opt not found and go is not on PATH"):
        sp.find_sp_opt()
    with pytest.raises(sp.SpOptError, match=r"^sp-opt not found: set SP_OPT or put sp-opt on PATH$"):
        sp.find_sp_opt(build=False)


def test_sp_opt_diagnostic_is_one_line(sp_opt):
    with pytest.raises(sp.SpOptError) as e:
        sp.run_sp_opt("module {\n  tt.func @f() {\n    %0 = bogus.op\n  }\n}\n", ["--canonicalize"], filename="k.ttir")
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith("sp-opt: k.ttir:3:")
    assert e.value.diagnostic in msg and e.value.stderr


def test_annotate_unknown_name_is_a_clear_error(sp_opt):
    with pytest.raises(sp.SpOptError, match=r"^sp-opt: .*nope"):
        sp.run_sp_opt(TTIR, _spopt.sparse_pipeline_args(["nope"]))


def test_drop_metadata_params():
    src = with_meta_param(TTIR)
    assert _ttir.param_names(src, "matmul_kernel")[:3] == ["a_ptr", "a_meta", "b_ptr"]
    assert _ttir.drop_metadata_params(src, "matmul_kernel", [("a_ptr", "a_meta")]) == TTIR
    with pytest.raises(ValueError, match="must directly follow"):
        _ttir.drop_metadata_params(src, "matmul_kernel", [("b_ptr", "a_meta")])
    with pytest.raises(ValueError, match="the kernel reads 'b_ptr'"):
        _ttir.drop_metadata_params(TTIR, "matmul_kernel", [("a_ptr", "b_ptr")])
    with pytest.raises(ValueError, match="has no parameter 'x'"):
        _ttir.drop_metadata_params(TTIR, "matmul_kernel", [("x", "b_ptr")])


@pytest.mark.parametrize("capability,warps,stages", [(80, 4, 3), (90, 8, 2)])
def test_marked_kernel_compiles_to_launch_order(sp_opt, capability, warps, stages):
    src = with_meta_param(TTIR)
    ptx, k = _Marked("matmul_kernel", [("a_ptr", "a_meta")]).compile(src, capability, warps, stages)
    assert k["name"] == "matmul_kernel" and k["numWarps"] == warps and k["threadsPerBlock"] == 32 * warps
    roles = [p["role"] for p in k["params"]]
    assert roles[:3] == ["values", "metadata", "dense"] and len(roles) == len(_ttir.param_names(src, "matmul_kernel"))
    assert k["params"][1]["metadataLayout"] == "band16"
    assert re.search(r"\.visible \.entry matmul_kernel\(", ptx)
    assert f".target sm_{capability}" in ptx and re.search(r"\b(wg)?mma(\.mma_async)?\.sp", ptx)
    assert sp.parse_manifest(ptx)["kernels"][0] == k


def test_persistent_tma_kernel_compiles_for_hopper(sp_opt):
    """sp's persistent Python kernel as Triton 3.6 hands it over (tensor
    descriptors; examples/triton36, a_meta put back): on capability 90 its
    A values, A metadata and B loads are TMA copies, PTX 8.7, and the
    manifest asks Triton for global scratch (the device-made tensor maps)."""
    ttir = (ROOT / "examples/triton36/sparse_matmul_persistent_tma_bf16.ttir").read_text()
    i = ttir.index("%b_ptr:")
    src = ttir[:i] + META_PARAM + ttir[i:]
    ptx, k = _Marked("sparse_matmul_persistent_kernel", [("a_ptr", "a_meta")]).compile(src, 90, 8, 5)
    assert ".version 8.7" in ptx and ".target sm_90a" in ptx
    assert k["globalScratch"]["bytes"] >= 3 * 128 and k["numWarps"] == 8
    assert ptx.count("cp.async.bulk.tensor") >= 3 and "wgmma.mma_async.sp" in ptx
    assert [p["role"] for p in k["params"][:3]] == ["values", "metadata", "dense"]


def test_ptx_version_arg():
    args = _spopt.sparse_pipeline_args(["a_ptr"], 90, 8, 5, ptx_version="8.7")
    assert "--sp-pipeline=target=cuda:90 num-warps=8 num-stages=5" in args
    assert "--ptx-version=8.7" in args and args[-1] == "--emit=ptx"
    assert not any("ptx-version" in a for a in _spopt.sparse_pipeline_args(["a_ptr"], 90))


def test_manifest_errors():
    with pytest.raises(ValueError, match="no sp manifest in this PTX"):
        sp.parse_manifest(".version 7.8\n")
    with pytest.raises(ValueError, match=r"sp manifest, line 3: "):
        sp.parse_manifest("// sp-manifest-begin\n// {\n// x\n// sp-manifest-end\n")
    bad = '// sp-manifest-begin\n// {"kernels": [{"name": "k", "params": [], "sharedBytes": 0, "numWarps": 4}]}\n// sp-manifest-end\n'
    with pytest.raises(ValueError, match=r"kernel k: field 'threadsPerBlock' missing or not int"):
        sp.parse_manifest(bad)
    role = bad.replace('"params": []', '"params": [{"dtype": "*f16", "role": "sparse"}]').replace('"numWarps"', '"threadsPerBlock": 128, "numWarps"')
    with pytest.raises(ValueError, match=r"kernel k: parameter 0 needs a dtype and a role"):
        sp.parse_manifest(role)
    with pytest.raises(ValueError, match="no kernels"):
        sp.parse_manifest('// sp-manifest-begin\n// {"kernels": []}\n// sp-manifest-end\n')
