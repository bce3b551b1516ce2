#!/usr/bin/env bash
# Prints "N passed, N failed" summed over the TRX files under the given folders (default TestResults), and exits
# non-zero when a test failed or no result was found.
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
done < <(find "$@" -name '*.trx' -print0 2>/dev/null)

if [ "$files" -eq 0 ] || [ "$passed" -eq 0 ]; then
    echo "No test results were found in $*." >&2
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
