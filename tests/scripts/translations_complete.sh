#!/usr/bin/env bash
# The shipped translations are complete and current: every message of translations/*.ts is finished (no
# unfinished, obsolete or vanished entries), keeps the source's placeholders, markup and accelerator, has the plural
# forms its language needs, zh_CN holds at least 150 messages, the English file (the source language) only the
# plural forms, and running lupdate over the same sources as the build (on copies) finds nothing new and nothing gone.
# Usage: translations_complete.sh BIN_DIR TEST_DATA_DIR
set -euo pipefail

BIN_DIR=${1:-}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
command -v python3 >/dev/null || fail "python3 is required"

# lupdate: Qt 6 puts it in the host bins (Debian: /usr/lib/qt6/bin) or, in some packagings, the libexec dir.
LUPDATE=""
for dir in "$(qtpaths6 --query QT_HOST_BINS 2>/dev/null || true)" "$(qtpaths6 --query QT_HOST_LIBEXECS 2>/dev/null || true)" \
           /usr/lib/qt6/bin /usr/lib/qt6/libexec; do
    if [[ -n "$dir" && -x "$dir/lupdate" ]]; then
        LUPDATE="$dir/lupdate"
        break
    fi
done
[[ -z "$LUPDATE" ]] && LUPDATE=$(command -v lupdate6 || command -v lupdate || true)
[[ -n "$LUPDATE" ]] || fail "lupdate not found (apt-get install qt6-l10n-tools)"

TS_FILES=("$ROOT/translations/gpu-planner_zh_CN.ts" "$ROOT/translations/gpu-planner_en.ts")
for ts in "${TS_FILES[@]}"; do
    [[ -f "$ts" ]] || fail "missing $ts"
done

# Refresh copies of the .ts files as the build's update_translations target does: with the build's own lupdate
# project (sources and include paths; lupdate needs the headers to resolve namespaces) when a configured build sits
# next to BIN_DIR, else over the same globs as ui/CMakeLists.txt (ui/*.{cpp,h}, ui/*/*.{cpp,h}, ui/widgets/*/*.{cpp,h}, the two mains,
# core/plan/*.h, core/base/error_words.h and reader_words.h).
for ts in "${TS_FILES[@]}"; do
    cp "$ts" "$WORK/"
done
COPIES=("$WORK/gpu-planner_zh_CN.ts" "$WORK/gpu-planner_en.ts")
# The plan fields' window words in core/plan/*.h are marked GP_TRANSLATE_NOOP (ui/CMakeLists.txt passes the same).
ALIAS="-tr-function-alias QT_TRANSLATE_NOOP+=GP_TRANSLATE_NOOP"
PROJECT_JSON=""
[[ -n "$BIN_DIR" ]] && PROJECT_JSON="$BIN_DIR/../ui/.lupdate/gp_ui_project.json"
# The project's JSON is written only when update_translations runs, so it can predate a source added since; the
# CMake file it comes from is written at every configure: make the JSON afresh from it when Qt's generator is there.
PROJECT_CMAKE="${PROJECT_JSON%.json}.cmake"
GENERATOR=$(ls /usr/lib/*/cmake/Qt6LinguistTools/GenerateLUpdateProject.cmake 2>/dev/null | head -n 1 || true)
if [[ -n "$PROJECT_JSON" && -f "$PROJECT_CMAKE" && -n "$GENERATOR" ]]; then
    (cd "$(dirname "$PROJECT_CMAKE")/.." && cmake -DIN_FILE="$PROJECT_CMAKE" -DOUT_FILE="$WORK/fresh-project.json" \
        -P "$GENERATOR") >/dev/null 2>&1 && PROJECT_JSON="$WORK/fresh-project.json"
fi
if [[ -n "$PROJECT_JSON" && -f "$PROJECT_JSON" ]]; then
    python3 - "$PROJECT_JSON" "$WORK/project.json" "${COPIES[@]}" <<'PY'
import json, os, sys
project = json.load(open(sys.argv[1], encoding="utf-8"))
entries = project if isinstance(project, list) else [project]
for entry in entries:
    # A project file written before a source was deleted may still name it.
    entry["sources"] = [s for s in entry.get("sources", []) if os.path.isfile(s)]
    entry["translations"] = sys.argv[3:]
json.dump(project, open(sys.argv[2], "w", encoding="utf-8"), indent=2)
PY
    # zh_CN holds every message; English, the source language, only the plural forms (ui/CMakeLists.txt).
    "$LUPDATE" -project "$WORK/project.json" -ts "${COPIES[0]}" -no-obsolete -locations none $ALIAS \
        >"$WORK/lupdate.log" 2>&1 || { cat "$WORK/lupdate.log" >&2; fail "lupdate failed"; }
    "$LUPDATE" -project "$WORK/project.json" -ts "${COPIES[1]}" -pluralonly -no-obsolete -locations none $ALIAS \
        >>"$WORK/lupdate.log" 2>&1 || { cat "$WORK/lupdate.log" >&2; fail "lupdate failed"; }
else
    shopt -s nullglob
    SOURCES=("$ROOT"/ui/*.cpp "$ROOT"/ui/*.h "$ROOT"/ui/*/*.cpp "$ROOT"/ui/*/*.h "$ROOT"/ui/widgets/*/*.cpp "$ROOT"/ui/widgets/*/*.h "$ROOT/app/gui_main.cpp"
             "$ROOT/app/cli_main.cpp" "$ROOT"/core/plan/*.h "$ROOT/core/base/error_words.h"
             "$ROOT/core/base/reader_words.h")
    shopt -u nullglob
    QT_HEADERS=$(qtpaths6 --query QT_INSTALL_HEADERS 2>/dev/null || echo /usr/include/x86_64-linux-gnu/qt6)
    INCLUDES=(-I "$ROOT/ui" -I "$ROOT/core" -I "$QT_HEADERS" -I "$QT_HEADERS/QtCore")
    "$LUPDATE" -no-obsolete -locations none $ALIAS "${INCLUDES[@]}" "${SOURCES[@]}" -ts "${COPIES[0]}" \
        >"$WORK/lupdate.log" 2>&1 || { cat "$WORK/lupdate.log" >&2; fail "lupdate failed"; }
    "$LUPDATE" -pluralonly -no-obsolete -locations none $ALIAS "${INCLUDES[@]}" "${SOURCES[@]}" -ts "${COPIES[1]}" \
        >>"$WORK/lupdate.log" 2>&1 || { cat "$WORK/lupdate.log" >&2; fail "lupdate failed"; }
fi

python3 - "$WORK" "${TS_FILES[@]}" <<'PY'
import os, re, sys
import xml.etree.ElementTree as ET

work, files = sys.argv[1], sys.argv[2:]
errors = []
PLACEHOLDER = re.compile(r"%L?\d+|%n")
TAG = re.compile(r"</?\s*([A-Za-z][A-Za-z0-9]*)")
MNEMONIC = re.compile(r"&(?!&)(?=\S)")


def messages(path):
    """(context, source, comment, numerus) -> (translation element, message element) for every message."""
    out = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        name = ctx.findtext("name", "")
        for m in ctx.iter("message"):
            key = (name, m.findtext("source", ""), m.findtext("comment", ""), m.get("numerus") == "yes")
            out[key] = m.find("translation")
    return out


def forms(tr):
    """The translated texts: each numerusform, or the translation text."""
    nf = tr.findall("numerusform")
    return [f.text or "" for f in nf] if nf else [tr.text or ""]


def short(key):
    return "%s: %r" % (key[0], key[1][:70])


for path in files:
    base = os.path.basename(path)
    lang = "en" if base.endswith("_en.ts") else "zh_CN"
    msgs = messages(path)
    if lang == "zh_CN" and len(msgs) < 150:
        errors.append("%s: only %d messages (at least 150 expected)" % (base, len(msgs)))
    if lang == "en":
        # English is the source language: its file holds the plural forms only (lupdate -pluralonly).
        for key in msgs:
            if not key[3]:
                errors.append("%s: %s is not a plural form (the English file holds plural forms only)"
                              % (base, short(key)))
        zh_plurals = sum(1 for k in messages(files[0]) if k[3])
        if sum(1 for k in msgs if k[3]) != zh_plurals:
            errors.append("%s: %d plural forms, zh_CN has %d" % (base, sum(1 for k in msgs if k[3]), zh_plurals))
    for key, tr in msgs.items():
        state = tr.get("type", "")
        if state in ("unfinished", "obsolete", "vanished"):
            errors.append("%s: %s entry %s" % (base, state, short(key)))
            continue
        texts = forms(tr)
        numerus = key[3]
        want = (2 if lang == "en" else 1) if numerus else 1
        if len(texts) != want or any(not t for t in texts):
            errors.append("%s: %d non-empty form(s) where %d are needed for %s"
                          % (base, sum(1 for t in texts if t), want, short(key)))
            continue
        source = key[1]
        for t in texts:
            # %n may be left out of a singular form ("one file"); every numbered placeholder must stay.
            src_ph = sorted(p for p in PLACEHOLDER.findall(source) if not (numerus and p == "%n"))
            tr_ph = sorted(p for p in PLACEHOLDER.findall(t) if not (numerus and p == "%n"))
            if src_ph != tr_ph:
                errors.append("%s: placeholders %s became %s in %s" % (base, src_ph, tr_ph, short(key)))
            if sorted(TAG.findall(source)) != sorted(TAG.findall(t)):
                errors.append("%s: markup differs in %s" % (base, short(key)))
            if bool(MNEMONIC.search(source)) != bool(MNEMONIC.search(t)):
                errors.append("%s: accelerator (&) lost or added in %s" % (base, short(key)))

    # Staleness: the refreshed copy must hold exactly the same messages, all of them finished.
    fresh = messages(os.path.join(work, base))
    added = [k for k in fresh if k not in msgs]
    gone = [k for k in msgs if k not in fresh]
    for k in added[:20]:
        errors.append("%s is stale: new source text %s (run the update_translations target)" % (base, short(k)))
    for k in gone[:20]:
        errors.append("%s is stale: %s is no longer in the sources (run the update_translations target)"
                      % (base, short(k)))
    if len(added) > 20 or len(gone) > 20:
        errors.append("%s: %d new and %d gone in all" % (base, len(added), len(gone)))
    unfinished = [k for k, tr in fresh.items() if tr.get("type") in ("unfinished", "obsolete", "vanished")]
    if unfinished and not added:
        errors.append("%s: lupdate marks %d entries unfinished, e.g. %s" % (base, len(unfinished), short(unfinished[0])))
    print("%s: %d messages, %d after lupdate" % (base, len(msgs), len(fresh)))

if errors:
    for e in errors:
        print("FAIL: " + e, file=sys.stderr)
    sys.exit(1)
PY
echo "translations complete"
