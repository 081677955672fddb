#!/usr/bin/env bash
# gpu-planner-cli's output on the real binary: standard output that fails (/dev/full, closed, a full disk) is exit 2
# with a message; special files (FIFO, /dev/null, /dev/stdout) are written, never replaced; destinations are
# checked before anything is written; an output that is an input is refused; out of memory is exit 1, no signal.
# Usage: cli_outputs.sh BIN_DIR TEST_DATA_DIR
set -uo pipefail

BIN_DIR=$1
CLI="$BIN_DIR/gpu-planner-cli"
WORK=$(mktemp -d)
MOUNTED=""
cleanup() {
    [[ -n $MOUNTED ]] && umount "$MOUNTED" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT
[ -x "$CLI" ] || { echo "FAIL: $CLI not found" >&2; exit 1; }

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}
# expect STATUS FRAGMENT -- COMMAND...: the command's exit status and a fragment of its standard error.
expect() {
    local want=$1 fragment=$2
    shift 3
    local status=0
    "$@" 2>"$WORK/stderr" || status=$?
    if ((status != want)); then
        fail "$* exited $status, expected $want: $(head -c 300 "$WORK/stderr")"
    elif [[ -n $fragment ]] && ! grep -qF -- "$fragment" "$WORK/stderr"; then
        fail "$* did not say \"$fragment\": $(head -c 300 "$WORK/stderr")"
    fi
}

"$CLI" example >"$WORK/p.gpuplan" || { echo "FAIL: example" >&2; exit 1; }
P="$WORK/p.gpuplan"

# Standard output that cannot be written.
if [[ -w /dev/full ]]; then
    expect 2 "cannot write to standard output" -- sh -c "\"$CLI\" example > /dev/full"
    expect 2 "cannot write to standard output" -- sh -c "\"$CLI\" plan \"$P\" > /dev/full"
    expect 2 "cannot write to standard output" -- sh -c "\"$CLI\" catalog list > /dev/full"
fi
expect 2 "cannot write to standard output" -- sh -c "\"$CLI\" estimate \"$P\" >&-"

# A full disk, when this runs as root and may mount a small tmpfs.
if [[ $(id -u) == 0 ]] && mkdir -p "$WORK/full" && mount -t tmpfs -o size=32k tmpfs "$WORK/full" 2>/dev/null; then
    MOUNTED="$WORK/full"
    head -c 20000 /dev/zero >"$WORK/full/filler"
    printf 'previous results\n' >"$WORK/full/out.json"
    expect 2 "cannot write to standard output" -- sh -c "\"$CLI\" plan \"$P\" > \"$WORK/full/stdout.json\""
    expect 2 "out.json" -- "$CLI" plan "$P" --output "$WORK/full/out.json"
    [[ $(cat "$WORK/full/out.json") == "previous results" ]] || fail "--output on a full disk changed the old file"
    [[ -z $(ls -A "$WORK/full" | grep -v -e '^filler$' -e '^out.json$' -e '^stdout.json$') ]] ||
        fail "temporary files left on the full disk: $(ls -A "$WORK/full")"
    umount "$WORK/full" && MOUNTED=""
else
    echo "note: not root or no tmpfs; the full-disk case is covered by /dev/full and the core tests"
fi

# Special files are written directly.
mkfifo "$WORK/fifo"
timeout 60 cat "$WORK/fifo" >"$WORK/from-fifo" &
reader=$!
expect 0 "" -- timeout 60 "$CLI" estimate "$P" --output "$WORK/fifo"
wait $reader
[[ -p $WORK/fifo ]] || fail "--output FIFO replaced the FIFO"
grep -q '"results"' "$WORK/from-fifo" || fail "--output FIFO: the reader got no results"
# A character device: as root, a node of its own like /dev/null (a regression must not replace the real one).
NULL_DEVICE=/dev/null
if [[ $(id -u) == 0 ]] && mknod "$WORK/null" c 1 3 2>/dev/null; then
    NULL_DEVICE="$WORK/null"
fi
expect 0 "" -- "$CLI" estimate "$P" --format csv --output "$NULL_DEVICE"
[[ -c $NULL_DEVICE ]] || fail "--output $NULL_DEVICE replaced the character device"
expect 0 "" -- sh -c "\"$CLI\" estimate \"$P\" --output /dev/stdout > \"$WORK/via-stdout.json\""
grep -q '"results"' "$WORK/via-stdout.json" || fail "--output /dev/stdout did not reach the redirected file"
expect 0 "" -- "$CLI" export "$P" --csv "$NULL_DEVICE"
[[ -c $NULL_DEVICE ]] || fail "export --csv $NULL_DEVICE replaced the character device"

# Destinations checked before any is written; none may be an input or repeat another.
mkdir -p "$WORK/out"
expect 2 "does not exist" -- "$CLI" export "$P" --csv "$WORK/out/a.csv" --cost-csv "$WORK/out/missing-dir/b.csv"
[[ -e $WORK/out/a.csv ]] && fail "export left a.csv behind although b.csv could not be written"
expect 2 "same file" -- "$CLI" export "$P" --csv "$WORK/out/a.csv" --cost-csv "$WORK/out/a.csv"
[[ -e $WORK/out/a.csv ]] && fail "export wrote a.csv although it was named twice"
cp "$P" "$WORK/before.gpuplan"
expect 2 "is also an input" -- "$CLI" estimate "$P" --output "$P"
cmp -s "$P" "$WORK/before.gpuplan" || fail "estimate --output PLAN overwrote the plan"
expect 2 "given more than once" -- "$CLI" estimate "$P" --format csv --format json
expect 2 "--no-bom is given more than once" -- "$CLI" export "$P" --csv "$WORK/out/bom.csv" --no-bom --no-bom
[[ -e $WORK/out/bom.csv ]] && fail "export wrote bom.csv although its options were rejected"
expect 2 "read only once" -- sh -c "\"$CLI\" estimate - --overrides - < \"$P\""

# Out of memory: a message and exit 1 (invalid input: the plan is too large for this machine), never a signal and
# never another status, in every command that reads a plan. A plan with 20 MB of
# unknown fields under a 120-200 MB address-space limit runs out on this machine's libraries; elsewhere it may fit,
# which passes too. (Address-space limits do not apply under ASan, whose shadow memory needs terabytes.)
if [[ "$(ldd "$CLI" 2>/dev/null)" != *libasan* ]]; then
    { printf '{"padding": "'; head -c 20000000 /dev/zero | tr '\0' y; printf '",'; tail -c +2 "$P"; } >"$WORK/big.gpuplan"
    ran_out=0
    for limit in 120000 200000; do
        for spec in "plan|" "estimate|" "validate|" "export|--csv $WORK/out/oom.csv" "export|--pdf $WORK/out/oom.pdf"; do
            command=${spec%%|*}
            read -r -a extra <<<"${spec#*|}"
            status=0
            (ulimit -v $limit && exec "$CLI" "$command" "$WORK/big.gpuplan" "${extra[@]}") >/dev/null 2>"$WORK/oom" ||
                status=$?
            if ((status >= 128)); then
                fail "$command under a ${limit} kB limit died by signal $((status - 128)): $(head -c 300 "$WORK/oom")"
            elif ((status != 0)) && ! grep -q "out of memory" "$WORK/oom"; then
                fail "$command under a ${limit} kB limit exited $status without saying out of memory: $(head -c 300 "$WORK/oom")"
            elif ((status != 0 && status != 1)); then
                fail "$command under a ${limit} kB limit said out of memory but exited $status, not 1"
            elif ((status == 1)); then
                ran_out=$((ran_out + 1))
            fi
        done
    done
    # The smaller limit is below what reading a 20 MB document takes here: at least the commands run out there,
    # or this check would never see the out-of-memory path at all.
    ((ran_out >= 5)) || fail "only $ran_out of 10 runs ran out of memory; the check no longer reaches the path it tests"
fi

echo "cli_outputs: $failures failures"
((failures == 0))
