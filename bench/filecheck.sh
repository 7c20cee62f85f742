#!/usr/bin/env bash
# Times sp's cmd/filecheck beside LLVM FileCheck-14 on the generated
# 50,000-line input with 5,000 checks (the files BenchmarkFileCheck50k
# uses). Uses hyperfine when installed, else RUNS timed runs each and
# prints the median wall time.
#
#   bench/filecheck.sh            # from the repository root
#   RUNS=21 bench/filecheck.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-11}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go run ./filecheck/internal/gen -bench "$work"
go build -o "$work/filecheck" ./cmd/filecheck
llvm=$(command -v FileCheck-14 || command -v FileCheck || true)
[ -n "$llvm" ] || { echo "FileCheck-14 not found" >&2; exit 1; }

go_cmd=("$work/filecheck" "$work/check.txt" --input-file "$work/input.txt")
llvm_cmd=("$llvm" "$work/check.txt" --input-file "$work/input.txt")
"${go_cmd[@]}" && "${llvm_cmd[@]}" || { echo "a checker failed on the benchmark files" >&2; exit 1; }

echo "input: $(wc -l <"$work/input.txt") lines, $(wc -c <"$work/input.txt") bytes; checks: $(grep -c CHECK "$work/check.txt")"
if command -v hyperfine >/dev/null; then
	hyperfine -w 2 -r "$RUNS" -n sp-filecheck "${go_cmd[*]}" -n FileCheck-14 "${llvm_cmd[*]}"
	exit
fi

# median_ms CMD...: run CMD $RUNS times, print the median wall time in ms.
median_ms() {
	local times=() i s e
	"$@" >/dev/null 2>&1 # warm-up
	for ((i = 0; i < RUNS; i++)); do
		s=$(date +%s%N)
		"$@" >/dev/null 2>&1
		e=$(date +%s%N)
		times+=($(((e - s) / 1000000)))
	done
	printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((RUNS + 1) / 2))p"
}

printf '%-14s median of %d runs: %s ms\n' sp-filecheck "$RUNS" "$(median_ms "${go_cmd[@]}")"
printf '%-14s median of %d runs: %s ms\n' FileCheck-14 "$RUNS" "$(median_ms "${llvm_cmd[@]}")"
