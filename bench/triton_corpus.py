#!/usr/bin/env python3
"""Run sp-opt over Triton's own lit inputs and count what it accepts.

    python3 bench/triton_corpus.py /path/to/triton-checkout [--sp-opt PATH] [--list-failures]

The checkout should be at the release to measure (e.g. v3.6.0). Every .mlir
file under test/Triton, test/TritonGPU and test/TritonNvidiaGPU is split on
`// -----` lines (as -split-input-file does). Chunks are classified:

  * skipped: AMD (amd paths, #ttg.amd_*, amdg*/rocdl ops) and Blackwell-only
    constructs (tensor memory, tc_gen5, tmem);
  * plain chunks (no expected-*): sp-opt must parse, verify and print them,
    and the printed text must be a fixed point of print -> parse -> print in
    both spellings (--triton-version=3.1 and 3.6);
  * chunks with expected-error/warning/remark whose file's RUN line only
    parses (triton-opt %s with -verify-diagnostics and no pass flag): sp-opt
    --verify-diagnostics must agree with Triton's expectations.

sp-opt gets --allow-unregistered-dialect where the file's RUN line passes it
to triton-opt. It prints the counts and percentages per directory and
overall; --list-failures adds one line per failing chunk, --histogram the
failure reasons (positions and names stripped) by frequency.

A checkout at the release is enough; without network, export the three test
directories of any clone that carries the release (git archive <rev>
test/Triton test/TritonGPU test/TritonNvidiaGPU | tar -x -C DIR).
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

DIRS = ["test/Triton", "test/TritonGPU", "test/TritonNvidiaGPU"]
SKIP = re.compile(r"amd|rocdl|#ttg\.amd_|tc_gen5|tmem|tensor_memory|ttng\.tmem|TensorMemory|gfx9|gfx1")
EXPECTED = re.compile(r"expected-(error|warning|remark|note)")


def run(cmd, text):
    try:
        p = subprocess.run(cmd, input=text, capture_output=True, text=True, timeout=60)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timeout"


def round_trips(sp_opt, chunk, flags):
    for ver in ("3.1", "3.6"):
        rc, out1, err = run([sp_opt, "-", "--triton-version=" + ver] + flags, chunk)
        if rc != 0:
            return False, err.strip().splitlines()[:1]
        rc, out2, err = run([sp_opt, "-", "--triton-version=" + ver] + flags, out1)
        if rc != 0 or out2 != out1:
            return False, ["%s spelling: not a fixed point %s" % (ver, (err.strip().splitlines() or [""])[0])]
    return True, []


def parse_only(run_lines):
    """A RUN line that only parses: triton-opt with no pass flag besides
    splitting, diagnostics and unregistered dialects."""
    for line in run_lines:
        flags = re.findall(r"\s(--?[\w-]+)", line.split("|")[0])
        passes = [f for f in flags if f.lstrip("-") not in (
            "split-input-file", "verify-diagnostics", "allow-unregistered-dialect", "o", "mlir-print-debuginfo")]
        if "triton-opt" in line and not passes:
            return True
    return False


def run_flags(run_lines):
    """The triton-opt flags sp-opt shares: --allow-unregistered-dialect."""
    if any(re.search(r"\s--?allow-unregistered-dialect\b", l) for l in run_lines):
        return ["--allow-unregistered-dialect"]
    return []


def check_diag(sp_opt, chunk, flags):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as tf:
        tf.write(chunk)
    try:
        rc, _, err = run([sp_opt, tf.name, "-verify-diagnostics"] + flags, "")
    finally:
        os.unlink(tf.name)
    return rc == 0, (err.strip().splitlines() or [""])[:1]


def reason(line):
    """A failure line without positions, file names and quoted specifics."""
    line = re.sub(r"^\S*:\d+:\d+: ", "", line)
    line = re.sub(r"/tmp/\S+", "", line)
    line = re.sub(r"\d+", "N", line)
    return line[:140]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("checkout")
    ap.add_argument("--sp-opt", default="sp-opt")
    ap.add_argument("--list-failures", action="store_true")
    ap.add_argument("--histogram", action="store_true")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    a = ap.parse_args()
    totals = {}
    jobs = []  # (dir, kind, label, future)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs)
    for d in DIRS:
        root = os.path.join(a.checkout, d)
        if not os.path.isdir(root):
            sys.exit("no %s in %s" % (d, a.checkout))
        t = totals.setdefault(d, {"skipped": 0, "plain": 0, "plain_ok": 0, "diag": 0, "diag_ok": 0})
        for dirpath, dirs, files in os.walk(root):
            dirs.sort()
            for f in sorted(files):
                if not f.endswith(".mlir"):
                    continue
                path = os.path.join(dirpath, f)
                text = open(path, encoding="utf-8", errors="replace").read()
                runs = [l for l in text.splitlines() if "RUN:" in l]
                only_parse = parse_only(runs)
                flags = run_flags(runs)
                for i, chunk in enumerate(re.split(r"(?m)^// -----\s*$", text)):
                    if not chunk.strip():
                        continue
                    if SKIP.search(path) or SKIP.search(chunk):
                        t["skipped"] += 1
                        continue
                    label = "%s#%d" % (os.path.relpath(path, a.checkout), i)
                    if EXPECTED.search(chunk):
                        if not only_parse:
                            continue
                        t["diag"] += 1
                        jobs.append((d, "diag", label, pool.submit(check_diag, a.sp_opt, chunk, flags)))
                        continue
                    t["plain"] += 1
                    jobs.append((d, "plain", label, pool.submit(round_trips, a.sp_opt, chunk, flags)))
    failures = []
    for d, kind, label, fut in jobs:
        ok, why = fut.result()
        if ok:
            totals[d][kind + "_ok"] += 1
        else:
            failures.append((kind, label, " ".join(why)))
    all_ = {"skipped": 0, "plain": 0, "plain_ok": 0, "diag": 0, "diag_ok": 0}
    print("| directory | plain chunks | parse, verify, round-trip | parse-only chunks with expected-* | diagnostics agree | skipped (AMD, Blackwell) |")
    print("|---|---|---|---|---|---|")
    pct = lambda x, n: "%d (%.1f %%)" % (x, 100.0 * x / n) if n else "0"
    for d, t in totals.items():
        for k in all_:
            all_[k] += t[k]
        print("| %s | %d | %s | %d | %s | %d |" % (d, t["plain"], pct(t["plain_ok"], t["plain"]), t["diag"], pct(t["diag_ok"], t["diag"]), t["skipped"]))
    t = all_
    print("| all | %d | %s | %d | %s | %d |" % (t["plain"], pct(t["plain_ok"], t["plain"]), t["diag"], pct(t["diag_ok"], t["diag"]), t["skipped"]))
    if a.list_failures:
        for kind, label, why in failures:
            print("%s%s: %s" % (label, " (diagnostics)" if kind == "diag" else "", why))
    if a.histogram:
        for (kind, r), n in collections.Counter((k, reason(w)) for k, _, w in failures).most_common():
            print("%4d %-5s %s" % (n, kind, r))


if __name__ == "__main__":
    main()
