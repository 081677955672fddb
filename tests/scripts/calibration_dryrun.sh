#!/usr/bin/env bash
# The GPU calibration tooling without a GPU or torch (tests/calibration/test_measure_dryrun.py): the measurement
# grid covers every axis in >= 40 rows and its estimated run fits 7 minutes on an H200, the run loop keeps to its
# budget and records errors per row, and measured files convert into plans that gpu-planner-cli accepts.
# Usage: calibration_dryrun.sh BIN_DIR TEST_DATA_DIR
set -euo pipefail

BIN_DIR=${1:?usage: calibration_dryrun.sh BIN_DIR TEST_DATA_DIR}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
command -v python3 >/dev/null || fail "python3 is required (apt-get install python3)"
[ -x "$BIN_DIR/gpu-planner-cli" ] || fail "$BIN_DIR/gpu-planner-cli not found"
export GP_CLI="$BIN_DIR/gpu-planner-cli"

cd "$ROOT"
python3 tests/calibration/test_measure_dryrun.py
