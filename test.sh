#!/usr/bin/env bash
# Runs the whole test suite: the library's net8.0, net9.0 and net10.0 builds (net8/net9 rolled forward onto the
# newest installed runtime) and its netstandard2.0 build (HdrHistogram.UnitTests.NetStandard), in Release.
# Results go to TestResults/ as TRX files; the last line is "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")"
export DOTNET_ROLL_FORWARD=Major DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

results=TestResults
rm -rf "$results"
dotnet test HdrHistogram.sln -c Release --logger "trx;LogFilePrefix=hdr" --results-directory "$results" "$@"
status=$?

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
