#!/usr/bin/env bash
# Builds the Debian package of PriorityLab and checks that it installs and runs as a lab machine
# would use it: `apt-get install ./prioritylab_VERSION_ARCH.deb`, then `prioritylab-sim` from PATH
# on an installed preset; removes the package again afterwards (unless it was installed before).
# Usage: scripts/package-test.sh            (PRIORITYLAB_PRESET selects the build: dev by default;
#                                             a release package for lab machines comes from
#                                             `cmake --build --preset release --target package`)
# Needs root or sudo (it installs a package). CI (.ci/run) runs it after the test suite.
set -euo pipefail

# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

preset="${PRIORITYLAB_PRESET:-dev}"
pl_ensure_packages "${PRIORITYLAB_PACKAGES[@]}" dpkg-dev
pl_build "$preset" package

build_dir="$PRIORITYLAB_ROOT/build/$preset"
mapfile -t debs < <(find "$build_dir" -maxdepth 1 -name 'prioritylab_*.deb' -newer "$build_dir/CMakeCache.txt")
((${#debs[@]} == 1)) || pl_die "expected one new prioritylab_*.deb in $build_dir, found ${#debs[@]}"
deb="${debs[0]}"

sudo=()
if [[ "$(id -u)" -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || pl_die "installing $deb needs root or sudo"
    sudo=(sudo)
fi
was_installed=0
if dpkg-query -W -f='${Status}' prioritylab 2>/dev/null | grep -q "install ok installed"; then
    was_installed=1
fi
cleanup() {
    if ((was_installed == 0)); then
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get remove -y -q prioritylab >/dev/null 2>&1 || true
    fi
}
trap cleanup EXIT

pl_log "installing $deb"
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$deb" >&2

# From PATH, not from the build tree: a clean environment whose PATH has only system folders.
sim="$(env -i PATH=/usr/local/bin:/usr/bin:/bin bash -c 'command -v prioritylab-sim')" \
    || pl_die "prioritylab-sim is not on PATH after installing the package"
[[ "$sim" == /usr/bin/prioritylab-sim ]] || pl_die "prioritylab-sim found at $sim, expected /usr/bin"
version="$(env -i PATH=/usr/bin:/bin prioritylab-sim --version)"
pl_log "installed: $version"
env -i PATH=/usr/bin:/bin prioritylab-sim --scenario /usr/share/prioritylab/scenarios/reference-priority.json \
    --summary - >/dev/null || pl_die "the installed prioritylab-sim failed on an installed preset"
for f in /usr/bin/prioritylab /usr/share/applications/org.prioritylab.PriorityLab.desktop \
         /usr/share/metainfo/org.prioritylab.PriorityLab.metainfo.xml \
         /usr/share/mime/packages/org.prioritylab.PriorityLab.xml \
         /usr/share/icons/hicolor/scalable/apps/org.prioritylab.PriorityLab.svg; do
    [[ -e "$f" ]] || pl_die "the package does not install $f"
done
if command -v appstreamcli >/dev/null 2>&1; then
    appstreamcli validate --no-net --pedantic /usr/share/metainfo/org.prioritylab.PriorityLab.metainfo.xml >&2 || true
fi
pl_log "package test passed: $deb installs, prioritylab-sim runs from PATH"
