import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PYDIR = Path(__file__).resolve().parent.parent
ROOT = PYDIR.parent
sys.path.insert(0, str(PYDIR))


def need_tool(name):
    """The path of tool name; a missing tool fails on CI (CI=true), else skips."""
    path = shutil.which(name)
    if path is None:
        msg = f"{name} not on PATH"
        if os.environ.get("CI") == "true":
            pytest.fail(msg + " (CI=true: tests do not skip)")
        pytest.skip(msg)
    return path


@pytest.fixture(scope="session")
def gobin(tmp_path_factory):
    """A directory with sp-opt and spgold built from this checkout."""
    go = need_tool("go")
    d = tmp_path_factory.mktemp("bin")
    for out, pkg in (("sp-opt", "./cmd/sp-opt"), ("spgold", "./python/tests/spgold")):
        subprocess.run([go, "build", "-o", str(d / out), pkg], cwd=ROOT, check=True)
    return d
