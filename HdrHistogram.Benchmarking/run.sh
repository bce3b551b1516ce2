#!/usr/bin/env bash
# Runs the benchmarks (see README.md next to this script).
#
#   run.sh --quick [--build B]... [--no-build] [--filter GLOB]...
#                                       smoke check: every benchmark once, in process, its setup validating the result;
#                                       for the default library build, the library's netstandard2.0 build and the
#                                       program built against the HdrHistogram 2.5.0 package (its Versus250 suites);
#                                       --build (default, netstandard2.0 or package-2.5.0) picks some of them;
#                                       --no-build runs the default build's program as the Release build left it.
#   run.sh --full  [--group G]... [--filter GLOB]...   measured run; GitHub-markdown reports (with BenchmarkDotNet's
#                                       environment lines) go to results/<yyyy-MM-dd>/ (UTC date); what a claim cites
#                                       moves to a folder of its own there (results/README.md).
#
# --full uses ../.dotnet/dotnet (eng/setup-side-by-side-runtimes.sh) when present to run net8.0, net9.0 and net10.0
# jobs on their own runtimes, plus the netstandard2.0-library job; without it, net10.0 and the netstandard2.0-library
# job only (it says so, also in results/<date>/run-info.txt). The versus group (and --filter) adds a 2.5.0 job per
# runtime: the same program built against the HdrHistogram 2.5.0 package (-p:HdrBaseline=Package250), which runs the
# Versus250 suites; versus-2.5.0-*.md pairs each 2.5.0 job with ours on the same runtime. Without --filter, --full runs
# four groups, each a separate BenchmarkDotNet invocation whose reports are copied as soon as it ends:
#   versus         Versus250/* (ByteBuffer, leading zeros, recording, recorders, reset, queries, serialization, logs)
#                                                        every runtime + netstandard2.0 library + 2.5.0 per runtime
#   bits           LeadingZeroCount (hardware against the software variants)   every runtime + netstandard2.0 library
#   serialization  Serialization (this library's span API, every workload)      every runtime + netstandard2.0 library
#   recording      Recording, Recorder, ThreadSafeRecording, DoubleRecording, MetricsBridge, DoubleSerialization, Log, HistogramQuery
#                                                        net10.0 + netstandard2.0 library
# --group NAME (repeatable) runs only those groups. With --filter, one invocation of the matching benchmarks on every
# runtime. Arguments after `--` go to the benchmark
# program (e.g. --hdr-launches 4 --hdr-warmup 3 --hdr-iterations 10 --hdr-iteration-time-ms 200, --hdr-gc-server and
# --hdr-gc-retain-vm for every job alike, or BenchmarkDotNet options).
# Exits non-zero if anything fails to build, run or validate.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
cd "$root"
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

usage() {
    sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

mode=
filters=()
groups=()
builds=()
no_build=0
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) mode=quick ;;
        --full) mode=full ;;
        --build)
            [ $# -ge 2 ] || usage
            case "$2" in default|netstandard2.0|package-2.5.0) ;; *) echo "Unknown build: $2" >&2; usage ;; esac
            builds+=("$2")
            shift
            ;;
        --filter)
            [ $# -ge 2 ] || usage
            filters+=("$2")
            shift
            ;;
        --group)
            [ $# -ge 2 ] || usage
            case "$2" in versus|bits|serialization|recording) ;; *) echo "Unknown group: $2" >&2; usage ;; esac
            groups+=("$2")
            shift
            ;;
        --no-build) no_build=1 ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) usage ;;
        *) echo "Unknown argument: $1" >&2; usage ;;
    esac
    shift
done
[ -n "$mode" ] || usage

project=HdrHistogram.Benchmarking/HdrHistogram.Benchmarking.csproj
tfm=net10.0
start=$(date +%s)
status=0

filter_args() {
    if [ $# -gt 0 ]; then
        printf '%s\n' --filter "$@"
    fi
}

if [ "$mode" = quick ]; then
    artifacts="$(mktemp -d)"
    [ ${#filters[@]} -gt 0 ] || filters=('*')
    mapfile -t fargs < <(filter_args "${filters[@]}")
    # Build the three programs one after another (they share the library's outputs), then run them side by side: each
    # run is one in-process BenchmarkDotNet session that keeps about one core busy.
    declare -A dlls pids
    [ ${#builds[@]} -gt 0 ] || builds=(default netstandard2.0 package-2.5.0)
    for build in "${builds[@]}"; do
        if [ "$build" = default ]; then
            switch=()
            dll=HdrHistogram.Benchmarking/bin/Release/$tfm/HdrHistogram.Benchmarking.dll
        elif [ "$build" = package-2.5.0 ]; then
            switch=(-p:HdrBaseline=Package250)
            dll=HdrHistogram.Benchmarking/bin/Release/baseline-Package250/$tfm/HdrHistogram.Benchmarking.dll
        else
            switch=(-p:HdrLibraryBuild=$build)
            dll=HdrHistogram.Benchmarking/bin/Release/lib-$build/$tfm/HdrHistogram.Benchmarking.dll
        fi
        if [ "$build" = default ] && [ "$no_build" = 1 ] && [ -f "$dll" ]; then
            dlls[$build]=$dll
            continue
        fi
        echo "== quick: building the program for the $build library build"
        if ! DOTNET_ROLL_FORWARD=Major dotnet build "$project" -c Release -f "$tfm" "${switch[@]}" -nologo -v quiet > "$artifacts/$build.build.log" 2>&1; then
            cat "$artifacts/$build.build.log" >&2
            echo "== quick: build failed ($build library build)" >&2
            status=1
            continue
        fi
        dlls[$build]=$dll
    done
    for build in "${!dlls[@]}"; do
        dotnet "${dlls[$build]}" --hdr-quick "${fargs[@]}" --artifacts "$artifacts/$build" "${extra[@]}" \
            > "$artifacts/$build.log" 2>&1 &
        pids[$build]=$!
    done
    for build in "${builds[@]}"; do
        [ -n "${pids[$build]:-}" ] || continue
        echo "== quick: $build library build"
        # Long runs of BenchmarkDotNet's per-iteration lines are of no use here: keep the errors and the verdict.
        if ! wait "${pids[$build]}"; then
            grep -E "Exception|error|FAILED|failed|HdrHistogram.Benchmarking:" "$artifacts/$build.log" | head -60 >&2 || true
            echo "== quick: FAILED ($build library build); full log: $artifacts/$build.log" >&2
            status=1
        else
            grep -E "^// HdrHistogram.Benchmarking:" "$artifacts/$build.log" || true
        fi
    done
    echo "== quick: $([ $status -eq 0 ] && echo passed || echo FAILED) in $(( $(date +%s) - start )) s"
    [ $status -ne 0 ] || rm -rf "$artifacts"
    exit $status
fi

# --full
cli_args=()
if [ -x .dotnet/dotnet ]; then
    all_runtimes=net8.0,net9.0,net10.0
    cli_args=(--hdr-cli "$root/.dotnet/dotnet")
    note="Side by side: net8.0, net9.0 and net10.0 jobs on their own runtimes ($root/.dotnet/dotnet), plus the netstandard2.0-library job on net10.0."
else
    all_runtimes=net10.0
    note="No .dotnet/ (eng/setup-side-by-side-runtimes.sh not run): net10.0 and the netstandard2.0-library job only; net8.0 and net9.0 were NOT measured."
fi
# Arguments after `--` that narrow the jobs: the program obeys them, and run-info.txt must say so too.
for ((i = 0; i < ${#extra[@]}; i++)); do
    case "${extra[$i]}" in
        --hdr-runtimes)
            if [ $((i + 1)) -lt ${#extra[@]} ]; then
                all_runtimes="${extra[$((i + 1))]}"
                note="$note Narrowed after --: runtimes $all_runtimes."
            fi
            ;;
        --hdr-no-netstandard) note="$note Narrowed after --: no netstandard2.0-library job." ;;
        --hdr-no-package) note="$note Narrowed after --: no 2.5.0 jobs." ;;
    esac
done
echo "== full: $note"

day="$(date -u +%F)"
out="$here/results/$day"
mkdir -p "$out"
# Asked before run-info.txt is appended to, which would otherwise always count as an uncommitted change.
commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"
{
    echo "date (UTC): $(date -u '+%F %T')"
    echo "commit: $commit"
    printf 'command: HdrHistogram.Benchmarking/run.sh --full'
    for g in "${groups[@]}"; do printf ' --group %s' "$g"; done
    for f in "${filters[@]}"; do printf " --filter '%s'" "$f"; done
    [ ${#extra[@]} -eq 0 ] || printf ' -- %s' "${extra[*]}"
    echo
    echo "$note"
} >> "$out/run-info.txt"

# Builds the program once (BenchmarkDotNet builds each job's own project from it).
DOTNET_ROLL_FORWARD=Major dotnet build "$project" -c Release -f "$tfm" -nologo -v quiet
dll="$here/bin/Release/$tfm/HdrHistogram.Benchmarking.dll"

run_group() { # name runtimes package(yes|no) filter...
    local name=$1 runtimes=$2 package=$3
    shift 3
    local package_args=()
    [ "$package" = yes ] || package_args=(--hdr-no-package)
    local artifacts="$root/BenchmarkDotNet.Artifacts/$name"
    rm -rf "$artifacts"
    local t0
    t0=$(date +%s)
    echo "== full: $name on $runtimes + netstandard2.0 library$([ "$package" = yes ] && echo ' + 2.5.0') ($*)"
    local rc=0
    # The program runs from the repository root; every job builds and runs through the same CLI.
    dotnet "$dll" --hdr-full --hdr-runtimes "$runtimes" "${cli_args[@]}" "${package_args[@]}" --filter "$@" --artifacts "$artifacts" \
        "${extra[@]}" || rc=$?
    if compgen -G "$artifacts/results/*" > /dev/null; then
        cp "$artifacts"/results/*-report-github.md "$out"/ 2>/dev/null || true
        cp "$artifacts"/results/versus-2.5.0-*.md "$out"/ 2>/dev/null || true
    fi
    echo "group $name: runtimes $runtimes + netstandard2.0 library$([ "$package" = yes ] && echo ' + 2.5.0'), exit $rc, $(( $(date +%s) - t0 )) s" >> "$out/run-info.txt"
    echo "== full: $name exit $rc in $(( $(date +%s) - t0 )) s; reports in $out"
    return $rc
}

if [ ${#filters[@]} -gt 0 ]; then
    run_group filtered "$all_runtimes" yes "${filters[@]}" || status=1
else
    [ ${#groups[@]} -gt 0 ] || groups=(versus bits serialization recording)
    selected() { [[ " ${groups[*]} " == *" $1 "* ]]; }
    ! selected versus || run_group versus "$all_runtimes" yes '*.Versus250.*' || status=1
    ! selected bits || run_group bits "$all_runtimes" no '*.LeadingZeroCountBenchmark.*' || status=1
    ! selected serialization || run_group serialization "$all_runtimes" no '*.SerializationBenchmark.*' || status=1
    ! selected recording || run_group recording net10.0 no '*.RecordingBenchmark.*' '*.ConcurrentTotalCountBenchmark.*' '*.RecorderBenchmark.*' '*.ThreadSafeRecordingBenchmark.*' '*.DoubleRecordingBenchmark.*' \
        '*.MetricsBridgeBenchmark.*' '*.DoubleSerializationBenchmark.*' '*.LogBenchmarks.*' '*.HistogramQueryBenchmark.*' || status=1
fi
echo "== full: $([ $status -eq 0 ] && echo passed || echo FAILED) in $(( $(date +%s) - start )) s; reports in $out"
exit $status
