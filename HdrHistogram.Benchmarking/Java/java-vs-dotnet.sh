#!/usr/bin/env bash
# The Versus250 operations on this library (.NET 10) against the same operations on Java's HdrHistogram, each timed
# by the same loop (JavaBench.java and Infrastructure/JavaComparison.cs: a second of warm-up, batches of about 200 ms,
# the median batch), the two programs run alternately ROUNDS times (each recording operation in a process of its own);
# prints the median of the rounds per operation and the ratio Java / ours (higher is better: above 1 means this library
# is faster), then each round's times and ratio and the spread of each side's times ((max - min) / median).
#
#   HdrHistogram.Benchmarking/Java/java-vs-dotnet.sh [ROUNDS]     (default 3)
#
# HDR_ROUNDS_DIR=DIR keeps each round's raw output (java.N, dotnet.N: name<TAB>ns per operation) in DIR.
#
# Needs Java 11+ and the OS package's HdrHistogram jar (apt-get install libhdrhistogram-java, or HDR_JAVA_JAR=...);
# users of the library never need either. The recorded values come from each platform's own Random, with the same
# distribution; the serialization and log inputs are the same files (Workloads/). Both run with their runtime's default
# settings; DOTNET_GC* environment variables (e.g. DOTNET_GCLOHThreshold=0x200000, the runtime's System.GC.LOHThreshold,
# set to Java G1's humongous-object threshold here) reach the .NET side only, and the output lists them.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
bench="$(dirname "$here")"
root="$(dirname "$bench")"
rounds="${1:-3}"
jar="${HDR_JAVA_JAR:-/usr/share/java/hdrhistogram.jar}"
[ -f "$jar" ] || { echo "No HdrHistogram jar at $jar (apt-get install libhdrhistogram-java)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

DOTNET_ROLL_FORWARD=Major dotnet build "$bench/HdrHistogram.Benchmarking.csproj" -c Release -f net10.0 -nologo -v quiet > "$work/build.log" \
    || { cat "$work/build.log"; exit 1; }
dll="$bench/bin/Release/net10.0/HdrHistogram.Benchmarking.dll"
# Compiled once (not source-launched each round), so no round pays for javac.
javac -d "$work/classes" -cp "$jar" "$here/JavaBench.java"

echo "java: $(java -version 2>&1 | head -1); jar: $(readlink -f "$jar")"
echo "dotnet: $(dotnet --version) SDK; $(uname -srm); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores"
echo "java GC: $(java -XX:+PrintFlagsFinal -version 2>/dev/null | awk '$2 == "G1HeapRegionSize" || $2 == "MaxHeapSize" { printf "%s=%s ", $2, $4 }')"
gc_settings="$(env | grep '^DOTNET_GC' | sort | tr '\n' ' ' || true)"
echo "dotnet GC settings: ${gc_settings:-none, the runtime defaults}"
# The recording operations run one per process on both sides (a process that records into several histogram types in
# turn measures the later ones through calls its JIT specialized for the first); the rest in one process each.
recording="Record.LongHistogram Record.IntHistogram Record.ShortHistogram Record.LongConcurrentHistogram Record.PackedHistogram Record.PackedConcurrentHistogram Record.Recorder Record.SingleWriterRecorder"
for ((r = 1; r <= rounds; r++)); do
    for part in skip=Record. $(printf 'only=%s ' $recording); do
        java -cp "$jar:$work/classes" JavaBench "$bench/Workloads" "$part" >> "$work/java.$r" 2>> "$work/java.$r.err" \
            || { cat "$work/java.$r.err" >&2; exit 1; }
        dotnet "$dll" --hdr-java-compare "$part" >> "$work/dotnet.$r" 2>> "$work/dotnet.$r.err" \
            || { cat "$work/dotnet.$r" "$work/dotnet.$r.err" >&2; exit 1; }
    done
done
grep -m1 '^# ' "$work/dotnet.1"
sort -u "$work/java.1.err" | sed 's/^/java: /'
if [ -n "${HDR_ROUNDS_DIR:-}" ]; then
    mkdir -p "$HDR_ROUNDS_DIR"
    for ((r = 1; r <= rounds; r++)); do cp "$work/java.$r" "$work/dotnet.$r" "$HDR_ROUNDS_DIR/"; done
fi

# Median of the rounds per operation, then the ratio; a .NET name "X (how)" is compared with Java's "X".
awk -F'\t' -v rounds="$rounds" '
    function median(list,   n, a, i, j, t) {
        n = split(list, a, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
        return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function spread(list,   n, a, i, lo, hi) {
        n = split(list, a, " "); lo = a[1] + 0; hi = a[1] + 0
        for (i = 2; i <= n; i++) { if (a[i] + 0 < lo) lo = a[i] + 0; if (a[i] + 0 > hi) hi = a[i] + 0 }
        return 100 * (hi - lo) / median(list)
    }
    FNR == 1 { side = (FILENAME ~ /java\./) ? "java" : "dotnet"; round = FILENAME; sub(/.*\./, "", round) }
    /^#/ || /^\/\// { next }
    side == "java" { java[$1] = java[$1] " " $2; javaRound[$1, round] = $2; next }
    { if (!($1 in seen)) { order[++count] = $1; seen[$1] = 1 } dotnet[$1] = dotnet[$1] " " $2; dotnetRound[$1, round] = $2 }
    END {
        printf "%-62s %12s %12s %10s\n", "operation (ns per operation, median of " rounds " rounds)", "Java", "ours", "Java/ours"
        slower = 0
        for (i = 1; i <= count; i++) {
            name = order[i]; base = name; sub(/ \(.*\)$/, "", base)
            ours = median(dotnet[name])
            if (base in java) {
                j = median(java[base]); ratio = j / ours
                if (ratio < 1) slower++
                printf "%-62s %12.3f %12.3f %9.2fx%s\n", name, j, ours, ratio, ratio < 1 ? "  SLOWER" : ""
            } else {
                printf "%-62s %12s %12.3f %10s\n", name, "-", ours, "-"
            }
        }
        printf "operations slower than Java: %d\n", slower
        printf "\nper round: Java ns / ours ns = Java/ours; spread = (max - min) / median of the %d rounds of each side\n", rounds
        for (i = 1; i <= count; i++) {
            name = order[i]; base = name; sub(/ \(.*\)$/, "", base)
            line = sprintf("%-62s", name)
            for (r = 1; r <= rounds; r++) {
                if ((base, r) in javaRound) {
                    line = line sprintf("  %s/%s=%.2fx", javaRound[base, r], dotnetRound[name, r], javaRound[base, r] / dotnetRound[name, r])
                } else {
                    line = line sprintf("  -/%s", dotnetRound[name, r])
                }
            }
            line = line sprintf("  spread ours %.0f%%", spread(dotnet[name]))
            if (base in java) line = line sprintf(", Java %.0f%%", spread(java[base]))
            print line
        }
    }' $(for ((r = 1; r <= rounds; r++)); do echo "$work/java.$r"; done) $(for ((r = 1; r <= rounds; r++)); do echo "$work/dotnet.$r"; done)
