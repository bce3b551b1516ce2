#!/usr/bin/env bash
# Runs the test suite in Release and ends with a line per test project and the line "N passed, N failed, N skipped"
# (counted from the TRX files in TestResults/ by eng/test-summary.sh); exits non-zero on any failure, and under CI
# (CI=true) also on a skipped test that eng/allowed-skips.txt does not list or a test project that executed no test.
#
#   - every test project of the solution on net10.0, in one `dotnet test` of the solution (nothing lists them: a new
#     test project is picked up once it is in HdrHistogram.sln), including HdrHistogram.UnitTests.NetStandard, the unit
#     tests against the library's netstandard2.0 build;
#   - heavy tests ([Trait("Category", "Heavy")]) and the cases of the two largest fixtures run once, in the net10.0
#     suite of HdrHistogram.UnitTests: the netstandard2.0 suite leaves them out (VSTestTestCaseFilter in its project file);
#   - net8.0 and net9.0 on their own runtimes: eng/test-side-by-side-runtimes.sh (CONTRIBUTING.md).
#
# Builds the solution first unless --no-build is given (.ci/run builds once and passes it). Other arguments go to
# `dotnet test` (e.g. --filter "FullyQualifiedName~Encoding", which replaces the netstandard2.0 suite's filter).
set -uo pipefail
cd "$(dirname "$0")"
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_ROLL_FORWARD=Major
# The compiler server (the SDK's default, which some machines turn off in the environment) roughly halves the build.
export UseSharedCompilation=true
# Tiered PGO does not pay off in processes as short as MSBuild's and the compiler server's (.ci/run says more).
export DOTNET_TieredPGO=0

results=TestResults
build=1
args=()
for arg in "$@"; do
    if [ "$arg" = --no-build ]; then build=0; else args+=("$arg"); fi
done

rm -rf "$results"
status=0
if [ "$build" -eq 1 ]; then
    dotnet build HdrHistogram.sln -c Release || status=$?
fi
if [ "$status" -eq 0 ]; then
    dotnet test HdrHistogram.sln -c Release -f net10.0 --no-build \
        --logger "trx;LogFilePrefix=hdr" --results-directory "$results" "${args[@]}" || status=$?
fi

eng/test-summary.sh --expect HdrHistogram.sln "$results" || status=1
exit "$status"
