#!/usr/bin/env bash
# Prints "N passed, N failed" summed over the TRX files under the given folders (default TestResults), and exits
# non-zero when a test failed or no result was found. A run that did not complete (its test host crashed, so the tests
# after the crash never ran, though every counted one passed) counts as one failure and is named on stderr.
set -uo pipefail
[ $# -gt 0 ] || set -- TestResults
passed=0
failed=0
files=0
while IFS= read -r -d '' trx; do
    files=$((files + 1))
    counters=$(grep -o '<Counters [^>]*>' "$trx" | head -n 1)
    p=$(sed -n 's/.* passed="\([0-9]*\)".*/\1/p' <<<"$counters")
    f=$(sed -n 's/.* failed="\([0-9]*\)".*/\1/p' <<<"$counters")
    passed=$((passed + ${p:-0}))
    failed=$((failed + ${f:-0}))
    outcome=$(grep -o '<ResultSummary outcome="[A-Za-z]*"' "$trx" | head -n 1 | sed 's/.*outcome="\(.*\)"/\1/')
    if [ "${f:-0}" -eq 0 ] && [ -n "$outcome" ] && [ "$outcome" != Completed ] && [ "$outcome" != Passed ]; then
        echo "$trx: the run ended '$outcome' with no failed test: it was aborted (see the test output), counted as a failure" >&2
        failed=$((failed + 1))
    fi
done < <(find "$@" -name '*.trx' -print0 2>/dev/null)

if [ "$files" -eq 0 ] || [ "$passed" -eq 0 ]; then
    echo "No test results were found in $*." >&2
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
