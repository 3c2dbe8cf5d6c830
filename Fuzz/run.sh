#!/usr/bin/env bash
# Builds the libFuzzer target for one decoder and runs it for N seconds over a seed corpus.
#
#   Fuzz/run.sh FORMAT SECONDS          e.g.  Fuzz/run.sh png 1200
#
# FORMAT is a folder of Fuzz/ (png today; each new decoder adds its own). The target is
# compiled with `swiftc -sanitize=fuzzer,address` from Fuzz/<FORMAT>/*.swift plus every source
# of Sources/Core and Sources/Codecs (one module, so `package` symbols are visible). Seeds are the vendored
# fixtures of that format (Tests/Fixtures/<format>/, read only). Everything the run produces
# goes under Fuzz/out/<format>/ (git-ignored):
#   corpus/     the corpus libFuzzer grows (kept between runs, so a second run resumes)
#   crashes/    crash-*, leak-*, timeout-*, oom-* inputs: the findings (empty = none)
#   fuzz.log    libFuzzer's output, with the final stats (execs, coverage)
# Extra arguments after SECONDS go to libFuzzer (e.g. -jobs=2 -workers=2, -max_len=65536).
# Replay one finding:  Fuzz/out/<format>/fuzz-<format> Fuzz/out/<format>/crashes/<file>
set -euo pipefail

format="${1:?usage: Fuzz/run.sh FORMAT SECONDS [libFuzzer flags...]}"
seconds="${2:?usage: Fuzz/run.sh FORMAT SECONDS [libFuzzer flags...]}"
shift 2
root="$(cd "$(dirname "$0")/.." && pwd)"
target_dir="$root/Fuzz/$(echo "$format" | tr '[:lower:]' '[:upper:]')"
[ -d "$target_dir" ] || { echo "no fuzz target in $target_dir" >&2; exit 2; }
seeds="$root/Tests/Fixtures/$format"
out="$root/Fuzz/out/$format"
binary="$out/fuzz-$format"
mkdir -p "$out/corpus" "$out/crashes"

echo "building $binary" >&2
mapfile -t sources < <(find "$root/Sources/Core" "$root/Sources/Codecs" "$target_dir" -name '*.swift' | sort)
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -module-name OspreyCore -package-name Osprey -swift-version 6 \
    "${sources[@]}" -o "$binary"

echo "fuzzing $format for $seconds s; findings go to $out/crashes/" >&2
set +e
"$binary" "$out/corpus" "$seeds" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$out/crashes/" -print_final_stats=1 "$@" 2>&1 | tee "$out/fuzz.log"
status=${PIPESTATUS[0]}
set -e
findings=$(find "$out/crashes" -type f | wc -l)
echo "exit status $status; $findings finding(s) in $out/crashes/" >&2
exit "$status"
