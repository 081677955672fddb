#!/usr/bin/env python3
"""Lists the command-line flags of Megatron-LM's pretraining scripts (megatron/training/arguments.py), for
resources/launch/megatron-arguments.json: every literal '--flag' given to add_argument, and the flags
ArgumentGroupFactory derives from the config dataclasses it is given ('--field-name'; a bool defaulting to True
becomes '--no-field-name' and '--disable-field-name'). Whether a flag takes a value is recorded too.
Usage: megatron_flags.py MEGATRON_CHECKOUT COMMIT > resources/launch/megatron-arguments.json"""
import ast, json, os, sys

root, commit = sys.argv[1], sys.argv[2]
classes = {}
for dirpath, _, files in os.walk(os.path.join(root, "megatron")):
    for name in files:
        if name.endswith(".py"):
            path = os.path.join(dirpath, name)
            try:
                tree = ast.parse(open(path, encoding="utf-8").read())
            except SyntaxError:
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    classes.setdefault(node.name, node)

def fields(class_name, seen=None):
    seen = seen or set()
    node = classes.get(class_name)
    if node is None or class_name in seen:
        return []
    seen.add(class_name)
    out = []
    for base in node.bases:
        if isinstance(base, ast.Name):
            out += fields(base.id, seen)
    for stmt in node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            ann = ast.unparse(stmt.annotation)
            default = stmt.value
            names = None
            if isinstance(default, ast.Call) and ast.unparse(default.func).endswith("field"):
                for k in default.keywords:
                    if k.arg == "default":
                        default = k.value
                    if k.arg == "metadata" and isinstance(k.value, ast.Dict):
                        for key, value in zip(k.value.keys, k.value.values):
                            if isinstance(key, ast.Constant) and key.value == "argparse_meta" and isinstance(value, ast.Dict):
                                for mk, mv in zip(value.keys, value.values):
                                    if isinstance(mk, ast.Constant) and mk.value == "arg_names" and isinstance(mv, (ast.List, ast.Tuple)):
                                        names = [e.value for e in mv.elts if isinstance(e, ast.Constant)]
            is_bool = ann in ("bool", "Optional[bool]")
            default_true = isinstance(default, ast.Constant) and default.value is True
            out.append((stmt.target.id, is_bool, default_true, names))
    return out

args_path = os.path.join(root, "megatron/training/arguments.py")
tree = ast.parse(open(args_path, encoding="utf-8").read())
flags = {}
for node in ast.walk(tree):
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "add_argument":
        names = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value.startswith("--")]
        action = next((k.value.value for k in node.keywords if k.arg == "action" and isinstance(k.value, ast.Constant)), None)
        takes_value = action not in ("store_true", "store_false", "store_const", "count")
        for n in names:
            flags[n] = takes_value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "ArgumentGroupFactory":
        cls = node.args[0].id
        exclude = set()
        for k in node.keywords:
            if k.arg == "exclude" and isinstance(k.value, (ast.List, ast.Tuple)):
                exclude = {e.value for e in k.value.elts if isinstance(e, ast.Constant)}
        for name, is_bool, default_true, names in fields(cls):
            if name in exclude or name.startswith("_"):
                continue
            if names:
                for n in names:
                    flags[n] = not is_bool
            elif is_bool and default_true:
                flags["--no-" + name.replace("_", "-")] = False
                flags["--disable-" + name.replace("_", "-")] = False
            else:
                flags["--" + name.replace("_", "-")] = not is_bool
doc = {
    "about": "Command-line flags of Megatron-LM's training scripts, extracted by scripts/megatron_flags.py; "
             "takes_value false: a switch. A flag not listed here is refused on import as unknown.",
    "source": {"repo": "NVIDIA/Megatron-LM", "path": "megatron/training/arguments.py", "commit": commit},
    "flags": {k: flags[k] for k in sorted(flags)},
}
json.dump(doc, sys.stdout, indent=1)
sys.stdout.write("\n")
