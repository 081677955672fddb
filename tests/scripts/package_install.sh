#!/usr/bin/env bash
# Builds the Debian package from the build tree, unpacks it into a temporary root and runs the
# INSTALLED programs from there, so a missing install rule, a file the programs still read from
# the source tree or a missing package dependency shows up here rather than on a user's laptop.
# Without dpkg-deb it installs with `cmake --install` into a DESTDIR instead and checks the same
# tree. Only the two optional validators (desktop-file-validate, appstreamcli) may be skipped.
# Usage: package_install.sh BIN_DIR TEST_DATA_DIR
set -u -o pipefail

bin_dir=${1:?usage: package_install.sh BIN_DIR TEST_DATA_DIR}
app_id=io.github.gpuplanner.GpuPlanner
failures=0

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
note() { echo "note: $*"; }

# The build directory is the nearest ancestor of the bin dir that holds CMakeCache.txt.
build_dir=$(cd "$bin_dir" && pwd) || { echo "FAIL: no bin dir $bin_dir" >&2; exit 1; }
while [ ! -f "$build_dir/CMakeCache.txt" ]; do
    [ "$build_dir" = / ] && { echo "FAIL: no CMakeCache.txt above $bin_dir" >&2; exit 1; }
    build_dir=$(dirname "$build_dir")
done
cmake_bin=$(sed -n 's/^CMAKE_COMMAND:INTERNAL=//p' "$build_dir/CMakeCache.txt")
cpack_bin=$(dirname "${cmake_bin:-/usr/bin/cmake}")/cpack
[ -x "$cpack_bin" ] || cpack_bin=cpack
have_ui=0
grep -q '^GP_BUILD_UI:BOOL=ON' "$build_dir/CMakeCache.txt" && have_ui=1

# cpack installs what the build produced and builds nothing itself.
built=("$bin_dir/gpu-planner-cli")
grep -q '^GP_GZIP:FILEPATH=/' "$build_dir/CMakeCache.txt" && built+=("$build_dir/man/gpu-planner-cli.1.gz")
for f in "${built[@]}"; do
    [ -e "$f" ] || { echo "FAIL: $f is missing: build the whole tree first (cmake --build $build_dir)" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/gp-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"

# --- build and unpack ---------------------------------------------------------------------------
if command -v dpkg-deb >/dev/null; then
    # -B keeps CPack's staging area out of the build tree, so parallel ctest runs do not collide.
    if ! "$cpack_bin" -G DEB --config "$build_dir/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1; then
        cat "$work/cpack.log" >&2
        echo "FAIL: cpack -G DEB failed" >&2
        exit 1
    fi
    deb=$(ls "$work"/out/gpu-planner_*.deb 2>/dev/null | head -n 1)
    [ -n "$deb" ] || { cat "$work/cpack.log" >&2; echo "FAIL: cpack wrote no gpu-planner_*.deb" >&2; exit 1; }
    echo "package: $(basename "$deb") ($(stat -c %s "$deb") bytes)"
    dpkg-deb -x "$deb" "$root" || { echo "FAIL: dpkg-deb -x" >&2; exit 1; }

    info=$(dpkg-deb -f "$deb" Package Version Section Depends)
    echo "$info"
    depends=$(dpkg-deb -f "$deb" Depends)
    [ "$(dpkg-deb -f "$deb" Package)" = gpu-planner ] || fail "package name is not gpu-planner"
    if [ "$have_ui" = 1 ]; then
        for dep in fonts-noto-cjk fonts-dejavu-core qt6-qpa-plugins libqt6svg6 libqt6core6 libqt6gui6 libqt6widgets6 libqt6charts6 libc6; do
            grep -Eq "(^|, )$dep( |,|$)" <<<"$depends" || fail "Depends lacks $dep: $depends"
        done
    else
        grep -Eq "(^|, )libc6( |,|$)" <<<"$depends" || fail "Depends lacks libc6: $depends"
    fi
    # Every file in the package is owned by root and lies under /usr.
    listing=$(dpkg-deb -c "$deb")
    grep -v ' root/root ' <<<"$listing" | grep -q . && fail "files not owned by root/root in the package"
    awk '{print $6}' <<<"$listing" | grep -Ev '^\./(usr/.*)?$' | grep -q . &&
        fail "files outside /usr: $(awk '{print $6}' <<<"$listing" | grep -Ev '^\./(usr/.*)?$' | head -3)"
else
    note "dpkg-deb not found: checking 'cmake --install' into a DESTDIR instead of the .deb"
    DESTDIR=$root "$cmake_bin" --install "$build_dir" --prefix /usr >"$work/install.log" 2>&1 ||
        { cat "$work/install.log" >&2; echo "FAIL: cmake --install failed" >&2; exit 1; }
fi
deb=${deb:-}
usr=$root/usr

# --- the installed tree -------------------------------------------------------------------------
expect=(bin/gpu-planner-cli share/man/man1/gpu-planner-cli.1 "share/mime/packages/$app_id.xml"
        share/doc/gpu-planner/README.md)
if [ "$have_ui" = 1 ]; then
    expect+=(bin/gpu-planner "share/applications/$app_id.desktop" "share/metainfo/$app_id.metainfo.xml"
             "share/icons/hicolor/scalable/apps/$app_id.svg" share/man/man1/gpu-planner.1)
fi
for f in "${expect[@]}"; do
    [ -e "$usr/$f" ] || [ -e "$usr/$f.gz" ] || fail "not installed: /usr/$f"
done
catalog_count=$(find "$usr/share/gpu-planner/catalog" -name '*.json' 2>/dev/null | wc -l)
source_catalog=$(find "$(dirname "$0")/../../resources/catalog" -name '*.json' 2>/dev/null | wc -l)
[ "$catalog_count" = "$source_catalog" ] ||
    fail "installed $catalog_count catalog JSON files, the source tree has $source_catalog"
if [ -n "${deb:-}" ]; then
    # CPACK_STRIP_FILES: a Debug build's symbols would make the package many times larger.
    for f in "$usr"/bin/*; do
        file_out=$(file -b "$f" 2>/dev/null || true)
        case $file_out in *"not stripped"*) fail "$f is not stripped in the package" ;; esac
    done
fi

# --- run the installed CLI ----------------------------------------------------------------------
# Run from an empty directory with an empty HOME, so nothing from the build or the user leaks in.
home=$work/home
mkdir -p "$home"
run_env=(env -i PATH=/usr/bin:/bin HOME="$home" XDG_DATA_HOME="$home/.local/share"
         XDG_CONFIG_HOME="$home/.config" LANG=C.UTF-8 QT_QPA_PLATFORM=offscreen)
cd "$work" || exit 1
"${run_env[@]}" "$usr/bin/gpu-planner-cli" --version >"$work/version.txt" 2>&1 ||
    fail "installed gpu-planner-cli --version failed: $(cat "$work/version.txt")"
if "${run_env[@]}" "$usr/bin/gpu-planner-cli" example >"$work/example.gpuplan" 2>"$work/example.err"; then
    if "${run_env[@]}" "$usr/bin/gpu-planner-cli" estimate - --format json \
            <"$work/example.gpuplan" >"$work/results.json" 2>"$work/estimate.err"; then
        python3 - "$work/results.json" <<'PY' || fail "installed CLI printed no usable JSON results"
import json, sys
doc = json.load(open(sys.argv[1], encoding="utf-8"))
results = doc["results"]
assert isinstance(results, list) and results, "results is empty"
for r in results:
    mem = r["memory_per_gpu"]
    assert mem["total"] > 0, f"{r['candidate']}: memory total {mem['total']}"
    assert isinstance(r["fits"], bool)
print(f"installed CLI: {len(results)} results, first {results[0]['candidate']} "
      f"{results[0]['memory_per_gpu']['total'] / 2**30:.1f} GiB per GPU")
PY
    else
        fail "installed 'gpu-planner-cli estimate -' failed: $(head -c 400 "$work/estimate.err")"
    fi
else
    fail "installed 'gpu-planner-cli example' failed: $(head -c 400 "$work/example.err")"
fi

# --- run the installed window -------------------------------------------------------------------
if [ "$have_ui" = 1 ]; then
    shot=$work/window.png
    if timeout 90 "${run_env[@]}" "$usr/bin/gpu-planner" --screenshot "$shot" >"$work/gui.log" 2>&1; then
        if [ "$(head -c 8 "$shot" 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
            echo "installed window: wrote a $(stat -c %s "$shot")-byte PNG"
        else
            fail "installed 'gpu-planner --screenshot' wrote no PNG"
        fi
    else
        fail "installed 'gpu-planner --screenshot' failed: $(head -c 400 "$work/gui.log")"
    fi
else
    note "built with GP_BUILD_UI=OFF: no window in the package to run"
fi

# --- desktop metadata ---------------------------------------------------------------------------
if [ "$have_ui" = 1 ]; then
    if command -v desktop-file-validate >/dev/null; then
        desktop-file-validate "$usr/share/applications/$app_id.desktop" || fail "desktop-file-validate"
    else
        note "desktop-file-validate not installed (apt-get install desktop-file-utils): .desktop not validated"
    fi
    if command -v appstreamcli >/dev/null; then
        appstreamcli validate --no-net "$usr/share/metainfo/$app_id.metainfo.xml" || fail "appstreamcli validate"
    else
        note "appstreamcli not installed (apt-get install appstream): metainfo not validated"
    fi
fi
if command -v update-mime-database >/dev/null; then
    # Build a private MIME database from the installed XML and check the *.gpuplan glob maps.
    mkdir -p "$work/mime/packages"
    cp "$usr/share/mime/packages/$app_id.xml" "$work/mime/packages/"
    update-mime-database "$work/mime" >/dev/null 2>&1 || fail "update-mime-database rejected the MIME XML"
    grep -q 'application/x-gpuplan:\*\.gpuplan' "$work/mime/globs2" 2>/dev/null ||
        fail "MIME database has no *.gpuplan glob for application/x-gpuplan"
else
    xmllint --noout "$usr/share/mime/packages/$app_id.xml" 2>/dev/null || note "MIME XML not checked"
fi

if [ "$failures" -gt 0 ]; then
    echo "package_install: $failures failure(s)" >&2
    exit 1
fi
echo "package_install: OK"
