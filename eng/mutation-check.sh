#!/usr/bin/env bash
# Mutation check: proves that the equality tests notice when a comparison the round-trip tests rely on stops comparing.
# It copies the library's sources to a temporary folder (the working tree is never touched) and there replaces each
# mutation's expression with a switch between the original and the broken expression, chosen at run time by the
# environment variable HDR_MUTANT. It builds that one library for net10.0 and, for each mutation, runs the already
# built HdrHistogram.UnitTests against it with HDR_MUTANT set and the given filter of fast tests. The check passes when
# every mutant is caught: at least one test fails. It fails when a mutant survives (every test still passes), when a
# mutation's expression is no longer in the source exactly once (update it here), or when the library does not build.
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

# The equality tests of both histogram kinds (every kind, both ways): the ones that must notice.
equality='Category!=Heavy&FullyQualifiedName~EqualityTests'
# name | file | the exact expression | what it becomes | the tests that must catch it
mutations=(
    "Equals ignores the counts (same length)|HdrHistogram/Histograms/HistogramBase.Queries.cs|GetCountAtIndex(i) != other.GetCountAtIndex(i)|i < 0|$equality"
    "Equals ignores the counts (different lengths)|HdrHistogram/Histograms/HistogramBase.Queries.cs|count != 0 && other.CountAtValue(ValueFromIndex(i)) != count|count < 0|$equality"
)

# Inside the repository (an obj folder, which git and the format check ignore), so that the tests that read the
# repository's files (the docs' tables) find it from the copied test build and pass, as they do in the test run: with
# the switch off the library is the one the test run checked, so a test fails here only because of its mutation.
mkdir -p HdrHistogram.UnitTests/obj
work="$(mktemp -d "$(pwd)/HdrHistogram.UnitTests/obj/mutation-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mutant="$work/mutant"
mkdir -p "$mutant/HdrHistogram"
cp Directory.Build.props Directory.Build.targets Directory.Packages.props global.json .editorconfig "$mutant/"
(cd HdrHistogram && find . -path ./bin -prune -o -path ./obj -prune -o -type f -print0 | xargs -0 cp --parents -t "$mutant/HdrHistogram")

status=0
for n in "${!mutations[@]}"; do
    IFS='|' read -r name file expression replacement _ <<<"${mutations[$n]}"
    matches=$(grep -cF -- "$expression" "$mutant/$file")
    if [ "$matches" != 1 ]; then
        echo "mutation-check: FAILED: '$name': the expression to break is in $file $matches times instead of once: update eng/mutation-check.sh"
        status=1
        continue
    fi
    switch="(global::System.Environment.GetEnvironmentVariable(\"HDR_MUTANT\") == \"$n\" ? ($replacement) : ($expression))"
    EXPRESSION="$expression" SWITCH="$switch" awk '{ i = index($0, ENVIRON["EXPRESSION"]); if (i) $0 = substr($0, 1, i - 1) ENVIRON["SWITCH"] substr($0, i + length(ENVIRON["EXPRESSION"])); print }' \
        "$mutant/$file" >"$mutant/$file.new"
    mv "$mutant/$file.new" "$mutant/$file"
done
[ "$status" -eq 0 ] || exit "$status"

# The mutant may warn (unused variables, dead code): only its behaviour matters here, so no analyzers either.
if ! dotnet build "$mutant/HdrHistogram/HdrHistogram.csproj" -c Release -f net10.0 -nologo -v q -o "$mutant/out" \
    -p:TreatWarningsAsErrors=false -p:EnforceCodeStyleInBuild=false -p:RunAnalyzers=false -p:GenerateDocumentationFile=false >"$work/build.log" 2>&1; then
    echo "mutation-check: FAILED: the mutant library does not build"; tail -20 "$work/build.log"
    exit 1
fi
# The test build's own files copied (the test host loads assemblies from where they really are) with the mutant's
# library among them; its folders (the fixtures) as links.
mkdir -p "$work/tests"
find "$tests_bin" -maxdepth 1 -type f ! -name 'HdrHistogram.dll' ! -name 'HdrHistogram.pdb' -exec cp -t "$work/tests" {} +
find "$(pwd)/$tests_bin" -mindepth 1 -maxdepth 1 -type d -exec ln -s -t "$work/tests" {} +
cp "$mutant/out/HdrHistogram.dll" "$work/tests/HdrHistogram.dll"

for n in "${!mutations[@]}"; do
    IFS='|' read -r name _ _ _ filter <<<"${mutations[$n]}"
    HDR_MUTANT=$n dotnet test "$work/tests/HdrHistogram.UnitTests.dll" --filter "$filter" >"$work/test.log" 2>&1
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
