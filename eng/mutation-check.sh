#!/usr/bin/env bash
# Mutation check: proves that the fast tests notice when a comparison the round-trip tests rely on stops comparing.
# For each mutation below it copies the library's sources to a temporary folder, breaks one line there (the working
# tree is never touched), builds that library for net10.0 and runs the already built HdrHistogram.UnitTests against
# it with the given filter of fast tests. The check passes when every mutant is caught: at least one test fails.
# It fails when a mutant survives (every test still passes), when a mutation's line is no longer in the source (update
# the line here), or when a mutant does not build.
#
#   eng/mutation-check.sh [--no-build]   --no-build: use the Release build of the tests that is there (.ci/run)
#
# Mutations: HistogramBase.Equals without its bucket comparison (counts arrays of one length), and without its
# comparison of recorded values (counts arrays of different lengths).
set -uo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_ROLL_FORWARD=Major

tests_bin=HdrHistogram.UnitTests/bin/Release/net10.0
if [ "${1:-}" != --no-build ]; then
    dotnet build HdrHistogram.UnitTests/HdrHistogram.UnitTests.csproj -c Release -f net10.0 -nologo -v q || exit 1
fi
[ -f "$tests_bin/HdrHistogram.UnitTests.dll" ] || { echo "mutation-check: no $tests_bin/HdrHistogram.UnitTests.dll: build the tests first"; exit 1; }

fast='Category!=Heavy&(FullyQualifiedName~HdrHistogram.UnitTests.Histograms.|FullyQualifiedName~HdrHistogram.UnitTests.DoubleValued.)'
# name | file | the exact line | what it becomes | the tests that must catch it
mutations=(
    "Equals ignores the counts (same length)|HdrHistogram/Histograms/HistogramBase.Queries.cs|                if (GetCountAtIndex(i) != other.GetCountAtIndex(i))|                if (i < 0)|$fast"
    "Equals ignores the counts (different lengths)|HdrHistogram/Histograms/HistogramBase.Queries.cs|            if (count != 0 && other.GetCountAtValue(ValueFromIndex(i)) != count)|            if (count < 0)|$fast"
)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
for mutation in "${mutations[@]}"; do
    IFS='|' read -r name file line replacement filter <<<"$mutation"
    mutant="$work/mutant"
    rm -rf "$mutant"
    mkdir -p "$mutant/HdrHistogram"
    cp Directory.Build.props Directory.Build.targets Directory.Packages.props global.json .editorconfig "$mutant/"
    (cd HdrHistogram && find . -path ./bin -prune -o -path ./obj -prune -o -type f -print0 | xargs -0 cp --parents -t "$mutant/HdrHistogram")
    matches=$(grep -cxF -- "$line" "$mutant/$file")
    if [ "$matches" != 1 ]; then
        echo "mutation-check: FAILED: '$name': the line to break is in $file $matches times instead of once: update eng/mutation-check.sh"
        status=1
        continue
    fi
    LINE="$line" REPLACEMENT="$replacement" awk '$0 == ENVIRON["LINE"] { print ENVIRON["REPLACEMENT"]; next } { print }' "$mutant/$file" >"$mutant/$file.new"
    mv "$mutant/$file.new" "$mutant/$file"

    # The mutant may warn (unused variables, dead code): only its behaviour matters here.
    if ! dotnet build "$mutant/HdrHistogram/HdrHistogram.csproj" -c Release -f net10.0 -nologo -v q -o "$mutant/out" \
        -p:TreatWarningsAsErrors=false -p:EnforceCodeStyleInBuild=false -p:GenerateDocumentationFile=false >"$work/build.log" 2>&1; then
        echo "mutation-check: FAILED: '$name': the mutant does not build"; tail -20 "$work/build.log"
        status=1
        continue
    fi
    # The test build's own files copied (the test host loads assemblies from where they really are) with the mutant's
    # library among them; its folders (the fixtures) as links.
    rm -rf "$work/tests"
    mkdir -p "$work/tests"
    find "$tests_bin" -maxdepth 1 -type f ! -name 'HdrHistogram.dll' ! -name 'HdrHistogram.pdb' -exec cp -t "$work/tests" {} +
    find "$(pwd)/$tests_bin" -mindepth 1 -maxdepth 1 -type d -exec ln -s -t "$work/tests" {} +
    cp "$mutant/out/HdrHistogram.dll" "$work/tests/HdrHistogram.dll"

    dotnet test "$work/tests/HdrHistogram.UnitTests.dll" --filter "$filter" >"$work/test.log" 2>&1
    caught=$(grep -c '^  Failed ' "$work/test.log")
    summary=$(grep -E '^(Passed|Failed)!' "$work/test.log" | tail -1)
    if [ "$caught" -gt 0 ]; then
        echo "mutation-check: '$name' caught by $caught tests, e.g.:"
        grep '^  Failed ' "$work/test.log" | head -3
    elif grep -q '^Passed!' "$work/test.log"; then
        echo "mutation-check: FAILED: '$name' survived: $summary"
        status=1
    else
        echo "mutation-check: FAILED: '$name': the tests did not run"; tail -20 "$work/test.log"
        status=1
    fi
done
exit "$status"
