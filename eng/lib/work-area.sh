# Sourced by the scripts that run services against a real Prometheus (eng/prometheus-e2e.sh,
# eng/prometheus-scale-check.sh): a temporary folder, $work, and the background processes they start, $pids (append
# each with `pids+=($!)`), both cleaned up when the script exits; free_port prints a free TCP port on 127.0.0.1;
# scrape_every_second_config writes a Prometheus configuration that scrapes (timeout included) and evaluates every
# second, its scrape_configs entries read from standard input; and wait_for_prometheus waits until the Prometheus at a
# port answers ready, or prints its log and exits 1.
work="$(mktemp -d)"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

scrape_every_second_config() { # file; the scrape_configs entries (YAML) on standard input
    {
        printf 'global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\nscrape_configs:\n'
        cat
    } >"$1"
}

wait_for_prometheus() { # port name-for-messages log
    for _ in $(seq 1 60); do
        curl -sf "http://127.0.0.1:$1/-/ready" >/dev/null 2>&1 && return 0
        sleep 0.5
    done
    echo "$2: FAILED: Prometheus did not become ready"
    cat "$3"
    exit 1
}
