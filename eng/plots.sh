#!/usr/bin/env bash
# Regenerates the pictures of the README's "Plots" section from samples/latency.hlog (values in nanoseconds):
#   docs/images/plot-percentiles.png  hdr plot (percentile distribution, every tag, an SLA staircase)
#   docs/images/plot-timeline.png     hdr plot --kind timeline (the untagged intervals)
#   docs/latency-report.html          hdr report
#   docs/images/report.png            that report, opened in headless Chromium and screenshotted
#   docs/images/report-range.png      the same with a time range selected (#range=20,40 in its address)
# Needs the .NET SDK and chromium (Debian/Ubuntu: apt-get install chromium). Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

images=docs/images
mkdir -p "$images"
dotnet build HdrHistogram.Tool/HdrHistogram.Tool.csproj -c Release --nologo -v quiet
hdr() { dotnet run --project HdrHistogram.Tool -c Release --no-build -- "$@"; }

hdr plot samples/latency.hlog --sla 99=2ms,99.9=10ms --title "samples/latency.hlog: latency by percentile" \
    --width 1000 --height 560 -o "$images/plot-percentiles.png"
hdr plot samples/latency.hlog --kind timeline --tag db --title "samples/latency.hlog [db]: latency by interval" \
    --width 1000 --height 560 -o "$images/plot-timeline.png"

hdr report samples/latency.hlog --sla 99=2ms,99.9=10ms -o docs/latency-report.html
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
# A phone-width-plus window tall enough for the whole page; no GPU and no sandbox so it runs in containers and CI.
"$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 --virtual-time-budget=5000 \
    --window-size=1280,1960 --screenshot="$images/report.png" "file://$(pwd)/docs/latency-report.html" 2>/dev/null
"$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 --virtual-time-budget=5000 \
    --window-size=1280,2900 --screenshot="$images/report-range.png" "file://$(pwd)/docs/latency-report.html#range=20,40" 2>/dev/null
echo "wrote $images/plot-percentiles.png, $images/plot-timeline.png, docs/latency-report.html, $images/report.png and $images/report-range.png"
