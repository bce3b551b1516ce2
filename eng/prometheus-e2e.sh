#!/usr/bin/env bash
# End-to-end check of HdrHistogram.Prometheus against a real Prometheus (native histograms enabled): starts two
# instances of the example service (HdrHistogram.Examples prometheus-service) with different latency mixes, a
# Prometheus scraping both every second (job "native": /metrics, negotiated to protobuf with native histograms; job
# "classic": /metrics-text, the text format with classic buckets), lets the simulated load run, then
# HdrHistogram.Examples prometheus-check queries the HTTP API (histogram_quantile over sum(rate(...)) for
# 0.5/0.9/0.99/0.999, histogram_count, histogram_sum, classic buckets/_count/_sum) and compares with the two
# instances' totals merged by HistogramBase.Add, within the conversion's stated bound.
# Uses `prometheus` from PATH, else installs Debian's package (eng/install-prometheus.sh: apt-get, as root or through
# passwordless sudo). When Prometheus can be neither found nor installed it prints one line saying the check did not
# run and why, and exits 0, except under CI (CI=true), where a check that did not run fails: exit 1.
# --no-build: use the Release build that is there (.ci/run builds everything first, and runs this while other steps run).
# Exit code: 0 pass (or not run, outside CI), 1 a comparison failed, a component did not start, or (under CI) it did not run.
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_ROLL_FORWARD=Major DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

source eng/lib/require-prometheus.sh
require_prometheus prometheus-e2e
source eng/lib/work-area.sh

if [ "${1:-}" != --no-build ]; then
    dotnet build HdrHistogram.Examples -c Release -v quiet -nologo >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
fi
examples=(dotnet HdrHistogram.Examples/bin/Release/net10.0/HdrHistogram.Examples.dll)

p1="$(free_port)"; p2="$(free_port)"; pp="$(free_port)"
"${examples[@]}" prometheus-service --port "$p1" --mix fast --values 40000 --seconds 25 >"$work/fast.log" 2>&1 & pids+=($!)
"${examples[@]}" prometheus-service --port "$p2" --mix slow --values 30000 --seconds 25 >"$work/slow.log" 2>&1 & pids+=($!)

scrape_every_second_config "$work/prometheus.yml" <<YAML
  - job_name: native
    static_configs:
      - targets: ['127.0.0.1:$p1', '127.0.0.1:$p2']
  - job_name: classic
    metrics_path: /metrics-text
    static_configs:
      - targets: ['127.0.0.1:$p1', '127.0.0.1:$p2']
YAML
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/data" \
    --web.listen-address="127.0.0.1:$pp" --enable-feature=native-histograms --log.level=warn >"$work/prometheus.log" 2>&1 & pids+=($!)

wait_for_prometheus "$pp" prometheus-e2e "$work/prometheus.log"
echo "prometheus-e2e: $(prometheus --version 2>&1 | head -1), instances on $p1 (fast) and $p2 (slow), Prometheus on $pp"

status=0
"${examples[@]}" prometheus-check --prometheus "http://127.0.0.1:$pp" \
    --instances "http://127.0.0.1:$p1,http://127.0.0.1:$p2" || status=$?
if [ "$status" != 0 ]; then
    echo "--- prometheus.log"; tail -20 "$work/prometheus.log"
    echo "--- targets"; curl -s "http://127.0.0.1:$pp/api/v1/targets" | head -c 2000; echo
fi
exit "$status"
