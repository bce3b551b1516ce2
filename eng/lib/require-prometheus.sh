# Sourced by the checks that CI runs against a real Prometheus (eng/prometheus-e2e.sh, eng/prometheus-push-check.sh):
# require_prometheus NAME returns when `prometheus` is on PATH, or installed by eng/install-prometheus.sh, which says
# why when it cannot be (its exit code is not the check's: it also fails under CI for a missing promtool, which the
# tests need and these checks do not). Otherwise it prints what the installer said and one line saying that the check
# NAME did not run, and exits 0, except under CI (CI=true), where a check that did not run fails: exit 1.
require_prometheus() {
    local installed
    installed=$(eng/install-prometheus.sh 2>&1) || true
    command -v prometheus >/dev/null 2>&1 && return 0
    echo "$installed"
    case "${CI:-}" in
        true | True | TRUE | 1)
            echo "$1: FAILED: the check did not run under CI: prometheus is not on PATH (eng/install-prometheus.sh said why above)."
            exit 1 ;;
    esac
    echo "$1: NOT RUN: prometheus is not on PATH (eng/install-prometheus.sh said why above)."
    exit 0
}
