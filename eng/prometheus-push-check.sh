#!/usr/bin/env bash
# End-to-end check of remote write against a real Prometheus (2.42, with --web.enable-remote-write-receiver and
# native histograms): HdrHistogram.Examples prometheus-push records two routes for a few seconds while a
# PrometheusPusher pushes every second (then once more on dispose), and compares what Prometheus stored with a plain
# histogram of the same values: histogram_count exactly, histogram_sum as the HDR mean times the count,
# histogram_quantile for 0.5-0.999 within the conversion's bound. Then the faults (prometheus-push --faults, about 12 s):
# four pushers of the same values, each through its own fault proxy (in the example) that for a while refuses
# connections and then never answers, answers 500, holds answers back past the pusher's timeout, or refuses one
# request with a 400; each must end with exact counts, its counters as the fault dictates, and Prometheus having taken
# every request that reached it (none out of order).
# Prometheus comes from PATH (eng/install-prometheus.sh); without it the check does not run, saying why, and exits 0,
# except under CI (CI=true), where it fails.
# --no-build: use the Release build that is there.
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_ROLL_FORWARD=Major DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

source eng/lib/require-prometheus.sh
require_prometheus prometheus-push-check
source eng/lib/work-area.sh
if [ "${1:-}" != --no-build ]; then
    dotnet build HdrHistogram.Examples -c Release -v quiet -nologo >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
fi

pp=$(free_port)
printf 'global:\n  scrape_interval: 15s\n' >"$work/prometheus.yml"
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/data" --web.listen-address="127.0.0.1:$pp" \
    --web.enable-remote-write-receiver --enable-feature=native-histograms --log.level=warn >"$work/prometheus.log" 2>&1 & pids+=($!)
wait_for_prometheus "$pp" prometheus-push-check "$work/prometheus.log"
echo "prometheus-push-check: $(prometheus --version 2>&1 | head -1), receiver on $pp"

status=0
dotnet HdrHistogram.Examples/bin/Release/net10.0/HdrHistogram.Examples.dll prometheus-push \
    --url "http://127.0.0.1:$pp/api/v1/write" --prometheus "http://127.0.0.1:$pp" --seconds 8 || status=$?
echo "prometheus-push-check: faults"
dotnet HdrHistogram.Examples/bin/Release/net10.0/HdrHistogram.Examples.dll prometheus-push --faults \
    --url "http://127.0.0.1:$pp/api/v1/write" --prometheus "http://127.0.0.1:$pp" || status=$?
if [ "$status" != 0 ]; then
    echo "--- prometheus.log"; tail -20 "$work/prometheus.log"
fi
exit "$status"
