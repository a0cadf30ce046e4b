#!/usr/bin/env bash
# Remakes the README's pictures in docs/screenshots/ (or in DIR) with the app's own --screenshot,
# each on a virtual X screen of the named size (xvfb-run) with the openbox window manager, which
# presentation mode needs to go full screen:
#
#   scripts/screenshots.sh [DIR]          # after cmake --build --preset dev
#
# main-WxH.png              the TTL lesson at cycle 70 in the window the app opens on a WxH screen
# main-WxH-presentation.png the same in presentation mode (full screen, zoomed for the screen)
#                           for 1024x768, 1280x720 and 1920x1080
# default.png               the default scenario after 120 cycles (1400x900 window, 1920x1080 screen)
# lesson-ttl-moved.png      the TTL lesson at cycle 70 (the same window)
# sweep.png                 Analysis > Sweep of resources/sweeps/ttl-low-0-5.json (--sweep-file)
# compare-WxH.png           File > Compare at the three sizes; the app has no command line for it,
#                           tst_compare's fit check writes them (PRIORITYLAB_SHOT_DIR)
# rabbitmq-1280x720.png and compare-rabbitmq.png need the private RabbitMQ node
# (scripts/broker.sh start); they are made again only when it runs.
#
# Needs xvfb (xvfb-run), openbox and fonts-dejavu-core. PRIORITYLAB_BUILD picks another build
# folder (default build/dev).
set -euo pipefail

# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PRIORITYLAB_ROOT"

build=${PRIORITYLAB_BUILD:-build/dev}
app=$build/bin/prioritylab
out=${1:-docs/screenshots}
lesson=resources/scenarios/lesson-ttl-moved.json
for tool in xvfb-run openbox; do
    command -v "$tool" >/dev/null || { echo "screenshots.sh: $tool is missing (apt-get install xvfb openbox)" >&2; exit 1; }
done
[ -x "$app" ] || { echo "screenshots.sh: $app is missing; build first (cmake --build --preset dev)" >&2; exit 1; }
mkdir -p "$out"
# Settings of a private folder: the pictures never depend on the user's zoom, layout or speed.
XDG_CONFIG_HOME=$(mktemp -d)
export XDG_CONFIG_HOME
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT

# on_screen SIZE COMMAND...: runs COMMAND on a SIZE (WxH) virtual screen with openbox.
on_screen() {
    local size=$1
    shift
    # shellcheck disable=SC2016 # the inner script expands its own arguments
    xvfb-run -a -s "-screen 0 ${size}x24" bash -c '
        openbox >/dev/null 2>&1 & wm=$!
        sleep 0.5
        status=0; "$@" || status=$?
        kill "$wm" 2>/dev/null; wait "$wm" 2>/dev/null
        exit "$status"' _ "$@"
}

# shot SIZE NAME ARGS...: the main window (or the Sweep window) on a SIZE screen to NAME.
shot() {
    local size=$1 name=$2
    shift 2
    on_screen "$size" "$app" --screenshot "$out/$name" "$@"
    echo "$out/$name $(file -b "$out/$name" | grep -o '[0-9]* x [0-9]*')"
}

for size in 1024x768 1280x720 1920x1080; do
    shot "$size" "main-$size.png" --cycles 70 "$lesson"
    shot "$size" "main-$size-presentation.png" --cycles 70 --presentation "$lesson"
done
# The first pictures of the README: a roomy window (1400x900) on a full HD screen.
shot 1920x1080 default.png --cycles 120
shot 1920x1080 lesson-ttl-moved.png --cycles 70 "$lesson"
shot 1920x1080 sweep.png --sweep-file resources/sweeps/ttl-low-0-5.json

# Compare: written by tst_compare at 1024x768, 1280x720 and 1920x1080 (window less its frame).
# (On X, without a window manager, the window is not active: no focus outline over the picture.)
PRIORITYLAB_SHOT_DIR="$PWD/$out" QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1920x1080x24" \
    "$build/tests/tst_compare" windowFitsTheScreen >/dev/null
for size in 1024x768 1280x720 1920x1080; do
    echo "$out/compare-$size.png $(file -b "$out/compare-$size.png" | grep -o '[0-9]* x [0-9]*')"
done

# With the private RabbitMQ node running: the mirrored run and Compare Simulated vs RabbitMQ.
if url=$(scripts/broker.sh url 2>/dev/null) && [ -n "$url" ]; then
    shot 1280x720 rabbitmq-1280x720.png --amqp "$url" --cycles 40
    PRIORITYLAB_SHOT_DIR="$PWD/$out" QT_QPA_PLATFORM=offscreen \
        "$build/tests/tst_amqp_free_running" appComparesSimulatedWithReal >/dev/null
    echo "$out/compare-rabbitmq.png"
else
    echo "screenshots.sh: RabbitMQ node not running (scripts/broker.sh start): rabbitmq-1280x720.png and compare-rabbitmq.png kept" >&2
fi
