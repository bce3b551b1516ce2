#!/usr/bin/env bash
# Puts Prometheus and promtool on PATH: `prometheus` for the end-to-end check (eng/prometheus-e2e.sh), `promtool` for
# HdrHistogram.Prometheus.Tests, which run `promtool check metrics` on every text exposition they scrape. Idempotent
# and quick: when both are on PATH it only prints their versions. Otherwise it installs Debian's prometheus package
# (it brings both) with apt-get, as root or through passwordless sudo.
# When they can be neither found nor installed it prints one line saying why and exits 0 (the end-to-end check then
# does not run and the promtool tests are skipped, each saying so), except under CI (CI=true), where it exits 1: there
# a check that cannot run fails.
# The tests take HDR_PROMTOOL instead of PATH when it is set; this script says when that names no executable file.
set -euo pipefail

have_both() { command -v prometheus >/dev/null 2>&1 && command -v promtool >/dev/null 2>&1; }

if ! have_both; then
    log=/tmp/install-prometheus-apt.log
    sudo=""
    [ "$(id -u)" = 0 ] || { sudo -n true 2>/dev/null && sudo="sudo -n"; }
    if { [ "$(id -u)" = 0 ] || [ -n "$sudo" ]; } && command -v apt-get >/dev/null 2>&1; then
        ($sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq prometheus) >"$log" 2>&1 || true
    fi
    if ! have_both; then
        missing=$(for c in prometheus promtool; do command -v "$c" >/dev/null 2>&1 || printf '%s ' "$c"; done)
        if [ "$(id -u)" != 0 ] && [ -z "$sudo" ]; then why="not root and no passwordless sudo, so apt-get install prometheus was not tried"
        elif ! command -v apt-get >/dev/null 2>&1; then why="no apt-get on this system"
        else why="apt-get install prometheus failed (see $log)"; fi
        case "${CI:-}" in
            true | True | TRUE | 1)
                echo "install-prometheus: FAILED under CI: ${missing% }: not on PATH and $why. Install Debian's prometheus package (it brings promtool too) before the run."
                exit 1 ;;
        esac
        echo "install-prometheus: NOT INSTALLED: ${missing% }: not on PATH and $why; the Prometheus end-to-end check will not run and the promtool tests will be skipped."
        exit 0
    fi
fi

echo "prometheus: $(command -v prometheus) ($(prometheus --version 2>&1 | head -n 1))"
echo "promtool: $(command -v promtool) ($(promtool --version 2>&1 | head -n 1))"
if [ -n "${HDR_PROMTOOL:-}" ]; then
    if [ -f "$HDR_PROMTOOL" ] && [ -x "$HDR_PROMTOOL" ]; then
        echo "promtool for the tests: $HDR_PROMTOOL (HDR_PROMTOOL)"
    else
        echo "install-prometheus: HDR_PROMTOOL is '$HDR_PROMTOOL', which is not an executable file: the promtool tests will be skipped. Unset it or point it at promtool." >&2
    fi
fi
