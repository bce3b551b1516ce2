#!/usr/bin/env bash
# hdr report at a log's full size, against hdr summary's one streaming pass over the same log:
#   eng/report-scale.sh [INTERVALS...]        (default: 10000 100000 1000000)
# For each size: writes a jHiccup-style log of that many one-second intervals (eng/LogGenerator: 786 values each,
# about 265 bytes an interval), then runs `hdr summary LOG` and `hdr report LOG -o PAGE` alternately, ROUNDS times
# each (HDR_SCALE_ROUNDS, default 3), under /usr/bin/time -v: the median wall time of each, their ratio, the largest
# peak resident set of the report runs and the page's size. Then opens each page in headless Chromium (eng/ReportTiming:
# first render, a range selection redrawn, a hover answered; medians of five). Prints one Markdown table per part and
# checks the targets: report within 3x of summary, peak memory under 200 MB, page under 5 MB; in Chromium, on the
# largest page, first render under 2 s, a range redrawn under 100 ms, a hover answered under 50 ms. Exits 1 when one
# is missed.
# HDR_SCALE_LOGS=DIR keeps the generated logs there and reuses them (the 1M-interval log takes minutes to write and
# 265 MB); without it they go to a temporary folder removed at the end. Needs the .NET SDK, GNU time, python3, and
# Chromium for the browser part (skipped, saying so, without it).
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_ROLL_FORWARD=Major
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
rounds=${HDR_SCALE_ROUNDS:-3}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
logs=${HDR_SCALE_LOGS:-$work}
mkdir -p "$logs"

for project in HdrHistogram.Tool eng/LogGenerator eng/ReportTiming; do
    dotnet build "$project" -c Release --nologo -v quiet >/dev/null
done
hdr=HdrHistogram.Tool/bin/Release/net10.0/HdrHistogram.Tool
generator=eng/LogGenerator/bin/Release/net10.0/LogGenerator
timing=eng/ReportTiming/bin/Release/net10.0/ReportTiming

echo "Machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -s), .NET $(dotnet --version) SDK; commit $(git rev-parse --short HEAD)"
echo "Command: eng/report-scale.sh ${sizes[*]} (rounds: $rounds)"
echo
: >"$work/runs.tsv"
for n in "${sizes[@]}"; do
    log="$logs/$n.hlog"
    [ -s "$log" ] || "$generator" "$log" "$n" >/dev/null
    for round in $(seq 1 "$rounds"); do
        for command in summary report; do
            if [ "$command" = summary ]; then args=(summary "$log"); else args=(report "$log" -o "$work/$n.html"); fi
            /usr/bin/time -v -o "$work/time.txt" "$hdr" "${args[@]}" >/dev/null
            wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s}' "$work/time.txt")
            rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
            printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$command" "$round" "$wall" "$rss" "$(stat -L -c %s "$log")" >>"$work/runs.tsv"
        done
    done
    stat -c %s "$work/$n.html" >"$work/$n.size"
done

status=0
python3 - "$work" "${sizes[@]}" <<'PY' || status=1
import statistics, sys
work, sizes = sys.argv[1], sys.argv[2:]
runs = [l.rstrip('\n').split('\t') for l in open(work + '/runs.tsv')]
failed = False
print('| intervals | log (MB) | summary (s) | report (s) | report / summary | report peak memory (MB) | page (MB) |')
print('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for n in sizes:
    mine = [r for r in runs if r[0] == n]
    summary = statistics.median(float(r[3]) for r in mine if r[1] == 'summary')
    report = statistics.median(float(r[3]) for r in mine if r[1] == 'report')
    rss = max(int(r[4]) for r in mine if r[1] == 'report') / 1024
    page = int(open('%s/%s.size' % (work, n)).read()) / 1e6
    log = int(mine[0][5]) / 1e6
    ratio = report / summary
    print('| %s | %.1f | %.2f | %.2f | %.2f | %.0f | %.2f |' % (format(int(n), ','), log, summary, report, ratio, rss, page))
    for ok, what in ((ratio <= 3, 'report within 3x of summary'), (rss < 200, 'peak memory under 200 MB'), (page < 5, 'page under 5 MB')):
        if not ok:
            print('MISSED at %s intervals: %s' % (n, what), file=sys.stderr)
            failed = True
sys.exit(1 if failed else 0)
PY

echo
if [ -z "$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)" ] && [ -z "${HDR_CHROMIUM:-}" ]; then
    echo "Browser timings skipped: no Chromium (eng/install-chromium.sh installs it)"
    exit $status
fi
pages=()
for n in "${sizes[@]}"; do pages+=("$work/$n.html"); done
"$timing" "${pages[@]}" || status=1
exit $status
