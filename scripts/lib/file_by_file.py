#!/usr/bin/env python3
"""Checks that every C++ source compiles on its own, outside the unity batches the builds use (issue #37).

A unity build compiles a target's files in batches, so a source that forgets an #include, or uses a helper another
file of its batch declares, still builds there and breaks the first build without batches. This compiles each source
alone with the flags CMake gives it in a build without batches (GCC, -fsyntax-only: every declaration and template
the file needs, no code generated).

A file's check depends only on its text, the project headers it includes (followed transitively, every branch of an
#if counted), its compile command and the compiler, so a passed check is recorded under the hash of all of them in
tests/file_by_file.stamp. Later runs compile only the sources whose hash is not recorded there: a file whose text,
headers or flags changed is compiled again, and a stamp can never vouch for a text it did not see. System headers
(the Debian 12 packages scripts/lib/common.sh installs) are taken as fixed, apart from the compiler's version.

  file_by_file.py SOURCE_DIR [--record] [--jobs N] [--build-dir DIR]
    --record   also write the stamp with every source that passed (the integrator runs it before a stop)
    exit 0 when every source not in the stamp compiled alone; 1 naming each one that did not; 2 on a usage error.
  file_by_file.py --self-check   shows the check fails on a source that builds only beside its batch neighbour
"""
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

STAMP = "tests/file_by_file.stamp"
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
CHECKED_DIRS = ("app/", "bench/", "core/", "tests/", "ui/")


def configure(source_dir, build_dir):
    """A build without batches or precompiled headers, configured only: its compile commands are the per-file flags."""
    subprocess.run(["cmake", "-S", source_dir, "-B", build_dir, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                    "-DGP_WERROR=ON", "-DGP_UNITY=OFF", "-DGP_PCH=OFF", "-DGP_BUILD_UI=ON", "-DGP_BUILD_TESTS=ON",
                    "-DGP_BUILD_CORE_TESTS=ON", "-DGP_BUILD_UI_TESTS=ON", "-DGP_BUILD_BENCHMARKS=ON",
                    "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(build_dir, "compile_commands.json"), encoding="utf-8") as f:
        return json.load(f)


def syntax_command(entry):
    """The entry's compiler call with -fsyntax-only in place of the object it writes."""
    args = shlex.split(entry["command"])
    out, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg == "-o":
            skip = True
        elif arg != "-c":
            out.append(arg)
    return out + ["-fsyntax-only"]


def include_dirs(args, source_dir):
    dirs = []
    for i, arg in enumerate(args):
        path = arg[2:] if arg.startswith("-I") and len(arg) > 2 else (args[i + 1] if arg == "-I" else None)
        if path and os.path.realpath(path).startswith(source_dir + os.sep):
            dirs.append(os.path.realpath(path))
    return dirs


def project_closure(path, dirs, source_dir, cache):
    """The file and every project header it includes, transitively (system headers left out)."""
    seen, todo = set(), [os.path.realpath(path)]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        if current not in cache:
            with open(current, encoding="utf-8", errors="replace") as f:
                cache[current] = f.read()
        for kind, name in INCLUDE.findall(cache[current]):
            candidates = ([os.path.dirname(current)] if kind == '"' else []) + dirs
            for base in candidates:
                found = os.path.realpath(os.path.join(base, name))
                if found.startswith(source_dir + os.sep) and os.path.isfile(found):
                    todo.append(found)
                    break
    return sorted(seen)


def key(entry, args, source_dir, build_dir, compiler_version, cache):
    """The hash a passed check is recorded under: compiler, flags (paths made relative), the file and its headers."""
    digest = hashlib.sha256(compiler_version.encode())
    relative = [a.replace(build_dir, "<build>").replace(source_dir, "<source>") for a in args if a != entry["file"]]
    digest.update("\0".join(relative).encode())
    for path in project_closure(entry["file"], include_dirs(args, source_dir), source_dir, cache):
        digest.update(os.path.relpath(path, source_dir).encode() + b"\0" + cache[path].encode() + b"\0")
    return digest.hexdigest()


def read_stamp(path):
    recorded = {}
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    digest, name = line.split(None, 1)
                    recorded[name.strip()] = digest
    return recorded


def write_stamp(path, passed):
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8") as f:
        f.write("# Sources that compiled alone (scripts/lib/file_by_file.py --record), under the hash of their text,\n"
                "# project headers, flags and compiler. Written by a tool: do not edit.\n")
        for name in sorted(passed):
            f.write(f"{passed[name]}  {name}\n")
    os.replace(temporary, path)


def compile_alone(args, cwd):
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    return result.returncode, result.stderr


def check(source_dir, build_dir, record, jobs):
    source_dir = os.path.realpath(source_dir)
    entries = [e for e in configure(source_dir, build_dir)
               if os.path.relpath(e["file"], source_dir).startswith(CHECKED_DIRS)]
    compiler = shlex.split(entries[0]["command"])[0]
    compiler_version = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout
    stamp_path = os.path.join(source_dir, STAMP)
    recorded, passed, todo, cache = read_stamp(stamp_path), {}, [], {}
    for entry in entries:
        args = syntax_command(entry)
        name = os.path.relpath(entry["file"], source_dir)
        digest = key(entry, args, source_dir, os.path.realpath(build_dir), compiler_version, cache)
        if recorded.get(name) == digest:
            passed[name] = digest
        else:
            todo.append((name, digest, args, entry["directory"]))
    print(f"file by file: {len(entries)} sources, {len(passed)} unchanged since they compiled alone, "
          f"{len(todo)} to compile", flush=True)
    failed = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = pool.map(lambda item: (item, compile_alone(item[2], item[3])), todo)
        for done, ((name, digest, _, _), (code, errors)) in enumerate(results, 1):
            if code == 0:
                passed[name] = digest
                if record and done % 25 == 0:
                    write_stamp(stamp_path, passed)  # an interrupted run keeps what it checked
            else:
                failed.append(name)
                print(f"FAIL: {name} does not compile on its own:\n{errors}", file=sys.stderr)
    if record:
        write_stamp(stamp_path, passed)
    if failed:
        print(f"file by file: {len(failed)} of {len(entries)} sources build only beside their unity batch: "
              + ", ".join(failed), file=sys.stderr)
        return 1
    print(f"file by file: every one of {len(entries)} sources compiles on its own")
    return 0


def self_check():
    """The check must be able to fail: a source that uses its batch neighbour's helper, and one missing an include."""
    with tempfile.TemporaryDirectory() as work:
        entry = {"directory": work, "file": os.path.join(work, "b.cpp"),
                 "command": f"c++ -std=c++20 -Wall -Werror -c {work}/b.cpp -o b.o"}
        with open(os.path.join(work, "a.cpp"), "w") as f:
            f.write("#include <vector>\nnamespace {\nint neighbourHelper() { return 1; }\n}\n"
                    "int a() { return neighbourHelper(); }\n")
        with open(os.path.join(work, "b.cpp"), "w") as f:
            f.write("int b() { std::vector<int> v{neighbourHelper()}; return int(v.size()); }\n")
        with open(os.path.join(work, "batch.cpp"), "w") as f:
            f.write('#include "a.cpp"\n#include "b.cpp"\n')
        batch = dict(entry, file=os.path.join(work, "batch.cpp"))
        batch["command"] = entry["command"].replace("b.cpp", "batch.cpp")
        if compile_alone(syntax_command(batch), work)[0] != 0:
            print("FAIL: the unity batch of a.cpp and b.cpp should build", file=sys.stderr)
            return 1
        code, errors = compile_alone(syntax_command(entry), work)
        if code == 0 or "neighbourHelper" not in errors or "vector" not in errors:
            print(f"FAIL: b.cpp alone should fail naming neighbourHelper and vector:\n{errors}", file=sys.stderr)
            return 1
        # A header's change reaches the key of every file that includes it, and only theirs.
        os.makedirs(os.path.join(work, "src"))
        for name, text in (("h.h", "int h();\n"), ("uses.cpp", '#include "h.h"\n'), ("other.cpp", "int o();\n")):
            with open(os.path.join(work, "src", name), "w") as f:
                f.write(text)

        def keys():
            return {n: key({"file": os.path.join(work, "src", n)}, ["c++"], os.path.join(work, "src"), work, "v", {})
                    for n in ("uses.cpp", "other.cpp")}
        before = keys()
        with open(os.path.join(work, "src", "h.h"), "a") as f:
            f.write("int h2();\n")
        after = keys()
        if before["uses.cpp"] == after["uses.cpp"] or before["other.cpp"] != after["other.cpp"]:
            print("FAIL: a header's change must change the key of its includer and no other", file=sys.stderr)
            return 1
    print("self-check: a source using its batch neighbour's helper and a missing include is refused; "
          "a header's change reaches its includers' keys only")
    return 0


def main(argv):
    if argv[1:] == ["--self-check"]:
        return self_check()
    if len(argv) < 2 or argv[1].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    source_dir, record, jobs, build_dir = argv[1], False, os.cpu_count() or 2, None
    rest = argv[2:]
    while rest:
        option = rest.pop(0)
        if option == "--record":
            record = True
        elif option == "--jobs" and rest:
            jobs = int(rest.pop(0))
        elif option == "--build-dir" and rest:
            build_dir = rest.pop(0)
        else:
            print(f"file_by_file.py: unknown option '{option}'", file=sys.stderr)
            return 2
    if build_dir:
        return check(source_dir, build_dir, record, jobs)
    with tempfile.TemporaryDirectory(prefix="gp-file-by-file-") as temporary:
        return check(source_dir, temporary, record, jobs)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
