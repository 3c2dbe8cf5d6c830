#!/usr/bin/env bash
# Builds the libFuzzer target for one decoder and runs it for N seconds over a seed corpus.
#
#   Fuzz/run.sh FORMAT SECONDS          e.g.  Fuzz/run.sh png 1200
#
# FORMAT is a folder of Fuzz/ (png, jpeg, gif; each new decoder adds its own). The target is
# compiled with `swiftc -sanitize=fuzzer,address` from Fuzz/<FORMAT>/*.swift, the shared
# checks in Fuzz/Common and every source of Sources/Codecs, as module OspreyCodecs over a
# static OspreyCore (so codec internals are visible and no SwiftPM build is needed). Seeds are the vendored
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
# A folder named in mixed case (Fuzz/WebP) is found too.
[ -d "$target_dir" ] || target_dir="$(find "$root/Fuzz" -maxdepth 1 -type d -iname "$format" | head -1)"
[ -n "$target_dir" ] || target_dir="$root/Fuzz/$format"
[ -d "$target_dir" ] || { echo "no fuzz target in $target_dir" >&2; exit 2; }
[ "$(basename "$target_dir")" != "Common" ] || { echo "Fuzz/Common holds the checks every target shares; name a format" >&2; exit 2; }
# Fixture folders are lower case (Tests/Fixtures/png), whatever case the format was given in.
format="$(echo "$format" | tr '[:upper:]' '[:lower:]')"
seeds="${FUZZ_SEEDS:-$root/Tests/Fixtures/$format}"   # FUZZ_SEEDS: another seed folder
# A target whose seeds are cut out of other fixtures (webplossy: the VP8 chunks of lossy WebPs)
# makes them with its make-seeds.py, when no seed folder was named and the fixtures have none.
if [ -z "${FUZZ_SEEDS:-}" ] && [ ! -d "$seeds" ] && [ -f "$target_dir/make-seeds.py" ]; then
    python3 "$target_dir/make-seeds.py" >&2
    seeds="$root/Fuzz/out/$format/seeds"
fi
out="$root/Fuzz/out/$format"
binary="$out/fuzz-$format"
mkdir -p "$out/corpus" "$out/crashes"

echo "building $binary" >&2
# Two modules, as in the package: OspreyCore as a static library, then OspreyCodecs with the
# shared checks and the target compiled into the fuzzer binary (so codec internals are visible).
mapfile -t core < <(find "$root/Sources/Core" -name '*.swift' | sort)
mapfile -t codecs < <(find "$root/Sources/Codecs" "$root/Fuzz/Common" "$target_dir" -name '*.swift' | sort)
flags=(-sanitize=fuzzer,address -parse-as-library -O -g -package-name Osprey -swift-version 6)
mkdir -p "$out/modules"
swiftc "${flags[@]}" -module-name OspreyCore -emit-module -emit-module-path "$out/modules/OspreyCore.swiftmodule" \
    -emit-library -static "${core[@]}" -o "$out/libOspreyCore.a"
swiftc "${flags[@]}" -module-name OspreyCodecs -I "$out/modules" "${codecs[@]}" "$out/libOspreyCore.a" -o "$binary"

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
