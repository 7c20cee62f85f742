#!/usr/bin/env bash
# install-deps.sh: installs what sp's tests use besides Go, on Debian bookworm:
#   FileCheck-14 (llvm-14-tools) and mlir-opt-14 (mlir-14-tools): differential
#   tests and side-by-side benchmarks; chromium: the --dump-pass-html test;
#   ptxas and cuobjdump from CUDA 11.8 (Debian non-free nvidia-cuda-toolkit,
#   unpacked with dpkg -x, not installed): every PTX the tests emit is
#   assembled for sm_80 and sm_90.
# Prints the PATH entries to add (the ptxas directory) on its last line.
set -euo pipefail
cache=${SP_CACHE:-$HOME/.cache/sp}
mkdir -p "$cache"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo

need=()
command -v FileCheck-14 >/dev/null || need+=(llvm-14-tools)
command -v mlir-opt-14 >/dev/null || need+=(mlir-14-tools)
command -v chromium >/dev/null || need+=(chromium)

nonfree=/etc/apt/sources.list.d/sp-nonfree.sources
add_nonfree() {
  grep -rqs 'non-free' /etc/apt/sources.list /etc/apt/sources.list.d/ && return 0
  $SUDO tee "$nonfree" >/dev/null <<'SRC'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: contrib non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
}

ptxdir="$cache/cuda-11.8/usr/bin"
if ! command -v ptxas >/dev/null && [ ! -x "$ptxdir/ptxas" ]; then
  add_nonfree
  updated=1
  $SUDO apt-get update -q >&2
  tmp=$(mktemp -d)
  (cd "$tmp" && apt-get download -q nvidia-cuda-toolkit >&2)
  mkdir -p "$cache/cuda-11.8"
  dpkg -x "$tmp"/nvidia-cuda-toolkit_*.deb "$cache/cuda-11.8"
  rm -rf "$tmp"
fi
if [ ${#need[@]} -gt 0 ]; then
  [ -n "${updated:-}" ] || $SUDO apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${need[@]}" >&2
fi
if command -v ptxas >/dev/null; then
  dirname "$(command -v ptxas)"
else
  echo "$ptxdir"
fi
