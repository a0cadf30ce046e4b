#!/usr/bin/env bash
# Builds PriorityLab (release preset) and starts the app.
# Usage: scripts/run.sh [SCENARIO.json]   (arguments are passed to the app)
set -euo pipefail

# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

preset="${PRIORITYLAB_PRESET:-release}"

pl_ensure_packages "${PRIORITYLAB_PACKAGES[@]}"
# The app and the command-line runner only: tests and benchmarks are scripts/test.sh's business.
pl_build "$preset" prioritylab prioritylab-sim

app="$PRIORITYLAB_ROOT/build/$preset/bin/prioritylab"
if [[ ! -x "$app" ]]; then
    pl_die "the app was not built: $app is missing (is app/CMakeLists.txt there?)"
fi

if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
    pl_log "No display found (neither DISPLAY nor WAYLAND_DISPLAY is set)."
    pl_log "Starting the app on a virtual X server (xvfb-run): it runs, but you will not see it."
    pl_log "To see the window, run this from a desktop session or with DISPLAY set (e.g. ssh -X)."
    exec xvfb-run -a -s "-screen 0 1600x1000x24" "$app" "$@"
fi

exec "$app" "$@"
