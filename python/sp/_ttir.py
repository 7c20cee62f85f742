"""Small textual edits of Triton TTIR before sp-opt sees it.

The user's kernel carries one metadata pointer per sparse operand (plain
Triton ignores it). decompose-sparse-tensors inserts the metadata parameter
right after its values parameter, so the kernel's own (unused) metadata
parameter is dropped from the signature: the PTX then has exactly the
parameters, in the order, that Triton's launcher passes.
"""
import re


def _signature(ttir, entry):
    """(start, end) of the text between the parentheses of entry's tt.func."""
    m = re.search(r"tt\.func\s+(?:public\s+)?@" + re.escape(entry) + r"\s*\(", ttir)
    if m is None:
        raise ValueError(f"no tt.func @{entry} in the TTIR")
    depth, i = 1, m.end()
    quoted = False
    while i < len(ttir):
        ch = ttir[i]
        if ch == '"' and ttir[i - 1] != "\\":
            quoted = not quoted
        elif not quoted and ch in "([{<":
            depth += 1
        elif not quoted and ch in ")]}>":
            depth -= 1
            if depth == 0:
                return m.end(), i
        i += 1
    raise ValueError(f"unbalanced signature of tt.func @{entry}")


def _split(params):
    out, depth, start, quoted = [], 0, 0, False
    for i, ch in enumerate(params):
        if ch == '"' and (i == 0 or params[i - 1] != "\\"):
            quoted = not quoted
        elif not quoted and ch in "([{<":
            depth += 1
        elif not quoted and ch in ")]}>":
            depth -= 1
        elif not quoted and ch == "," and depth == 0:
            out.append(params[start:i])
            start = i + 1
    if params[start:].strip():
        out.append(params[start:])
    return out


def _param_name(p):
    """The argument's name: its loc("name") when present, else its SSA name."""
    loc = re.search(r'loc\("([^"]+)"', p)
    if loc:
        return loc.group(1)
    ssa = re.match(r"\s*%([\w$.-]+)", p)
    return ssa.group(1) if ssa else ""


def param_names(ttir, entry):
    s, e = _signature(ttir, entry)
    return [_param_name(p) for p in _split(ttir[s:e])]


def drop_metadata_params(ttir, entry, pairs):
    """Removes the metadata parameter of every (sparse, meta) pair from entry's
    signature. The metadata parameter must directly follow its sparse operand
    and must be unused by the kernel."""
    s, e = _signature(ttir, entry)
    params = _split(ttir[s:e])
    names = [_param_name(p) for p in params]
    drop = set()
    for sparse, meta in pairs:
        for n in (sparse, meta):
            if n not in names:
                raise ValueError(f"@{entry} has no parameter {n!r} (parameters: {', '.join(names)})")
        i, j = names.index(sparse), names.index(meta)
        if j != i + 1:
            raise ValueError(f"@{entry}: metadata parameter {meta!r} must directly follow its sparse operand {sparse!r}")
        ssa = re.match(r"\s*(%[\w$.-]+)", params[j])
        body = ttir[e:]
        if ssa and re.search(re.escape(ssa.group(1)) + r"(?![\w$.-])", body):
            raise ValueError(f"@{entry}: the kernel reads {meta!r}; sp supplies the metadata to the sparse "
                             f"tt.dot itself, so the kernel must leave {meta!r} unused")
        drop.add(j)
    kept = ",".join(p for k, p in enumerate(params) if k not in drop)
    if kept.startswith(" ") is False and params and params[0].startswith(" "):
        kept = " " + kept
    return ttir[:s] + kept.lstrip(" ") + ttir[e:]


def entry_name(ttir):
    m = re.search(r"tt\.func\s+public\s+@([\w$.-]+)", ttir)
    if m is None:
        raise ValueError("no public tt.func in the TTIR")
    return m.group(1)
