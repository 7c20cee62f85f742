#!/usr/bin/env bash
# fetch-cuda.sh: fetches what a `go build -tags cuda` of sp (runtime/cuda,
# cmd/sp-run) needs to compile and link, without installing CUDA: CUDA
# 11.8's cuda.h and the stub libcuda.so, extracted from Debian bookworm's
# non-free nvidia-cuda-dev package into a cache directory. gorgonia.org/cu
# v0.9.6 compiles against 11.8's cuda.h (not CUDA 13's). At run time the
# binary uses the machine's real driver (libcuda.so.1).
#
# Usage:
#   eval "$(scripts/fetch-cuda.sh)"        # sets CGO_CFLAGS and CGO_LDFLAGS
#   go build -tags cuda -o sp-run ./cmd/sp-run
#
# Environment:
#   SP_CACHE     cache root (default ~/.cache/sp); files go to $SP_CACHE/cuda-11.8-dev
#   SP_CUDA_DEB  an already downloaded nvidia-cuda-dev_11.8*.deb to use instead
#                of apt-get download (e.g. /tmp/cuda118/nvidia-cuda-dev_11.8.89~11.8.0-5~deb12u1_amd64.deb)
# Prints the two export lines on stdout; progress goes to stderr.
set -euo pipefail
cache=${SP_CACHE:-$HOME/.cache/sp}
dir="$cache/cuda-11.8-dev"
inc="$dir/usr/include"
stubs="$dir/usr/lib/x86_64-linux-gnu/stubs"

if [ ! -f "$inc/cuda.h" ] || [ ! -e "$stubs/libcuda.so" ]; then
  mkdir -p "$dir"
  deb=${SP_CUDA_DEB:-}
  if [ -z "$deb" ]; then
    deb=$(ls "$cache"/nvidia-cuda-dev_11.8*.deb 2>/dev/null | head -n1 || true)
  fi
  if [ -z "$deb" ]; then
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO=sudo
    # Debian non-free, as scripts/install-deps.sh adds it.
    if ! grep -rqs 'non-free' /etc/apt/sources.list /etc/apt/sources.list.d/; then
      $SUDO tee /etc/apt/sources.list.d/sp-nonfree.sources >/dev/null <<'SRC'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: contrib non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    fi
    $SUDO apt-get update -q >&2
    (cd "$cache" && apt-get download -q nvidia-cuda-dev >&2)
    deb=$(ls "$cache"/nvidia-cuda-dev_*.deb | head -n1)
  fi
  echo "fetch-cuda: extracting cuda.h and stubs/libcuda.so from $deb" >&2
  dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir" ./usr/include/cuda.h ./usr/lib/x86_64-linux-gnu/stubs/libcuda.so
  grep -q 'define CUDA_VERSION 11080' "$inc/cuda.h" || echo "fetch-cuda: warning: $inc/cuda.h is not CUDA 11.8's; gorgonia.org/cu v0.9.6 may not compile" >&2
fi
echo "export CGO_CFLAGS=\"-I$inc\""
echo "export CGO_LDFLAGS=\"-L$stubs\""
