#!/usr/bin/env bash
# install-deps.sh: installs what sp's tests use besides Go, on Debian bookworm:
#   FileCheck-14 (llvm-14-tools) and mlir-opt-14 (mlir-14-tools): differential
#   tests and side-by-side benchmarks; chromium: the --dump-pass-html test;
#   ptxas and cuobjdump from CUDA 11.8 (Debian non-free nvidia-cuda-toolkit,
#   unpacked with dpkg -x, not installed): every PTX the tests emit is
#   assembled for sm_80 and sm_90; ptxas and cuobjdump from CUDA 12.4.131
#   (Debian trixie non-free nvidia-cuda-toolkit, also unpacked with dpkg -x,
#   never installed) for sm_90a (wgmma, TMA; PTX ISA <= 8.4); python3-numpy
#   and python3-pytest for the Python package's tests.
# The trixie package is fetched through a private apt configuration under
# $SP_CACHE/apt-trixie whose only source is trixie non-free: the system's
# apt never lists trixie, so `apt-get install` keeps picking bookworm.
# Prints SP_PTXAS_SM90A=<12.4's ptxas> on the line before the last, and the
# PATH entry to add (11.8's ptxas directory, the default) on its last line.
set -euo pipefail
cache=${SP_CACHE:-$HOME/.cache/sp}
mkdir -p "$cache"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo

need=()
command -v FileCheck-14 >/dev/null || need+=(llvm-14-tools)
command -v mlir-opt-14 >/dev/null || need+=(mlir-14-tools)
command -v chromium >/dev/null || need+=(chromium)
# The Python package's tests (python/tests): Debian's numpy and pytest.
python3 -c 'import numpy' 2>/dev/null || need+=(python3-numpy)
python3 -c 'import pytest' 2>/dev/null || need+=(python3-pytest)

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
# CUDA 12.4's ptxas for sm_90a, beside (not instead of) 11.8's.
cuda124="$cache/cuda-12.4"
ptxas124="$cuda124/usr/bin/ptxas"
deb124="nvidia-cuda-toolkit=12.4.131~12.4.1-2"
if [ ! -x "$ptxas124" ]; then
  apt124="$cache/apt-trixie"
  mkdir -p "$apt124/lists/partial" "$apt124/archives/partial" "$apt124/deb"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie non-free" >"$apt124/sources.list"
  aptopts=(-o "Dir::Etc::SourceList=$apt124/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$apt124/lists" -o "Dir::Cache=$apt124")
  [ "$(id -u)" != 0 ] || aptopts+=(-o APT::Sandbox::User=root) # root downloads into the cache itself
  apt-get "${aptopts[@]}" update -q >&2
  (cd "$apt124/deb" && apt-get "${aptopts[@]}" download -q "$deb124" >&2)
  mkdir -p "$cuda124"
  dpkg -x "$apt124"/deb/nvidia-cuda-toolkit_12.4.131*.deb "$cuda124"
  rm -rf "$apt124/deb"
  case "$("$ptxas124" --version)" in
    *V12.4.131*) ;;
    *) echo "install-deps: $ptxas124 is not CUDA 12.4.131's ptxas" >&2; exit 1 ;;
  esac
fi
if [ ${#need[@]} -gt 0 ]; then
  [ -n "${updated:-}" ] || $SUDO apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${need[@]}" >&2
fi
echo "SP_PTXAS_SM90A=$ptxas124"
if command -v ptxas >/dev/null; then
  dirname "$(command -v ptxas)"
else
  echo "$ptxdir"
fi
