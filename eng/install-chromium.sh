#!/usr/bin/env bash
# Installs the operating system's Chromium for the HTML report's browser tests (HdrHistogram.Plotting.BrowserTests,
# Microsoft.Playwright driving it through LaunchOptions.ExecutablePath; no browser is downloaded) and for eng/plots.sh's
# screenshot. Idempotent: does nothing when Chromium is already there. Debian/Ubuntu (apt-get); needs root or sudo.
# Fails when HDR_CHROMIUM names no executable (the tests would take that name and skip). Without Chromium the browser
# tests are skipped with a message saying so; under CI (CI=true) eng/test-summary.sh fails the run for it.
set -euo pipefail

# The tests use HDR_CHROMIUM, when it is set, and nothing else: so does this script.
if [ -n "${HDR_CHROMIUM:-}" ]; then
    if [ -x "$HDR_CHROMIUM" ] && [ -f "$HDR_CHROMIUM" ]; then
        echo "chromium: $HDR_CHROMIUM (HDR_CHROMIUM)"
        exit 0
    fi
    echo "eng/install-chromium.sh: HDR_CHROMIUM is '$HDR_CHROMIUM', which is not an executable file; the browser tests would skip. Unset it or point it at Chromium." >&2
    exit 1
fi

# The same places, in the same order, as the tests look (HdrHistogram.Plotting.BrowserTests: Chromium.Path).
for candidate in /usr/lib/chromium/chromium "$(command -v chromium 2>/dev/null || true)" "$(command -v chromium-browser 2>/dev/null || true)" \
    "$(command -v google-chrome 2>/dev/null || true)" "$(command -v chrome 2>/dev/null || true)"; do
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
