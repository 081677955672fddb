# Shared by scripts/run and scripts/test: install what is missing, configure, build.
# shellcheck shell=bash

GP_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
GP_BUILD_DIR="${GP_BUILD_DIR:-$GP_ROOT/build}"
# The build precompiles its heaviest headers (cmake/BuildSpeed.cmake); ccache caches such files only with this.
export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"

# Debian 12 packages the build, the tests and the window need.
GP_PACKAGES=(
    build-essential cmake ninja-build pkg-config ccache
    qt6-base-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n
    libqt6opengl6-dev qt6-svg-dev libxkbcommon-dev libgl-dev libvulkan-dev
    nlohmann-json3-dev libgtest-dev libbenchmark-dev libtomlplusplus-dev libyaml-cpp-dev python3-yaml
    fonts-noto-cjk fonts-dejavu-core poppler-utils xvfb python3 dpkg-dev file desktop-file-utils
    clang-format-14
)

gp_install_missing_packages() {
    local missing=()
    local pkg
    for pkg in "${GP_PACKAGES[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$pkg")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return 0
    fi
    echo "Installing missing packages: ${missing[*]}"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            sudo=(sudo)
        else
            echo "error: missing packages (${missing[*]}) and not root; install them or run as root" >&2
            return 2
        fi
    fi
    "${sudo[@]}" apt-get update
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

# gp_configure_and_build [CMAKE ARGS...]: the arguments apply when the build directory is first configured.
gp_configure_and_build() {
    local launcher=()
    if command -v ccache >/dev/null 2>&1; then
        launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    fi
    if [ ! -f "$GP_BUILD_DIR/CMakeCache.txt" ]; then
        cmake -S "$GP_ROOT" -B "$GP_BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGP_WERROR=ON "${launcher[@]}" "$@"
    fi
    cmake --build "$GP_BUILD_DIR" -j "$(nproc)"
}

# Both suites under AddressSanitizer + UndefinedBehaviorSanitizer (the `asan` preset: a Debug build, so Qt's own
# checks such as "Called object is not of the correct type" are on too), in one build directory of their own so it
# never reconfigures a developer's build-asan/: the core library is compiled once for core_tests and ui_tests.
# The script tests that need the Qt report or the package, or check sources only, are left to the main build; so is
# bad_inputs.sh, whose files core_tests' RobustnessBadFiles runs in-process under the sanitizers too, and
# fields_documented.sh, which only compares the release CLI's field names with the documents (47 s under the
# sanitizers, the longest single test there; script.cli_outputs runs the same CLI outputs under them).
# gp_asan_tests core|ui|all: builds what that suite needs and runs it (ctest, each suite in 4 shard processes).
GP_ASAN_BUILD_DIR="${GP_ASAN_BUILD_DIR:-$GP_ROOT/build-asan-tests}"
GP_ASAN_SCRIPTS_ELSEWHERE='^script\.(bad_inputs|builds_file_by_file|calibration_dryrun|core_layering|export_report|fields_documented|format_clean|package_install|no_origin_words|overrides_linear|report_manager_page|translations_complete)$'
gp_asan_tests() {
    local suite="$1"
    local launcher=()
    if command -v ccache >/dev/null 2>&1; then
        launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    fi
    if [ ! -f "$GP_ASAN_BUILD_DIR/CMakeCache.txt" ]; then
        # -g1: line tables for the sanitizers' stack traces, without the full debug information's compile time.
        # Warnings are errors here too: in CI this is the only build of both suites. It compiles in unity batches
        # of 12, not the release build's 8, so a source that builds only beside the files of its batch (a name or
        # an include another file brings in) meets other neighbours here. Each translation unit costs about 4 CPU s
        # at -O0 under the sanitizers before its own code (the precompiled headers' inline code it uses): three
        # batches of 3 core test files took 38.6 CPU s, the same 9 files in one 17.8, 18 files in one 27.2
        # (GCC 12, 2026-12-06). File by file (GP_UNITY=OFF) took 10 of CI's 14.5 minutes on two cores for the core
        # alone (2026-12-06): script.builds_file_by_file checks instead that each source compiles on its own.
        # Each suite runs as 4 GoogleTest shards (tests/CMakeLists.txt, GP_TEST_SHARDS): a process per test costs
        # 0.2-0.4 s to start under the sanitizers, most of the suites' time.
        (cd "$GP_ROOT" && cmake --preset asan -B "$GP_ASAN_BUILD_DIR" -DGP_BUILD_UI=ON -DGP_WERROR=ON \
            -DGP_UNITY=ON -DGP_UNITY_BATCH=12 -DCMAKE_CXX_FLAGS_DEBUG=-g1 -DGP_TEST_SHARDS=4 "${launcher[@]}")
    fi
    local targets=() select=()
    case "$suite" in
    core) targets=(core_tests gpu-planner-cli) select=(-L 'core|script') ;;
    ui) targets=(ui_tests) select=(-L ui) ;;
    all) targets=(core_tests ui_tests) ;;
    *) echo "gp_asan_tests: core, ui or all, not '$suite'" >&2; return 2 ;;
    esac
    cmake --build "$GP_ASAN_BUILD_DIR" -j "$(nproc)" --target "${targets[@]}"
    ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 QT_QPA_PLATFORM=offscreen \
        ctest --test-dir "$GP_ASAN_BUILD_DIR" --output-on-failure -j "$(nproc)" "${select[@]}" \
        -E "$GP_ASAN_SCRIPTS_ELSEWHERE"
}
