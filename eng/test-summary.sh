#!/usr/bin/env bash
# Summarises the TRX files of a test run: one line per test project (passed, failed, skipped, not executed), then the
# closing line "N passed, N failed, N skipped" summed over every file.
#
#   eng/test-summary.sh [--expect SLN] [DIR ...]      (default DIR: TestResults)
#
# Fails (exit 1), saying why, when:
#   - a test failed, or a run ended aborted (its test host crashed: the tests after the crash never ran, though every
#     counted one passed);
#   - no TRX file was found, or no test passed;
#   - under CI (CI=true, as on every CI machine): a test was skipped that eng/allowed-skips.txt does not list, a test
#     project executed no test, or (with --expect) a test project of the solution left no results at all.
# Outside CI those three are printed as warnings, so a run on a machine without Chromium still tells what it left out.
set -uo pipefail
cd "$(dirname "$0")/.."

expect_sln=""
dirs=()
while [ $# -gt 0 ]; do
    case "$1" in
        --expect) expect_sln=$2; shift 2 ;;
        *) dirs+=("$1"); shift ;;
    esac
done
[ ${#dirs[@]} -gt 0 ] || dirs=(TestResults)

ci=0
case "${CI:-}" in true | True | TRUE | 1) ci=1 ;; esac
problems=()      # fail the run everywhere
ci_problems=()   # fail the run under CI, warnings elsewhere

# Test names (shell patterns) that may be skipped, from eng/allowed-skips.txt ("test PATTERN  reason").
allowed=()
while read -r kind pattern _; do
    [ "$kind" = test ] && allowed+=("$pattern")
done < <(grep -v '^[[:space:]]*\(#\|$\)' eng/allowed-skips.txt 2>/dev/null)
is_allowed() {
    local name=$1 pattern
    for pattern in "${allowed[@]}"; do
        # shellcheck disable=SC2053 # the pattern is a glob on purpose
        [[ $name == $pattern ]] && return 0
    done
    return 1
}

attr() { sed -n "s/.* $1=\"\\([^\"]*\\)\".*/\\1/p" <<<"$2"; }

passed=0 failed=0 skipped=0 files=0
seen_projects=()
while IFS= read -r -d '' trx; do
    files=$((files + 1))
    counters=$(grep -o '<Counters [^>]*>' "$trx" | head -n 1)
    total=$(attr total "$counters"); executed=$(attr executed "$counters")
    p=$(attr passed "$counters"); f=$(attr failed "$counters")
    total=${total:-0} executed=${executed:-0} p=${p:-0} f=${f:-0}
    # xunit's skipped tests are results with outcome NotExecuted; the Counters element does not count them.
    # One line per skipped test: its name, a tab, the skip reason (the first message of its result).
    skipped_tests=$(awk '
        /<UnitTestResult / && /outcome="NotExecuted"/ { if (name != "") print name "\t" why; match($0, /testName="[^"]*"/); name = substr($0, RSTART + 10, RLENGTH - 11); why = ""; next }
        /<UnitTestResult / { if (name != "") print name "\t" why; name = ""; next }
        name != "" && why == "" && /<Message>/ { why = $0; sub(/.*<Message>/, "", why); sub(/<\/Message>.*/, "", why) }
        END { if (name != "") print name "\t" why }' "$trx")
    s=$(grep -c . <<<"$skipped_tests")
    not_executed=$((total - executed - s))
    [ "$not_executed" -ge 0 ] || not_executed=0

    code_base=$(grep -o '<TestMethod [^>]*codeBase="[^"]*"' "$trx" | head -n 1 | sed 's/.*codeBase="\([^"]*\)".*/\1/')
    if [ -n "$code_base" ]; then
        project=$(basename "$code_base" .dll)
        tfm=$(basename "$(dirname "$code_base")")
        seen_projects+=("$project")
        name="$project ($tfm)"
    else
        name="$(basename "$trx") (no test in it)"
    fi
    echo "  $name: $p passed, $f failed, $s skipped, $not_executed not executed"

    outcome=$(grep -o '<ResultSummary outcome="[A-Za-z]*"' "$trx" | head -n 1 | sed 's/.*outcome="\(.*\)"/\1/')
    if [ "$f" -eq 0 ] && [ -n "$outcome" ] && [ "$outcome" != Completed ] && [ "$outcome" != Passed ]; then
        problems+=("$name: the run ended '$outcome' with no failed test: it was aborted (see the test output)")
        f=1
    fi
    if [ "$not_executed" -gt 0 ]; then
        problems+=("$name: $not_executed of $total tests were neither run nor skipped")
    fi
    if [ "$executed" -eq 0 ]; then
        ci_problems+=("$name: no test was executed")
    fi
    while IFS=$'\t' read -r test why; do
        [ -n "$test" ] || continue
        is_allowed "$test" || ci_problems+=("$name: skipped $test (not in eng/allowed-skips.txt): ${why:-no reason given}")
    done <<<"$skipped_tests"

    passed=$((passed + p)); failed=$((failed + f)); skipped=$((skipped + s))
done < <(find "${dirs[@]}" -name '*.trx' -print0 2>/dev/null | sort -z)

if [ -n "$expect_sln" ]; then
    while IFS= read -r csproj; do
        [ -f "$csproj" ] && grep -q 'Include="Microsoft.NET.Test.Sdk"' "$csproj" || continue
        project=$(basename "$csproj" .csproj)
        printf '%s\n' "${seen_projects[@]}" | grep -qx "$project" || ci_problems+=("$project: a test project of $expect_sln left no results")
    done < <(dotnet sln "$expect_sln" list 2>/dev/null | tr '\\' '/' | grep '\.csproj$')
fi

if [ "$files" -eq 0 ]; then
    problems+=("no TRX file was found in ${dirs[*]}")
elif [ "$passed" -eq 0 ]; then
    problems+=("$files TRX files were found in ${dirs[*]}, and not one test passed")
fi

# On standard output, before the closing line, so that the closing line stays the last one.
for problem in "${problems[@]}"; do echo "FAILED: $problem"; done
for problem in "${ci_problems[@]}"; do
    if [ "$ci" -eq 1 ]; then echo "FAILED (CI): $problem"; else echo "warning (a failure under CI): $problem"; fi
done
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ ${#problems[@]} -eq 0 ] && { [ "$ci" -eq 0 ] || [ ${#ci_problems[@]} -eq 0 ]; }
