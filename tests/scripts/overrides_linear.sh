#!/usr/bin/env bash
# Reading and merging an overrides file grows linearly with its machines (issue 45: the merge was quadratic, 40,000
# machines took 5.6 s and 100,000 44.7 s). core_bench's BM_OverridesLoad reads and merges 12,500 and 100,000
# on-premise machines in the release build; linear work grows 8x between them, the quadratic merge grew 64x. The
# bound leaves 3x for noise (24x) and stays far under 64x. Processor time, so other programs on the machine do not
# count. (Under the sanitizers the per-machine cost is so large that a quadratic merge would not show, which is why
# this runs on the release build.)
# Usage: overrides_linear.sh BIN_DIR TEST_DATA_DIR
set -euo pipefail
BIN_DIR=${1:?usage: overrides_linear.sh BIN_DIR TEST_DATA_DIR}
[ -x "$BIN_DIR/core_bench" ] || { echo "FAIL: $BIN_DIR/core_bench not found (libbenchmark-dev)" >&2; exit 1; }
OUT=$(mktemp)
trap 'rm -f "$OUT"' EXIT
"$BIN_DIR/core_bench" --benchmark_filter='^BM_OverridesLoad/' --benchmark_format=json >"$OUT"
python3 - "$OUT" <<'PY'
import json, sys
runs = {r["name"]: r for r in json.load(open(sys.argv[1]))["benchmarks"]}
small, large = runs["BM_OverridesLoad/12500/iterations:2"], runs["BM_OverridesLoad/100000/iterations:2"]
for run in (small, large):
    if run.get("error_occurred"):
        sys.exit(f"FAIL: {run['name']}: {run.get('error_message')}")
ratio = large["cpu_time"] / max(small["cpu_time"], 1.0)  # milliseconds
print(f"overrides of 12,500 machines: {small['cpu_time']:.1f} ms; 100,000: {large['cpu_time']:.1f} ms "
      f"(processor time, {ratio:.1f}x for 8x the machines)")
if ratio >= 24:
    sys.exit("FAIL: read + merge grew faster than linearly")
PY
