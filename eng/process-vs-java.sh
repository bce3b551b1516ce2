#!/usr/bin/env bash
# Times `hdr process` against Java's HistogramLogProcessor on a large real log, as whole processes, side by side.
#
#   eng/process-vs-java.sh [RUNS]      (default 7 runs of each, alternating; prints the medians and the ratio)
#
# The log: the public jHiccup 2.0.6 log of the unit-test fixtures (88 intervals) repeated 212 times with its
# timestamps moved on each time (18,656 intervals, about 2.6 MB). Both programs write -o output (per-interval log and
# .hgrm); the script checks that both outputs are identical before it reports a time. Needs Java and the OS package's
# HdrHistogram jar (apt-get install libhdrhistogram-java); users of the library never need either.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-7}"
jar="${HDR_JAVA_JAR:-/usr/share/java/hdrhistogram.jar}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

dotnet build "$root/HdrHistogram.Tool/HdrHistogram.Tool.csproj" -c Release -v quiet -nologo > "$work/build.log" || { cat "$work/build.log"; exit 1; }
tool="$root/HdrHistogram.Tool/bin/Release/net10.0/HdrHistogram.Tool.dll"

source_log="$root/HdrHistogram.UnitTests/Fixtures/java/real-logs/jHiccup-2.0.6.logV1.hlog"
log="$work/large.hlog"
awk -v copies=212 '
    /^#/ || /^"/ { if (!data) print; next }
    { data = 1; lines[n++] = $0 }
    END {
        for (c = 0; c < copies; c++)
            for (i = 0; i < n; i++) {
                split(lines[i], f, ",")
                rest = substr(lines[i], length(f[1]) + 2)
                printf "%.3f,%s\n", f[1] + c * 89.0, rest
            }
    }' "$source_log" > "$log"
intervals=$(grep -vc '^[#"]' "$log")
echo "log: $intervals intervals, $(wc -c < "$log") bytes"

seconds() { date +%s.%N; }
run_java() { java -cp "$jar" org.HdrHistogram.HistogramLogProcessor -i "$log" -o "$work/java" > /dev/null; }
run_ours() { dotnet "$tool" process -i "$log" -o "$work/ours" > /dev/null 2>&1; }

java_times=() ours_times=()
for ((r = 1; r <= runs; r++)); do
    t0=$(seconds); run_java; t1=$(seconds); run_ours; t2=$(seconds)
    java_times+=("$(echo "$t1 - $t0" | bc)") ours_times+=("$(echo "$t2 - $t1" | bc)")
    cmp -s "$work/java" "$work/ours" || { echo "per-interval output differs from Java's" >&2; diff "$work/java" "$work/ours" | head >&2; exit 1; }
    cmp -s "$work/java.hgrm" "$work/ours.hgrm" || { echo ".hgrm output differs from Java's" >&2; exit 1; }
done

median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
java_median=$(median "${java_times[@]}")
ours_median=$(median "${ours_times[@]}")
echo "runs: $runs each, alternating; outputs identical"
echo "java  HistogramLogProcessor ($(basename "$jar")): ${java_times[*]} s; median $java_median s"
echo "ours  hdr process:                 ${ours_times[*]} s; median $ours_median s"
echo "ratio (Java / ours): $(echo "scale=2; $java_median / $ours_median" | bc)x"
