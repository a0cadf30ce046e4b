#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, AddressSanitizer + UBSan; CMake preset `fuzz`) and runs one.
# Usage: scripts/fuzz.sh TARGET [SECONDS] [LIBFUZZER ARGS...]
#   TARGET   scenario (the scenario loader plus a short run), expression (predicate expressions) or
#            cli (prioritylab-sim's command line: arguments one a line, see tests/fuzz/fuzztargets.h)
#   SECONDS  total fuzzing time (default 600)
# e.g. scripts/fuzz.sh scenario 600      scripts/fuzz.sh expression 60 -jobs=1
# Seeds: tests/fuzz/corpus/TARGET/ (plus resources/scenarios/ for scenario); inputs found to be
# interesting are kept in build/fuzz/corpus/TARGET/; a crash, hang or broken invariant is written
# to build/fuzz/artifacts/TARGET/ and libFuzzer stops. Copy it to tests/fuzz/regressions/TARGET/
# (tst_fuzz_regressions replays it in CTest), then fix the bug.
set -euo pipefail

# shellcheck source=scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Fuzzing only: clang and its runtime libraries (libFuzzer, the sanitizers). Not in the default
# list of lib.sh, which needs only g++.
PRIORITYLAB_FUZZ_PACKAGES=(clang libclang-rt-14-dev)

target="${1:-}"
seconds="${2:-600}"
case "$target" in
    scenario|expression|cli) ;;
    *) pl_die "usage: scripts/fuzz.sh scenario|expression|cli [SECONDS] [LIBFUZZER ARGS...]" ;;
esac
shift $(($# >= 2 ? 2 : 1))
[[ "$seconds" =~ ^[0-9]+$ ]] || pl_die "SECONDS must be a whole number, got \"$seconds\""

pl_ensure_packages "${PRIORITYLAB_PACKAGES[@]}" "${PRIORITYLAB_FUZZ_PACKAGES[@]}"
pl_build fuzz

root="$PRIORITYLAB_ROOT"
binary="$root/build/fuzz/bin/fuzz_$target"
[[ -x "$binary" ]] || pl_die "the fuzz target was not built: $binary is missing"
corpus="$root/build/fuzz/corpus/$target"
artifacts="$root/build/fuzz/artifacts/$target"
mkdir -p "$corpus" "$artifacts"

seeds=("$root/tests/fuzz/corpus/$target" "$root/tests/fuzz/regressions/$target")
max_len=4096
if [[ "$target" == scenario ]]; then
    seeds+=("$root/resources/scenarios")
    max_len=16384
fi

export QT_QPA_PLATFORM=offscreen
# halt_on_error: a UBSan report is a crash for libFuzzer too. Leak checking stays on.
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$root/scripts/lsan-suppressions.txt:print_suppressions=0}"

pl_log "fuzzing $target for $seconds s (corpus $corpus, artifacts $artifacts)"
# -timeout: one input taking over 10 s is a hang; -rss_limit_mb: over 2 GB is a leak or blow-up.
exec "$binary" \
    -max_total_time="$seconds" \
    -timeout=10 \
    -rss_limit_mb=2048 \
    -max_len="$max_len" \
    -print_final_stats=1 \
    -dict="$root/tests/fuzz/$target.dict" \
    -artifact_prefix="$artifacts/" \
    "$@" \
    "$corpus" "${seeds[@]}"
