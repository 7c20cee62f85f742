#!/usr/bin/env bash
# parser.sh: times sp-opt beside mlir-opt-14 on the same generated
# 200,000-op generic-form module (parse, verify, print to /dev/null),
# interleaving the two tools run by run so that load from other jobs on a
# shared machine hits both alike.
#   RUNS=5 N=200000 KIND=triton bash bench/parser.sh
# KIND=triton (default): registered tt/arith/scf ops with a location each,
# as Triton's debug-info dumps; KIND=test: unregistered test.* ops.
# For each tool it prints the min and median over RUNS runs of the wall
# time, the CPU time (user + sys) and the peak RSS (GNU time's %M), and
# the ratios of the medians.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
n=${N:-200000}
kind=${KIND:-triton}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
command -v /usr/bin/time >/dev/null || { echo "parser.sh needs GNU time (/usr/bin/time)"; exit 1; }
go build -o "$tmp/sp-opt" ./cmd/sp-opt
go run ./bench/gen-module -kind "$kind" -n "$n" > "$tmp/m.mlir"
echo "module: $n ops ($kind), $(wc -c < "$tmp/m.mlir") bytes; $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg); $runs interleaved runs"

sp=("$tmp/sp-opt" --allow-unregistered-dialect "$tmp/m.mlir" -o /dev/null)
tools=(sp-opt)
if command -v mlir-opt-14 >/dev/null; then
  mlir=(mlir-opt-14 --allow-unregistered-dialect "$tmp/m.mlir" -o /dev/null)
  tools+=(mlir-opt-14)
else
  echo "mlir-opt-14 not found (bash scripts/install-deps.sh installs it)"
fi

one() { # tool: appends "wall_ms cpu_ms rss_kb" to $tmp/<tool>
  local t=$1 cmd
  if [ "$t" = sp-opt ]; then cmd=("${sp[@]}"); else cmd=("${mlir[@]}"); fi
  if ! /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "${cmd[@]}" > /dev/null; then
    echo "$t failed on the module"; exit 1
  fi
  tail -1 "$tmp/time" | awk '{printf "%d %d %d\n", $1*1000, ($2+$3)*1000, $4}' >> "$tmp/res.$t"
}

for t in "${tools[@]}"; do one "$t"; : > "$tmp/res.$t"; done # warm-up (page cache)
for _ in $(seq "$runs"); do
  for t in "${tools[@]}"; do one "$t"; done
done

stats() { # file column -> "min median"
  cut -d' ' -f"$2" "$1" | sort -n | awk '{a[NR]=$1} END {print a[1], a[int((NR+1)/2)]}'
}
printf '%-12s %19s %19s %21s\n' tool "wall ms (min/med)" "cpu ms (min/med)" "peak RSS MB (min/med)"
for t in "${tools[@]}"; do
  read -r wmin wmed < <(stats "$tmp/res.$t" 1)
  read -r cmin cmed < <(stats "$tmp/res.$t" 2)
  read -r rmin rmed < <(stats "$tmp/res.$t" 3)
  printf '%-12s %9d %9d %9d %9d %10.1f %10.1f\n' "$t" "$wmin" "$wmed" "$cmin" "$cmed" "$(echo "$rmin/1024" | bc -l)" "$(echo "$rmed/1024" | bc -l)"
  echo "$wmed $cmed $rmed" > "$tmp/res.$t.med"
done
if [ -f "$tmp/res.mlir-opt-14.med" ]; then
  read -r sw sc sr < "$tmp/res.sp-opt.med"
  read -r mw mc mr < "$tmp/res.mlir-opt-14.med"
  awk -v sw="$sw" -v sc="$sc" -v sr="$sr" -v mw="$mw" -v mc="$mc" -v mr="$mr" \
    'BEGIN {printf "sp-opt / mlir-opt-14 (medians): wall %.2f, cpu %.2f, peak RSS %.2f\n", sw/mw, sc/mc, sr/mr}'
fi
