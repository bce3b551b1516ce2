#!/usr/bin/env bash
# Runs HdrHistogram.UnitTests' net8.0 and net9.0 builds on .NET 8 and .NET 9 themselves (by default they would roll
# forward onto .NET 10), each asserting through HDR_EXPECT_RUNTIME_MAJOR (RuntimeTests) that it ran on its own
# runtime; DOTNET_ROLL_FORWARD=LatestPatch makes a missing runtime fail the run instead of rolling forward. Heavy
# tests are left out (they run in ./test.sh's net10.0 suite). TRX files go to TestResults/side-by-side/; the last line
# is "N passed, N failed".
#
# The runtimes come from .dotnet/ (made by eng/setup-side-by-side-runtimes.sh) when it exists, else from the dotnet on
# PATH (a machine with .NET 8 and 9 installed).
#   --available   exit 0 if both runtimes are there, 1 otherwise (prints nothing); .ci/run asks this first
#   --no-build    use the existing Release build of those targets (made by an earlier run of this script)
# The test project has net8.0 and net9.0 targets only when built with -p:HdrSideBySideRuntimes=true, as here.
# Other arguments go to `dotnet test`.
set -uo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1
# As in .ci/run: tiered PGO does not pay off in MSBuild and the compiler server (about 40 % of the build's CPU).
export DOTNET_TieredPGO=0

if [ -x .dotnet/dotnet ]; then
    DOTNET_ROOT="$(pwd)/.dotnet"
    export DOTNET_ROOT
    dotnet_cli="$DOTNET_ROOT/dotnet"
else
    dotnet_cli="$(command -v dotnet)"
fi

has_runtime() { "$dotnet_cli" --list-runtimes 2>/dev/null | grep -q "^Microsoft.NETCore.App $1\."; }

available=0
build=1
args=()
for arg in "$@"; do
    case "$arg" in
        --available) available=1 ;;
        --no-build) build=0 ;;
        *) args+=("$arg") ;;
    esac
done

if [ "$available" -eq 1 ]; then
    has_runtime 8 && has_runtime 9
    exit
fi
for major in 8 9; do
    has_runtime "$major" || { echo ".NET $major is not in $(dirname "$dotnet_cli"): run eng/setup-side-by-side-runtimes.sh" >&2; exit 1; }
done

results=TestResults/side-by-side
rm -rf "$results"
status=0
if [ "$build" -eq 1 ]; then
    # Built by the dotnet on PATH, as ./test.sh and .ci/run build: building through .dotnet/ would change the SDK's
    # path and so recompile everything each time.
    DOTNET_ROLL_FORWARD=Major dotnet build HdrHistogram.UnitTests/HdrHistogram.UnitTests.csproj -c Release \
        -p:HdrSideBySideRuntimes=true || status=$?
fi

echo "Side by side: net8.0 and net9.0 on their own runtimes ($dotnet_cli)."
if [ "$status" -eq 0 ]; then
    for major in 8 9; do
        echo "== HdrHistogram.UnitTests net$major.0 on .NET $major (roll forward: LatestPatch)"
        HDR_EXPECT_RUNTIME_MAJOR=$major DOTNET_ROLL_FORWARD=LatestPatch \
            "$dotnet_cli" test HdrHistogram.UnitTests/HdrHistogram.UnitTests.csproj -c Release -f "net$major.0" --no-build \
                -p:HdrSideBySideRuntimes=true \
            --logger "trx;LogFilePrefix=hdr-net$major" --results-directory "$results" "${args[@]}" || status=$?
    done
fi

eng/test-summary.sh "$results" || status=1
exit "$status"
