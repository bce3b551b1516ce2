#!/usr/bin/env bash
# API compatibility with the published HdrHistogram 2.5.0 package: runs the SDK's ApiCompat tool (a local tool,
# .config/dotnet-tools.json) with 2.5.0's lib/netstandard1.3/HdrHistogram.dll as the left side and each of our Release
# builds as the right side. Every public type and member of 2.5.0 must exist in each build with the same signature;
# eng/apicompat/suppressions.xml lists the only exceptions (protected hooks for subclassing, each with its reason).
# Needs a Release build of HdrHistogram and a restore of compat/Sample.On250 (which brings the 2.5.0 package).
# Exits non-zero on any difference.
set -euo pipefail
cd "$(dirname "$0")/.."

dotnet tool restore >/dev/null
packages="${NUGET_PACKAGES:-$(dotnet nuget locals global-packages --list | sed 's/^global-packages: //')}"
left="${packages%/}/hdrhistogram/2.5.0/lib/netstandard1.3/HdrHistogram.dll"
if [ ! -f "$left" ]; then
    echo "HdrHistogram 2.5.0 is not in $packages: run 'dotnet restore HdrHistogram.sln' first." >&2
    exit 1
fi

# The four comparisons are independent: run them side by side (each is mostly one core's work loading assemblies).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tfms="net8.0 net9.0 net10.0 netstandard2.0"
for tfm in $tfms; do
    right="HdrHistogram/bin/Release/$tfm/HdrHistogram.dll"
    if [ ! -f "$right" ]; then
        echo "$right is missing: build HdrHistogram in Release first." >&2
        exit 1
    fi
    ( dotnet apicompat -l "$left" -r "$right" --suppression-file eng/apicompat/suppressions.xml >"$work/$tfm.txt" 2>&1
      echo $? >"$work/$tfm.rc" ) &
done
wait

status=0
for tfm in $tfms; do
    if [ "$(cat "$work/$tfm.rc")" = 0 ]; then
        echo "api-compat $tfm: 0 differences from HdrHistogram 2.5.0"
    else
        cat "$work/$tfm.txt"
        echo "api-compat $tfm: $(grep -c '^CP[0-9]' "$work/$tfm.txt") differences from HdrHistogram 2.5.0" >&2
        status=1
    fi
done
exit $status
