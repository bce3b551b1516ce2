#!/usr/bin/env bash
# Installs the operating system's Chromium for the HTML report's browser tests (HdrHistogram.Plotting.BrowserTests,
# Microsoft.Playwright driving it through LaunchOptions.ExecutablePath; no browser is downloaded) and for eng/plots.sh's
# screenshot. Idempotent: does nothing when Chromium is already there. Debian/Ubuntu (apt-get); needs root or sudo.
# Without Chromium the browser tests are skipped with a message saying so, not failed.
set -euo pipefail

if [ -n "${HDR_CHROMIUM:-}" ] && [ -x "$HDR_CHROMIUM" ]; then
    echo "chromium: $HDR_CHROMIUM (HDR_CHROMIUM)"
    exit 0
fi

for candidate in /usr/lib/chromium/chromium "$(command -v chromium 2>/dev/null || true)" "$(command -v chromium-browser 2>/dev/null || true)"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ]; then
        echo "chromium: $candidate (already installed)"
        exit 0
    fi
done

if ! command -v apt-get >/dev/null 2>&1; then
    echo "eng/install-chromium.sh: no apt-get here; install Chromium with the system's package manager, or set HDR_CHROMIUM to its executable" >&2
    exit 1
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
echo "chromium: $(command -v chromium) ($(/usr/lib/chromium/chromium --version 2>/dev/null || echo installed))"
