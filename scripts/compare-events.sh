#!/bin/sh
# Compares the --events streams of two prioritylab-sim builds on every preset (300 cycles), e.g.
# before and after a change to the engine or the runner: scripts/compare-events.sh OLD NEW.
# Prints one line per preset; exits 1 if any stream differs.
set -u
old=${1:?usage: compare-events.sh OLD-prioritylab-sim NEW-prioritylab-sim}
new=${2:?usage: compare-events.sh OLD-prioritylab-sim NEW-prioritylab-sim}
cd "$(dirname "$0")/.." || exit 1
status=0
for file in resources/scenarios/*.json; do
    a=$("$old" --scenario "$file" --cycles 300 --events - 2>/dev/null | sha256sum)
    b=$("$new" --scenario "$file" --cycles 300 --events - 2>/dev/null | sha256sum)
    if [ "$a" = "$b" ]; then
        echo "same      $file"
    else
        echo "DIFFERENT $file"
        status=1
    fi
done
exit $status
