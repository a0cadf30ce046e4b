# shellcheck shell=bash
# Shared helpers for scripts/run.sh and scripts/test.sh. Source it, do not run it.

# Absolute path of the repository root (the folder holding CMakePresets.json).
PRIORITYLAB_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PRIORITYLAB_ROOT

# Debian packages needed to build, test and run PriorityLab.
# qt6-declarative-dev provides Qt Qml (QJSEngine evaluates predicate expressions);
# xvfb + xauth let the app start without a display; fonts-dejavu-core gives Qt a font to render.
# librabbitmq-dev (rabbitmq-c) is the AMQP client of the RabbitMQ bridge; rabbitmq-server gives
# the tests (and users without a broker) the private node of scripts/broker.sh.
# shellcheck disable=SC2034 # used by the scripts that source this file
PRIORITYLAB_PACKAGES=(
    build-essential
    cmake
    ninja-build
    qt6-base-dev
    qt6-charts-dev
    libqt6opengl6-dev
    qt6-declarative-dev
    qt6-svg-dev
    xvfb
    xauth
    fonts-dejavu-core
    librabbitmq-dev
    rabbitmq-server
)

pl_log() {
    printf '[prioritylab] %s\n' "$*" >&2
}

pl_die() {
    pl_log "error: $*"
    exit 1
}

# pl_ensure_packages PKG...: installs the Debian packages among PKG that are not installed yet.
# Prints what it installs, or nothing when everything is present. Uses apt-get as root, sudo
# otherwise. Set PRIORITYLAB_SKIP_DEPS=1 to skip the check (e.g. on a non-Debian machine).
pl_ensure_packages() {
    if [[ "${PRIORITYLAB_SKIP_DEPS:-0}" == 1 ]]; then
        return 0
    fi
    if ! command -v dpkg-query >/dev/null 2>&1; then
        pl_log "dpkg-query not found: not a Debian system, skipping the package check."
        pl_log "Install a C++20 compiler, CMake >= 3.21, Ninja and Qt >= 6.4 (Core Gui Widgets Charts Qml Test) yourself."
        return 0
    fi

    local missing=() pkg status
    for pkg in "$@"; do
        status="$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)"
        if [[ "$status" != "install ok installed" ]]; then
            missing+=("$pkg")
        fi
    done
    if ((${#missing[@]} == 0)); then
        return 0
    fi

    local sudo=()
    if [[ "$(id -u)" -ne 0 ]]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            pl_die "missing packages: ${missing[*]} (not root and no sudo; install them by hand)"
        fi
    fi

    pl_log "installing missing packages: ${missing[*]}"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
}

# pl_build PRESET [TARGET...]: configures (cheap when already configured; also picks up parts
# added since) and builds the given CMake preset, all targets or only TARGET...
# PRIORITYLAB_JOBS overrides the parallelism (default 2).
pl_build() {
    local preset="$1"
    shift
    local targets=()
    if (($# > 0)); then
        targets=(--target "$@")
    fi
    (
        cd "$PRIORITYLAB_ROOT" || exit 1
        cmake --preset "$preset" >&2
        cmake --build --preset "$preset" --parallel "${PRIORITYLAB_JOBS:-2}" "${targets[@]}" >&2
    )
}
