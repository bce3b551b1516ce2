#!/usr/bin/env bash
# Runs the whole test suite: the library's net8.0, net9.0 and net10.0 builds and its netstandard2.0 build
# (HdrHistogram.UnitTests.NetStandard), in Release. Results go to TestResults/ as TRX files; the last line is
# "N passed, N failed".
#
# By default net8.0 and net9.0 roll forward onto the newest installed runtime (one `dotnet test` of the solution).
# Side by side, each of them runs on its own runtime instead (asserted by RuntimeTests through
# HDR_EXPECT_RUNTIME_MAJOR), net10.0 and the netstandard2.0 suite as before:
#   - automatically when .dotnet/ exists (made by eng/setup-side-by-side-runtimes.sh), using that dotnet root;
#   - with HDR_SIDE_BY_SIDE=1 and no .dotnet/, using the dotnet on PATH (a machine with .NET 8 and 9 installed);
#   - never with HDR_SIDE_BY_SIDE=0.
set -uo pipefail
cd "$(dirname "$0")"
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

side_by_side=0
case "${HDR_SIDE_BY_SIDE:-}" in
    0) ;;
    1) side_by_side=1 ;;
    "") [ -x .dotnet/dotnet ] && side_by_side=1 ;;
    *) echo "HDR_SIDE_BY_SIDE must be 0 or 1." >&2; exit 2 ;;
esac
results=TestResults
rm -rf "$results"
status=0

if [ "$side_by_side" -eq 0 ]; then
    export DOTNET_ROLL_FORWARD=Major
    dotnet test HdrHistogram.sln -c Release --logger "trx;LogFilePrefix=hdr" --results-directory "$results" "$@"
    status=$?
else
    no_build=0
    for arg in "$@"; do [ "$arg" = "--no-build" ] && no_build=1; done
    build_flag=()
    if [ "$no_build" -eq 0 ]; then
        # Built by the dotnet on PATH, as the default mode and .ci/run do: building through .dotnet/ would change the
        # SDK's path and so recompile everything each time the mode changes.
        DOTNET_ROLL_FORWARD=Major dotnet build HdrHistogram.sln -c Release || status=$?
        build_flag=(--no-build)
    fi
    if [ -x .dotnet/dotnet ]; then
        DOTNET_ROOT="$(pwd)/.dotnet"
        export DOTNET_ROOT PATH="$DOTNET_ROOT:$PATH"
    fi
    echo "Side by side: net8.0 and net9.0 on their own runtimes ($(command -v dotnet))."
    if [ "$status" -eq 0 ]; then
        # project, target framework, expected runtime major ("-": not checked), roll-forward policy.
        # LatestPatch: fail to start rather than roll forward when the runtime is missing.
        while read -r project tfm major policy <&3; do
            [ "$major" = - ] && major=
            echo "== $project $tfm (roll forward: $policy${major:+, expecting .NET $major})"
            HDR_EXPECT_RUNTIME_MAJOR=$major DOTNET_ROLL_FORWARD=$policy \
                dotnet test "$project" -c Release -f "$tfm" "${build_flag[@]}" \
                --logger "trx;LogFilePrefix=hdr-$(basename "$project" .csproj)" --results-directory "$results" "$@" \
                || {
                    status=$?
                    if [ -n "$major" ]; then
                        echo "$tfm failed on .NET $major; if its test host did not start, .NET $major is not in $(dirname "$(command -v dotnet)"): run eng/setup-side-by-side-runtimes.sh" >&2
                    fi
                }
        done 3<<'RUNS'
HdrHistogram.UnitTests/HdrHistogram.UnitTests.csproj net8.0 8 LatestPatch
HdrHistogram.UnitTests/HdrHistogram.UnitTests.csproj net9.0 9 LatestPatch
HdrHistogram.UnitTests/HdrHistogram.UnitTests.csproj net10.0 - Major
HdrHistogram.UnitTests.NetStandard/HdrHistogram.UnitTests.NetStandard.csproj net10.0 - Major
RUNS
    fi
fi

passed=0
failed=0
shopt -s nullglob
for trx in "$results"/*.trx; do
    counters=$(grep -o '<Counters [^>]*>' "$trx" | head -n 1)
    p=$(sed -n 's/.* passed="\([0-9]*\)".*/\1/p' <<<"$counters")
    f=$(sed -n 's/.* failed="\([0-9]*\)".*/\1/p' <<<"$counters")
    passed=$((passed + ${p:-0}))
    failed=$((failed + ${f:-0}))
done

if [ "$passed" -eq 0 ] && [ "$status" -eq 0 ]; then
    echo "No test results were found in $results." >&2
    status=1
fi

echo "$passed passed, $failed failed"
exit "$status"
