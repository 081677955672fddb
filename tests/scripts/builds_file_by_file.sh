#!/usr/bin/env bash
# Every C++ source compiles on its own, outside the unity batches CI's builds use (issue #37): a file that builds
# only beside its batch (a missing #include, a neighbour's helper) fails here, naming the file. Sources whose text,
# project headers, flags and compiler are unchanged since they last compiled alone are taken from
# tests/file_by_file.stamp (scripts/file-by-file --record writes it); every other source is compiled alone
# (scripts/lib/file_by_file.py says how). First the check shows it can fail.
# Usage: builds_file_by_file.sh BIN_DIR TEST_DATA_DIR   (the source tree is TEST_DATA_DIR/../..)
set -euo pipefail
ROOT="$(cd "$2/../.." && pwd)"
python3 "$ROOT/scripts/lib/file_by_file.py" --self-check
python3 "$ROOT/scripts/lib/file_by_file.py" "$ROOT"
