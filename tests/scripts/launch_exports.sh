#!/usr/bin/env bash
# Launch files on the real binary: every exported file is read by its format's own parser (Python's tomllib,
# yaml.safe_load_all, json; bash -n for scripts), the Kubernetes manifests pass the schema subset in
# tests/data/launch/k8s-schema-subset.json with the recommended instance type and GPU count, every field of the
# real launch files in tests/data/launch is either used or listed as ignored (never silently dropped), and bad
# input exits 1 naming the file, the line and the field.
# Usage: launch_exports.sh BIN_DIR TEST_DATA_DIR
set -uo pipefail

BIN_DIR=$1
DATA=$2
CLI="$BIN_DIR/gpu-planner-cli"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
[ -x "$CLI" ] || { echo "FAIL: $CLI not found" >&2; exit 1; }
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# One candidate each, so every answer is quick.
"$CLI" example | python3 -c 'import json,sys; p=json.load(sys.stdin); p["candidates"]=[{"instance":"tencent:GT4.41XLARGE948","nodes":"auto"}]; json.dump(p,sys.stdout)' >"$WORK/train.gpuplan"
"$CLI" example --serving | python3 -c 'import json,sys; p=json.load(sys.stdin); p["candidates"]=[{"instance":"tencent:GNV7-8GPU","nodes":"auto"}]; json.dump(p,sys.stdout)' >"$WORK/serve.gpuplan"
"$CLI" plan "$WORK/train.gpuplan" --format json >"$WORK/train-answer.json" || fail "plan train"
"$CLI" plan "$WORK/serve.gpuplan" --format json >"$WORK/serve-answer.json" || fail "plan serve"
"$CLI" catalog list --instances --format json >"$WORK/catalog.json" || fail "catalog list"

for format in torchtitan megatron deepspeed hf litgpt k8s; do
    "$CLI" export "$WORK/train.gpuplan" --launch $format --output "$WORK/train-$format" >/dev/null 2>"$WORK/err" || fail "export --launch $format: $(cat "$WORK/err")"
done
for format in vllm sglang k8s; do
    "$CLI" export "$WORK/serve.gpuplan" --launch $format --output "$WORK/serve-$format" >/dev/null 2>"$WORK/err" || fail "export --launch $format (serving): $(cat "$WORK/err")"
done
# A plan's own CUDA-graph capture sizes are written in each engine's syntax and read back (issue #39).
python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); p["workload"]["serving"].setdefault("engine", {})["cuda_graph_batch_sizes"]=[1, 8, 64]; json.dump(p,sys.stdout)' "$WORK/serve.gpuplan" >"$WORK/graphs.gpuplan"
for format in vllm sglang; do
    "$CLI" export "$WORK/graphs.gpuplan" --launch $format --output "$WORK/serve-graphs-$format" >/dev/null 2>"$WORK/err" || fail "export --launch $format (capture sizes): $(cat "$WORK/err")"
    for f in "$WORK/serve-graphs-$format"/*; do
        "$CLI" import "$f" >"$WORK/graphs-import" 2>&1 || fail "import $f: $(cat "$WORK/graphs-import")"
        tr -d ' \n' <"$WORK/graphs-import" | grep -qF '"cuda_graph_batch_sizes":[1,8,64]' || fail "import $f did not give the capture sizes: $(cat "$WORK/graphs-import")"
    done
done
# The other kind of format is refused, and nothing is written.
if "$CLI" export "$WORK/serve.gpuplan" --launch torchtitan --output "$WORK/refused" 2>"$WORK/err"; then
    fail "a serving plan exported torchtitan"
fi
[ -e "$WORK/refused" ] && fail "a refused export left $WORK/refused"
# A file that cannot be written (a folder stands where it goes): exit 2, the message names that file (never an
# internal marker), and no other file of the export is written.
first=$(ls "$WORK/train-torchtitan" | head -n 1)
mkdir -p "$WORK/blocked/$first"
"$CLI" export "$WORK/train.gpuplan" --launch torchtitan --output "$WORK/blocked" >/dev/null 2>"$WORK/err"
rc=$?
[ "$rc" = 2 ] || fail "export into a blocked file: exit $rc, want 2: $(cat "$WORK/err")"
grep -qF "$WORK/blocked/$first: is a directory" "$WORK/err" || fail "export into a blocked file: $(cat "$WORK/err")"
grep -q "io:" "$WORK/err" && fail "export into a blocked file printed an internal marker: $(cat "$WORK/err")"
[ "$(ls "$WORK/blocked")" = "$first" ] || fail "a failed export wrote some files: $(ls "$WORK/blocked")"

# Every file through its own parser; the headers name the plan, the candidate, the numbers and the version.
for f in "$WORK"/train-*/* "$WORK"/serve-*/*; do
    case "$f" in
    *.sh) bash -n "$f" || fail "bash -n $f" ;;
    esac
done
python3 - "$WORK" "$DATA/launch/k8s-schema-subset.json" <<'PY' || failures=$((failures + 1))
import glob, json, os, re, sys, tomllib, yaml

work, schema_path = sys.argv[1], sys.argv[2]
schema = json.load(open(schema_path))["definitions"]
errors = []
version = os.popen(os.environ.get("CLI_VERSION_CMD", "true")).read()

def check(value, rule, path):
    if "$ref" in rule:
        return check(value, schema[rule["$ref"]], path)
    if "enum" in rule and value not in rule["enum"]:
        errors.append(f"{path}: {value!r} not one of {rule['enum']}")
    types = rule.get("type")
    if types:
        types = types if isinstance(types, list) else [types]
        ok = any({"object": isinstance(value, dict), "array": isinstance(value, list), "string": isinstance(value, str),
                  "integer": isinstance(value, int) and not isinstance(value, bool)}[t] for t in types)
        if not ok:
            errors.append(f"{path}: {value!r} is not {types}")
            return
    if isinstance(value, str):
        if "pattern" in rule and not re.match(rule["pattern"], value):
            errors.append(f"{path}: {value!r} does not match {rule['pattern']}")
        if "maxLength" in rule and len(value) > rule["maxLength"]:
            errors.append(f"{path}: longer than {rule['maxLength']}")
    if isinstance(value, int) and "minimum" in rule and value < rule["minimum"]:
        errors.append(f"{path}: {value} below {rule['minimum']}")
    if isinstance(value, dict):
        for key in rule.get("required", []):
            if key not in value:
                errors.append(f"{path}: missing {key}")
        props = rule.get("properties", {})
        extra = rule.get("additionalProperties", True)
        for key, item in value.items():
            if key in props:
                check(item, props[key], f"{path}.{key}")
            elif extra is False:
                errors.append(f"{path}: unknown field {key}")
            elif isinstance(extra, dict):
                check(item, extra, f"{path}.{key}")
    if isinstance(value, list) and "items" in rule:
        for i, item in enumerate(value):
            check(item, rule["items"], f"{path}[{i}]")

def header_ok(text, path):
    for needle in ("Written by GPU Planner", "Candidate:", "Layout:", "Planned for:"):
        if needle not in text:
            errors.append(f"{path}: the header lacks {needle!r}")

instances = {i["id"]: i for i in json.load(open(os.path.join(work, "catalog.json")))["instances"]}
parsed = 0
for path in sorted(glob.glob(os.path.join(work, "*-*", "*"))):
    text = open(path).read()
    name = os.path.basename(path)
    try:
        if name.endswith(".toml"):
            doc = tomllib.loads(text)
            for key in ("model", "training", "parallelism", "activation_checkpoint"):
                if key not in doc:
                    errors.append(f"{path}: no [{key}]")
        elif name.endswith(".yaml"):
            docs = [d for d in yaml.safe_load_all(text) if d is not None]
            for d in docs:
                kind = d.get("kind")
                if kind:
                    check(d, schema[kind], f"{name}:{kind}")
                if kind in ("Job", "Deployment"):
                    pod = d["spec"]["template"]["spec"]
                    inst = instances.get("tencent:" + pod["nodeSelector"]["node.kubernetes.io/instance-type"])
                    if inst is None:
                        errors.append(f"{path}: node selector names no catalog instance")
                    elif pod["containers"][0]["resources"]["limits"]["nvidia.com/gpu"] != inst["gpus"]:
                        errors.append(f"{path}: GPU limit is not the instance's {inst['gpus']} GPUs")
                if kind == "Job" and d["spec"]["template"]["spec"].get("restartPolicy") not in ("Never", "OnFailure"):
                    errors.append(f"{path}: a Job's pods must not restart Always")
                if kind == "Deployment" and d["spec"]["selector"]["matchLabels"].items() - d["spec"]["template"]["metadata"]["labels"].items():
                    errors.append(f"{path}: the Deployment's selector does not match its pods' labels")
        elif name.endswith(".json"):
            doc = json.loads(text)
            if "zero_optimization" not in doc:
                errors.append(f"{path}: no zero_optimization")
            header_ok("\n".join(doc.get("_gpu_planner", [])), path)
            parsed += 1
            continue
        elif name.endswith(".sh") or name == "hostfile":
            pass
        else:
            errors.append(f"{path}: unexpected file")
    except Exception as e:
        errors.append(f"{path}: {type(e).__name__}: {e}")
    header_ok(text, path)
    parsed += 1
if parsed < 12:
    errors.append(f"only {parsed} exported files")
for e in errors:
    print("FAIL:", e, file=sys.stderr)
sys.exit(1 if errors else 0)
PY

# Round trip on the binary: the exported torchtitan TOML imported onto the plan keeps the recommended layout.
"$CLI" import "$WORK/train-torchtitan/torchtitan.toml" --onto "$WORK/train.gpuplan" --format json >"$WORK/back.json" 2>"$WORK/err" \
    || fail "import of the exported TOML: $(cat "$WORK/err")"
python3 - "$WORK/back.json" "$WORK/train-torchtitan/torchtitan.toml" <<'PY' || failures=$((failures + 1))
import json, sys, tomllib
back = json.load(open(sys.argv[1]))
toml = tomllib.load(open(sys.argv[2], "rb"))
par = back["plan"]["workload"]["parallelism"]
want = toml["parallelism"]["tensor_parallel_degree"]
if par.get("tensor", 1) != want:
    print(f"FAIL: tensor {par.get('tensor')} after the round trip, the TOML says {want}", file=sys.stderr)
    sys.exit(1)
PY

# Never silently: every leaf field of every real launch file is used or listed as ignored.
python3 - "$CLI" "$DATA/launch" <<'PY' || failures=$((failures + 1))
import glob, json, os, subprocess, sys, tomllib, yaml
cli, folder = sys.argv[1], sys.argv[2]
bad = []
def leaves(value, path=""):
    if isinstance(value, dict) and value:
        for k, v in value.items():
            yield from leaves(v, f"{path}.{k}" if path else str(k))
    else:
        yield path
for path in sorted(glob.glob(os.path.join(folder, "*"))):
    name = os.path.basename(path)
    if name in ("SOURCES.json", "k8s-schema-subset.json") or name.endswith(".sh"):
        continue
    text = open(path).read()
    doc = tomllib.loads(text) if name.endswith(".toml") else json.loads(text) if name.endswith(".json") else yaml.safe_load(text)
    out = subprocess.run([cli, "import", path, "--format", "json"], capture_output=True, text=True)
    if out.returncode != 0:
        bad.append(f"{name}: import failed: {out.stderr}")
        continue
    result = json.loads(out.stdout)
    named = {m["field"] for m in result["mapped"]} | {i["field"] for i in result["ignored"]}
    for leaf in leaves(doc):
        # A field counts as named when it or a section holding it is named ("fsdp_config.x" under "fsdp_config").
        parts = leaf.split(".")
        if not any(".".join(parts[:n]) in named for n in range(1, len(parts) + 1)):
            bad.append(f"{name}: {leaf} is neither used nor listed as ignored")
for b in bad:
    print("FAIL:", b, file=sys.stderr)
sys.exit(1 if bad else 0)
PY

# Bad input: exit 1, the file, the line and the field.
printf '[training]\nseq_len = 8192\n[parallelism]\ntensor_parallel_degree = ' >"$WORK/cut.toml"
printf 'vllm serve gpt2 --max-model-len\n' >"$WORK/serve.sh"
printf 'torchrun pretrain_gpt.py --num-layers 2 --not-a-flag 3\n' >"$WORK/meg.sh"
printf 'base_model: gpt2\nfsdp_config:\n\tfsdp_offload_params: true\n' >"$WORK/tab.yaml"
# A capture size that is not a whole number of at least 1 (issue #39: the engines' graph-size flags).
printf 'python3 -m sglang.launch_server --model-path gpt2 \\\n  --cuda-graph-bs 1 2 x\n' >"$WORK/graphs.sh"
for case in "cut.toml:4: parallelism.tensor_parallel_degree" "serve.sh:1: --max-model-len: needs a value" \
    "meg.sh:1: --not-a-flag: not a Megatron-LM flag" "tab.yaml:3: a tab" \
    'graphs.sh:2: --cuda-graph-bs: needs a positive whole number, got "x"'; do
    file=${case%%:*}
    status=0
    "$CLI" import "$WORK/$file" >/dev/null 2>"$WORK/err" || status=$?
    [ $status -eq 1 ] || fail "import $file exited $status, expected 1"
    grep -qF -- "$case" "$WORK/err" || fail "import $file did not say \"$case\": $(cat "$WORK/err")"
done

if ((failures > 0)); then
    echo "$failures launch-file check(s) failed" >&2
    exit 1
fi
echo "launch files: exports parsed, manifests valid, real files fully accounted for, bad input refused"
