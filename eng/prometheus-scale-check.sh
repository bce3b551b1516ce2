#!/usr/bin/env bash
# Fleet-scale check of HdrHistogram.Prometheus against a real Prometheus (native histograms and the extra scrape
# metrics enabled): a service of 10,000 series (HdrHistogram.Prometheus.Benchmarks scale-service: one family, a route
# label, the default packed recorders, its own PrometheusMetricsListener) with writer threads recording while
# Prometheus scrapes it every second with a 1 s timeout, for several minutes; optionally after a burst of 20,000
# values from 1 us to 10 s into every series (taken into the totals by one scrape before Prometheus starts, whose
# duration is reported). Then the writers stop, Prometheus scrapes a few more times, and the check
# reports, from Prometheus' own series: whether the target was up at every scrape, the scrape duration's percentiles
# and the body size; from the service: its live heap after a compacting collection and its peak resident set; and it
# compares the totals Prometheus stored (sum of histogram_count and histogram_sum over the series, the number of
# series) with what the writers counted themselves.
#
# Usage: eng/prometheus-scale-check.sh [--no-build] [--series N] [--rate VALUES_PER_SECOND] [--writers N]
#            [--seconds S] [--burst] [--max-buckets N|none] [--out FILE]
# Defaults: 10,000 series, 4 writers, 50,000 values a second in all, 180 s, no burst, the family's default bucket
# limit. --out appends the result block to FILE as well. Takes the run's length plus about 30 s.
# Exit code: 0 when the target was up at every scrape, the totals are exact (the sum within the buckets' precision),
# every series is there and the live heap is under 500 MB; 1 otherwise, or when a component did not start.
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_ROLL_FORWARD=Major DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1

build=1 series=10000 rate=50000 writers=4 seconds=180 burst="" max_buckets="" out=""
while [ $# -gt 0 ]; do
    case "$1" in
        --no-build) build=0 ;;
        --series) series=$2; shift ;;
        --rate) rate=$2; shift ;;
        --writers) writers=$2; shift ;;
        --seconds) seconds=$2; shift ;;
        --burst) burst=--burst ;;
        --max-buckets) max_buckets=$2; shift ;;
        --out) out=$2; shift ;;
        *) echo "prometheus-scale-check: unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

eng/install-prometheus.sh >/dev/null
command -v prometheus >/dev/null || { echo "prometheus-scale-check: FAILED: prometheus is not on PATH (eng/install-prometheus.sh)"; exit 1; }

source eng/lib/work-area.sh

if [ $build = 1 ]; then
    dotnet build HdrHistogram.Prometheus.Benchmarks -c Release -v quiet -nologo >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
fi

case "$max_buckets" in
    "") limit_args=() ; limit_text="the default" ;;
    none) limit_args=(--max-buckets -1) ; limit_text="none" ;;
    *) limit_args=(--max-buckets "$max_buckets") ; limit_text="$max_buckets" ;;
esac

dotnet HdrHistogram.Prometheus.Benchmarks/bin/Release/net10.0/HdrHistogram.Prometheus.Benchmarks.dll scale-service \
    --port 0 --series "$series" --writers "$writers" --rate "$rate" --seconds "$seconds" $burst "${limit_args[@]}" \
    --report "$work/report.txt" --ready "$work/ready.txt" >"$work/service.log" 2>&1 & pids+=($!)
service_pid=$!
for _ in $(seq 1 600); do [ -s "$work/ready.txt" ] && break; sleep 0.5; done
[ -s "$work/ready.txt" ] || { echo "prometheus-scale-check: FAILED: the service did not start"; cat "$work/service.log"; exit 1; }
port=$(cat "$work/ready.txt")
started=$(date +%s)

pp=$(free_port)
scrape_every_second_config "$work/prometheus.yml" <<YAML
  - job_name: scale
    static_configs:
      - targets: ['127.0.0.1:$port']
YAML
prometheus --config.file="$work/prometheus.yml" --storage.tsdb.path="$work/data" --web.listen-address="127.0.0.1:$pp" \
    --enable-feature=native-histograms,extra-scrape-metrics --log.level=warn >"$work/prometheus.log" 2>&1 & pids+=($!)
prometheus_pid=$!
wait_for_prometheus "$pp" prometheus-scale-check "$work/prometheus.log"
echo "prometheus-scale-check: $(prometheus --version 2>&1 | head -1); $series series, $writers writers at $rate values/s for $seconds s$([ -n "$burst" ] && echo ' after a burst'), bucket limit $limit_text"

# The writers stop after $seconds; the report follows their last value. Then a few scrapes take the final totals.
for _ in $(seq 1 $((seconds * 2 + 600))); do [ -s "$work/report.txt" ] && break; sleep 0.5; done
[ -s "$work/report.txt" ] || { echo "prometheus-scale-check: FAILED: the service wrote no report"; cat "$work/service.log"; exit 1; }
sleep 8
window=$(( $(date +%s) - started ))
prometheus_rss=$(awk '/VmRSS/ {printf "%d", $2 * 1024}' "/proc/$prometheus_pid/status")
prometheus_hwm=$(awk '/VmHWM/ {printf "%d", $2 * 1024}' "/proc/$prometheus_pid/status")
payload=$(curl -s -o /dev/null -w '%{size_download}' \
    -H 'Accept: application/vnd.google.protobuf;proto=io.prometheus.client.MetricFamily;encoding=delimited' "http://127.0.0.1:$port/metrics")
text_payload=$(curl -s -o /dev/null -w '%{size_download}' -H 'Accept: text/plain;version=0.0.4' "http://127.0.0.1:$port/metrics")

PROM="http://127.0.0.1:$pp" WINDOW="$window" REPORT="$work/report.txt" PAYLOAD="$payload" TEXT_PAYLOAD="$text_payload" \
PROM_RSS="$prometheus_rss" PROM_HWM="$prometheus_hwm" OUT="$out" \
HEADER="$series series, $writers writers at $rate values/s for $seconds s$([ -n "$burst" ] && echo ' after a burst of 20,000 values a series'), bucket limit $limit_text" \
python3 - <<'PY'
import json, os, sys, urllib.parse, urllib.request

prom, window = os.environ["PROM"], os.environ["WINDOW"]
report = dict(line.split(" ", 1) for line in open(os.environ["REPORT"]).read().split("\n") if line.strip())

def query(expr):
    url = prom + "/api/v1/query?" + urllib.parse.urlencode({"query": expr})
    data = json.load(urllib.request.urlopen(url, timeout=60))
    if data["status"] != "success":
        sys.exit(f"prometheus-scale-check: FAILED: query {expr}: {data}")
    result = data["data"]["result"]
    return float(result[0]["value"][1]) if result else float("nan")

scrapes = query(f'count_over_time(up{{job="scale"}}[{window}s])')
url = prom + "/api/v1/query?" + urllib.parse.urlencode({"query": f'up{{job="scale"}}[{window}s]'})
values = json.load(urllib.request.urlopen(url, timeout=60))["data"]["result"][0]["values"]
down_at = [round(float(t) - float(values[0][0])) for t, v in values if v == "0"]
up = query(f'sum_over_time(up{{job="scale"}}[{window}s])')
durations = {q: query(f'quantile_over_time({q}, scrape_duration_seconds{{job="scale"}}[{window}s])') for q in (0.5, 0.9, 0.99)}
longest = query(f'max_over_time(scrape_duration_seconds{{job="scale"}}[{window}s])')
body = query(f'max_over_time(scrape_body_size_bytes{{job="scale"}}[{window}s])')
count = query('sum(histogram_count(route_latency_seconds))')
total = query('sum(histogram_sum(route_latency_seconds))')
present = query('count(histogram_count(route_latency_seconds))')

recorded, recorded_sum = int(report["recorded_count"]), float(report["recorded_sum_seconds"])
live, rss = int(report["live_heap_bytes"]), int(report["peak_rss_bytes"])
sum_error = abs(total - recorded_sum) / recorded_sum if recorded_sum else 0.0
mb = lambda b: f"{b / 1048576:.1f} MB"
lines = [
    os.environ["HEADER"],
    f"  target up at {int(up)} of {int(scrapes)} scrapes over {window} s (a 1 s interval would make {window}: Prometheus starts a scrape only when the last one is stored)"
    + (f"; down at {', '.join(map(str, down_at))} s after the first" if down_at else ""),
    f"  scrape duration: p50 {durations[0.5] * 1000:.0f} ms, p90 {durations[0.9] * 1000:.0f} ms, p99 {durations[0.99] * 1000:.0f} ms, max {longest * 1000:.0f} ms (timeout 1000 ms)",
    f"  payload: protobuf {mb(int(os.environ['PAYLOAD']))} (Prometheus' largest scrape body {mb(body)}), text {mb(int(os.environ['TEXT_PAYLOAD']))}",
    f"  service: live heap {mb(live)} after a compacting collection ({live // int(report['series'])} B a series), peak RSS {mb(rss)}; "
    f"{report['scrapes_served']} scrapes served, {report['requests_abandoned']} abandoned, {report['write_timeouts']} write timeouts"
    + (f"; the scrape that took the burst in: {report['burst_scrape_ms']} ms" if report.get("burst_scrape_ms", "0") != "0" else ""),
    f"  Prometheus: RSS {mb(int(os.environ['PROM_RSS']))}, peak {mb(int(os.environ['PROM_HWM']))}",
    f"  totals: {int(present)} series; count {int(count)} stored, {recorded} recorded; sum {total:.6f} s stored, {recorded_sum:.6f} s recorded ({sum_error * 100:.4f} %)",
]
failures = []
if up != scrapes or scrapes == 0:
    failures.append(f"the target was down at {int(scrapes - up)} scrapes")
if int(count) != recorded:
    failures.append(f"the stored count {int(count)} is not the recorded {recorded}")
if sum_error > 0.001:
    failures.append(f"the stored sum is {sum_error * 100:.4f} % from the recorded one (bound 0.1 %)")
if int(present) != int(report["series"]):
    failures.append(f"{int(present)} series stored of {report['series']}")
if live >= 500 * 1048576:
    failures.append(f"the live heap {mb(live)} is not under 500 MB")
lines.append("  result: " + ("PASS" if not failures else "FAIL: " + "; ".join(failures)))
print("\n".join(lines))
if os.environ["OUT"]:
    with open(os.environ["OUT"], "a") as f:
        f.write("\n".join(lines) + "\n\n")
sys.exit(1 if failures else 0)
PY
