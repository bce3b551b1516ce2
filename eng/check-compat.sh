#!/usr/bin/env bash
# Binary compatibility with the published HdrHistogram 2.5.0 package (run by .ci/run after the Release build):
#  1. drop-in: compat/Sample (written only against 2.5.0's API) compiled against the real 2.5.0 package
#     (Compat250.Sample.On250) runs with our HdrHistogram.dll copied over 2.5.0's, and prints exactly what the same
#     source compiled against this library (Compat250.Sample) prints; both also read the payloads and UTF-16 logs that
#     the real 2.5.0 package wrote (HdrHistogram.UnitTests/Fixtures/Net250) and fail unless they hold what 2.5.0 recorded;
#  2. the other direction: what this library writes (a log whose intervals its own deflater compressed, a small and a
#     large compressed payload) is read by the real 2.5.0 package (Compat250.Sample.On250 on 2.5.0's own dll) exactly
#     as this library reads it;
#  3. both packages in one graph: compat/BothPackages references HdrHistogram 2.5.0 and a freshly packed
#     HdrHistogram.Serialization; it must build, compile against ours and load ours (it checks and exits non-zero).
# Works offline once `dotnet restore HdrHistogram.sln` has run (2.5.0 comes from the global packages folder).
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
packages="${NUGET_PACKAGES:-$(dotnet nuget locals global-packages --list | sed 's/^global-packages: //')}"

# 3 (its pack, restore and build) goes on in the background while 1 and 2 run the samples.
both() {
    dotnet pack HdrHistogram/HdrHistogram.csproj -c Release --no-build -o "$work/feed" >/dev/null
    dotnet build compat/BothPackages/Compat250.BothPackages.csproj -c Release -o "$work/both" \
        -p:RestorePackagesPath="$work/packages" -p:RestoreSources="$work/feed;$packages"
}
both >"$work/both-build.txt" 2>&1 &
both_pid=$!

for tfm in net10.0 netstandard2.0; do
    rm -rf "$work/dropin"
    cp -r compat/Sample.On250/bin/Release/net10.0 "$work/dropin"
    cp "HdrHistogram/bin/Release/$tfm/HdrHistogram.dll" "$work/dropin/HdrHistogram.dll"
    # The fixtures folder: the sample also reads what the real 2.5.0 package wrote and checks it against 2.5.0's values.
    dotnet "$work/dropin/Compat250.Sample.On250.dll" HdrHistogram.UnitTests/Fixtures/Net250 > "$work/dropin.txt"
    dotnet compat/Sample/bin/Release/net10.0/Compat250.Sample.dll HdrHistogram.UnitTests/Fixtures/Net250 > "$work/ours.txt"
    loaded="$(head -n 1 "$work/dropin.txt")"
    if ! [[ "$loaded" =~ ^running\ on\ HdrHistogram\ ([0-9]+)\. ]] || [ "${BASH_REMATCH[1]}" -lt 3 ]; then
        echo "compat drop-in ($tfm build): expected our HdrHistogram (version 3 or later) to load, got: $loaded" >&2
        exit 1
    fi
    if ! diff -u "$work/ours.txt" "$work/dropin.txt"; then
        echo "compat drop-in ($tfm build): the 2.5.0-compiled sample prints something else with our HdrHistogram.dll" >&2
        exit 1
    fi
    echo "compat drop-in ($tfm build): the sample compiled against 2.5.0 runs on our HdrHistogram.dll, identical output ($(wc -l < "$work/ours.txt") lines, ${loaded#running on })"
done

dotnet compat/Sample/bin/Release/net10.0/Compat250.Sample.dll HdrHistogram.UnitTests/Fixtures/Net250 "$work/exchange.hlog" write > /dev/null
dotnet compat/Sample.On250/bin/Release/net10.0/Compat250.Sample.On250.dll HdrHistogram.UnitTests/Fixtures/Net250 "$work/exchange.hlog" read > "$work/read-by-250.txt"
dotnet compat/Sample/bin/Release/net10.0/Compat250.Sample.dll HdrHistogram.UnitTests/Fixtures/Net250 "$work/exchange.hlog" read > "$work/read-by-ours.txt"
# The first line names the HdrHistogram.dll that ran: the reader must really be 2.5.0's, the writer ours.
loaded_250="$(head -n 1 "$work/read-by-250.txt")"
loaded_ours="$(head -n 1 "$work/read-by-ours.txt")"
if [[ "$loaded_250" != "running on HdrHistogram 2.5."* ]] || ! [[ "$loaded_ours" =~ ^running\ on\ HdrHistogram\ ([0-9]+)\. ]] \
    || [ "${BASH_REMATCH[1]}" -lt 3 ]; then
    echo "compat written by ours, read by 2.5.0: expected 2.5.0's and then our HdrHistogram.dll to load, got: $loaded_250 / $loaded_ours" >&2
    exit 1
fi
tail -n +2 "$work/read-by-ours.txt" > "$work/read-by-ours.body"
tail -n +2 "$work/read-by-250.txt" > "$work/read-by-250.body"
if [ ! -s "$work/read-by-ours.body" ] || ! diff -u "$work/read-by-ours.body" "$work/read-by-250.body"; then
    echo "compat written by ours, read by 2.5.0: the real 2.5.0 package reads something else from this library's log and payloads" >&2
    exit 1
fi
echo "compat written by ours, read by 2.5.0: the log and payloads this library wrote read the same with the real 2.5.0 package ($(wc -l < "$work/read-by-ours.body") lines, ${loaded_250#running on })"

wait "$both_pid" \
    || { cat "$work/both-build.txt"; echo "compat both packages: the consumer of HdrHistogram 2.5.0 and ours does not build" >&2; exit 1; }
dotnet "$work/both/Compat250.BothPackages.dll"
echo "compat both packages: HdrHistogram 2.5.0 + HdrHistogram.Serialization in one graph resolve to ours"
