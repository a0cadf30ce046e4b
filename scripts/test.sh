#!/usr/bin/env bash
# Builds PriorityLab and runs every test with CTest, headless (QT_QPA_PLATFORM=offscreen).
# Usage: scripts/test.sh [CTEST ARGS...]      e.g. scripts/test.sh -R scenario
# PRIORITYLAB_PRESET selects the CMake preset: dev (default), release or asan.
set -euo pipefail

# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

preset="${PRIORITYLAB_PRESET:-dev}"

pl_ensure_packages "${PRIORITYLAB_PACKAGES[@]}"
pl_build "$preset"

export QT_QPA_PLATFORM=offscreen
cd "$PRIORITYLAB_ROOT"
status=0
ctest --preset "$preset" "$@" || status=$?
if ((status != 0)); then
    pl_log "tests failed (preset $preset, ctest exit status $status)"
fi
exit "$status"
