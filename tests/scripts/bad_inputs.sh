#!/usr/bin/env bash
# Every malformed file in tests/data/bad/ (listed in tests/data/bad/index.tsv) through every CLI command that
# reads it: each run must exit 1 (invalid input) or 2 (usage/I-O), never by a signal (status >= 128), print
# exactly one line on standard error that names the field (the index's message fragment) or the file, print
# nothing on standard output, and leave no output file behind.
# Usage: bad_inputs.sh BIN_DIR TEST_DATA_DIR
set -uo pipefail

BIN_DIR=$1
DATA_DIR=$2
CLI="$BIN_DIR/gpu-planner-cli"
BAD="$DATA_DIR/bad"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
OUTDIR="$WORK/out"
mkdir -p "$OUTDIR"

[ -x "$CLI" ] || { echo "FAIL: $CLI not found" >&2; exit 1; }
[ -f "$BAD/index.tsv" ] || { echo "FAIL: $BAD/index.tsv not found" >&2; exit 1; }

# A valid plan with one candidate, for the commands that read a catalog or price-sheet file via --overrides.
"$CLI" example >"$WORK/default.gpuplan" || { echo "FAIL: example" >&2; exit 1; }

failures=0
runs=0
files=0

# check FILE FRAGMENT DESCRIPTION -- CLI ARGS...: runs the CLI and checks the contract above.
check() {
    local file=$1 fragment=$2 description=$3
    shift 4
    runs=$((runs + 1))
    local status=0
    if [[ ${STDIN_FILE:-} != "" ]]; then
        timeout 60 "$CLI" "$@" <"$STDIN_FILE" >"$WORK/stdout" 2>"$WORK/stderr" || status=$?
    else
        timeout 60 "$CLI" "$@" </dev/null >"$WORK/stdout" 2>"$WORK/stderr" || status=$?
    fi
    local problems=()
    if ((status == 124)); then
        problems+=("timed out after 60 s (hang)")
    elif ((status >= 128)); then
        problems+=("killed by signal $((status - 128))")
    elif ((status != 1 && status != 2)); then
        problems+=("exit status $status, expected 1 or 2")
    fi
    [[ -s "$WORK/stdout" ]] && problems+=("wrote to standard output: $(head -c 200 "$WORK/stdout")")
    local lines
    lines=$(wc -l <"$WORK/stderr")
    local message
    message=$(cat "$WORK/stderr")
    if ((lines != 1)); then
        problems+=("$lines lines on standard error, expected 1: $(head -c 400 "$WORK/stderr")")
    elif [[ -n $fragment && $message != *"$fragment"* && $message != *"$(basename "$file")"* ]]; then
        problems+=("message names neither \"$fragment\" nor the file: $message")
    elif [[ -z $fragment && $message != *"$(basename "$file")"* && $message != *"<stdin>"* ]]; then
        problems+=("message does not name the file: $message")
    fi
    if [[ -n $(ls -A "$OUTDIR") ]]; then
        problems+=("left files behind: $(ls -A "$OUTDIR" | tr '\n' ' ')")
        rm -rf "${OUTDIR:?}"/* "$OUTDIR"/.[!.]* 2>/dev/null
    fi
    if ((${#problems[@]})); then
        failures=$((failures + 1))
        echo "FAIL: $(basename "$file") ($description): gpu-planner-cli $*" >&2
        for p in "${problems[@]}"; do
            echo "      $p" >&2
        done
    fi
}

while IFS=$'\t' read -r name kind expected fragment description; do
    [[ -z $name || $name == \#* ]] && continue
    file="$BAD/$name"
    [[ -f $file ]] || { echo "FAIL: $name is in index.tsv but missing" >&2; failures=$((failures + 1)); continue; }
    files=$((files + 1))
    case $kind in
    plan)
        check "$file" "$fragment" "$description" -- validate "$file"
        STDIN_FILE="$file" check "$file" "$fragment" "$description" -- validate -
        check "$file" "$fragment" "$description" -- estimate "$file"
        check "$file" "$fragment" "$description" -- estimate "$file" --format csv --output "$OUTDIR/estimate.csv"
        check "$file" "$fragment" "$description" -- plan "$file" --format json
        check "$file" "$fragment" "$description" -- export "$file" --csv "$OUTDIR/report.csv"
        ;;
    catalog | overrides | pricesheet)
        check "$file" "$fragment" "$description" -- catalog validate "$file"
        check "$file" "$fragment" "$description" -- catalog list --overrides "$file"
        check "$file" "$fragment" "$description" -- validate "$WORK/default.gpuplan" --overrides "$file"
        check "$file" "$fragment" "$description" -- estimate "$WORK/default.gpuplan" --overrides "$file"
        check "$file" "$fragment" "$description" -- plan "$WORK/default.gpuplan" --overrides "$file"
        check "$file" "$fragment" "$description" -- export "$WORK/default.gpuplan" --overrides "$file" \
            --csv "$OUTDIR/report.csv"
        ;;
    hfconfig | safetensors)
        # No command imports these (the window does, tests/core/test_robustness_import.cpp checks the import);
        # given where a plan or a catalog is expected they must still be refused cleanly.
        check "$file" "" "$description" -- validate "$file"
        check "$file" "" "$description" -- estimate "$file"
        check "$file" "" "$description" -- catalog validate "$file"
        ;;
    *)
        echo "FAIL: $name: unknown kind \"$kind\" in index.tsv" >&2
        failures=$((failures + 1))
        ;;
    esac
done <"$BAD/index.tsv"

if ((files < 40)); then
    echo "FAIL: only $files bad inputs listed" >&2
    failures=$((failures + 1))
fi
echo "bad_inputs: $files files, $runs runs, $failures failures"
((failures == 0))
