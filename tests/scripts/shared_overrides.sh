#!/usr/bin/env bash
# Issue 45, two writers of one overrides file as real processes: two `gpu-planner-cli catalog import`s started at
# once into the same file, ten times over, each time every entry of both imports is in the file (before the lock
# one import was lost in 20 of 20 runs, both exiting 0). Then the terminal: control characters in a plan's title
# and labels are escaped on standard error always and on standard output when it is a terminal (a pty), and kept
# exactly in JSON written to a file.
# Usage: shared_overrides.sh BIN_DIR TEST_DATA_DIR
set -euo pipefail

BIN_DIR=$1
DATA_DIR=$2
CLI="$BIN_DIR/gpu-planner-cli"
CLOUD="$DATA_DIR/cloud"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
command -v python3 >/dev/null || fail "python3 is required"

# Each import alone, for the entries it contributes.
import_a=(catalog import "$CLOUD/tencent-describe-zone-instance-config-infos.json" --currency CNY)
import_b=(catalog import "$CLOUD/aws-ec2-describe-instance-types.json")
"$CLI" "${import_a[@]}" --overrides "$WORK/a.json" >/dev/null 2>&1
"$CLI" "${import_b[@]}" --overrides "$WORK/b.json" >/dev/null 2>&1

# keys FILE: every instance id, price id and stock id of an overrides file, one a line.
keys() {
    python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
for i in d.get("instances", []):
    print("instance", i["id"])
for k in d.get("prices", {}):
    print("price", k)
for k in d.get("availability", {}):
    print("stock", k)
PY
}
sort -u <(keys "$WORK/a.json") <(keys "$WORK/b.json") >"$WORK/expected"
[ "$(wc -l <"$WORK/expected")" -gt 2 ] || fail "the two imports contribute too little to tell a lost one"

lost=0
for run in $(seq 1 10); do
    rm -f "$WORK/shared.json"
    "$CLI" "${import_a[@]}" --overrides "$WORK/shared.json" >"$WORK/out-a" 2>"$WORK/err-a" &
    pid_a=$!
    "$CLI" "${import_b[@]}" --overrides "$WORK/shared.json" >"$WORK/out-b" 2>"$WORK/err-b" &
    pid_b=$!
    wait "$pid_a" || fail "run $run: import A exited $?: $(cat "$WORK/err-a")"
    wait "$pid_b" || fail "run $run: import B exited $?: $(cat "$WORK/err-b")"
    keys "$WORK/shared.json" | sort -u >"$WORK/got"
    if ! diff -q "$WORK/expected" "$WORK/got" >/dev/null; then
        lost=$((lost + 1))
        echo "run $run lost: $(comm -23 "$WORK/expected" "$WORK/got" | head -3 | tr '\n' ' ')" >&2
    fi
done
((lost == 0)) || fail "$lost of 10 concurrent import pairs lost entries"
ls -A "$WORK" | grep -q '\.tmp\.' && fail "a temporary was left behind: $(ls -A "$WORK")"
echo "10 concurrent import pairs: nothing lost"

# Terminal escapes: a title with OSC 52 (clipboard write) and a candidate with CSI as one C1 character.
"$CLI" example >"$WORK/plan.gpuplan"
python3 - "$WORK/plan.gpuplan" "$WORK/evil.gpuplan" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1], encoding="utf-8"))
plan["title"] = "report \x1b]52;c;aGk=\x07 done"
plan["candidates"] = [{"instance": "aws:p5.48xlarge\u009b2J"}]
json.dump(plan, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PY
status=0
"$CLI" estimate "$WORK/evil.gpuplan" --format table >/dev/null 2>"$WORK/err" || status=$?
((status == 1)) || fail "an unknown candidate exits 1, got $status"
python3 - "$WORK/err" <<'PY' || fail "standard error carries raw control characters: $(cat -v "$WORK/err")"
import sys
raw = open(sys.argv[1], "rb").read()
assert b"\x1b" not in raw and b"\xc2\x9b" not in raw, raw
assert b"\\u009b2J" in raw, raw
PY
# Standard output on a terminal: the table's title line is escaped; the same output into a file is exact JSON.
python3 - "$CLI" "$WORK/evil.gpuplan" <<'PY' || fail "standard output on a terminal carries raw control characters"
import json, os, pty, sys
cli, plan = sys.argv[1], sys.argv[2]
doc = json.load(open(plan, encoding="utf-8"))
doc["candidates"] = [{"instance": "aws:p5.48xlarge"}]
doc.setdefault("search", {})["enabled"] = False
good = plan + ".titled"
json.dump(doc, open(good, "w", encoding="utf-8"), ensure_ascii=False)
pid, fd = pty.fork()
if pid == 0:
    os.execv(cli, [cli, "validate", good])
out = b""
while True:
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
os.waitpid(pid, 0)
assert b"\x1b" not in out and b"\x07" not in out, out
assert b"\\x1b]52" in out, out  # the title is there, escaped
PY
echo "terminal output escaped"
