#!/bin/sh
# Re-records the golden --events streams that tests/cli/tst_golden_events compares byte for byte,
# one file per case of tests/data/golden/cases.txt (tests/data/golden/NAME.jsonl). Run it only
# when a change to the events is meant (the stream is a contract, docs/design.md §7), and say why
# in the commit: scripts/record-golden.sh [PRIORITYLAB-SIM] (default: the dev build's).
set -eu
cd "$(dirname "$0")/.."
sim=${1:-build/dev/bin/prioritylab-sim}
[ -x "$sim" ] || { echo "record-golden.sh: no runner at $sim; build first or pass its path" >&2; exit 1; }
grep -v '^#' tests/data/golden/cases.txt | while read -r scenario cycles; do
    [ -n "$scenario" ] || continue
    name=$(basename "$scenario" .json)
    name=${name%.scenario}
    out=tests/data/golden/$name.jsonl
    if [ "$cycles" = "-" ]; then
        "$sim" --scenario "$scenario" --events "$out" 2>/dev/null
    else
        "$sim" --scenario "$scenario" --cycles "$cycles" --events "$out" 2>/dev/null
    fi
    echo "$(wc -c <"$out") bytes  $out"
done
