# Build time: precompiled headers for the heaviest headers every file of a target includes (nlohmann/json in the
# core, GoogleTest in the suites, Qt in the window), and the optimisation level each kind of code needs. A clean
# build plus tests must stay well under 15 minutes on two cores (README "Development" has the figures).
option(GP_PCH "Precompile nlohmann/json, GoogleTest and the Qt headers each target uses most" ON)

# Unity build: each target compiles its files in batches of GP_UNITY_BATCH, so the headers and the templates they
# instantiate are compiled once per batch instead of once per file (a clean build takes about half the CPU time).
# A file's file-local names must therefore be unique within its target: a helper two files need lives in one header
# (core/base/finite_number.h, output/json_numbers.h, ...), which is also the one-home rule. -DGP_UNITY=OFF builds
# file by file (the faster choice while editing a single file of a large target).
option(GP_UNITY "Compile each target's files in batches (unity build)" ON)
set(GP_UNITY_BATCH 8 CACHE STRING "Files per unity batch")
if(GP_UNITY)
    set(CMAKE_UNITY_BUILD ON)
    set(CMAKE_UNITY_BUILD_BATCH_SIZE ${GP_UNITY_BATCH})
endif()

# Release builds use -O2 (as Debian builds its packages), except the core library: the planner runs its memory, time
# and cost estimates for every configuration it scores, and at -O2 it scores 10-20% fewer configurations per second
# (BM_SearchDefaultPlanAllInstances, GCC 12 on two cores, the same code: 8.9-9.6 M/s at -O2, 10.1-10.3 M/s at -O3).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    string(REPLACE "-O3" "-O2" CMAKE_CXX_FLAGS_RELEASE "${CMAKE_CXX_FLAGS_RELEASE}")
endif()

# gp_hot_path_optimisation(TARGET): -O3 for a Release build of TARGET (the last -O on the command line wins). GCC 12
# at -O3 reports std::optional<double> payloads as "maybe uninitialized" (GCC bug 80635, CMakeLists.txt): that
# warning stays on in every other target and in the sanitizer build of this one.
function(gp_hot_path_optimisation target)
    if(CMAKE_BUILD_TYPE STREQUAL "Release" AND (CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR CMAKE_CXX_COMPILER_ID STREQUAL "Clang"))
        target_compile_options(${target} PRIVATE -O3)
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
            target_compile_options(${target} PRIVATE -Wno-maybe-uninitialized)
        endif()
    endif()
endfunction()

set(GP_PCH_STD <algorithm> <cmath> <functional> <map> <memory> <optional> <string> <string_view> <vector>)
set(GP_PCH_QT
    <QApplication> <QComboBox> <QCoreApplication> <QDir> <QFile> <QFileInfo> <QHBoxLayout> <QLabel>
    <QLineEdit> <QLocale> <QPushButton> <QSpinBox> <QString> <QTimer> <QVBoxLayout> <QWidget>
    <QChart> <QLineSeries> <QValueAxis>)

# gp_precompile(TARGET KIND...): KIND is any of json, gtest, qt, qt_test.
function(gp_precompile target)
    if(NOT GP_PCH)
        return()
    endif()
    set(headers ${GP_PCH_STD})
    foreach(kind IN LISTS ARGN)
        if(kind STREQUAL "json")
            list(APPEND headers <nlohmann/json.hpp>)
        elseif(kind STREQUAL "gtest")
            list(APPEND headers <gtest/gtest.h>)
        elseif(kind STREQUAL "qt")
            list(APPEND headers ${GP_PCH_QT})
        elseif(kind STREQUAL "qt_test")
            list(APPEND headers <QSignalSpy> <QTemporaryDir> <QTest>)
        else()
            message(FATAL_ERROR "gp_precompile: unknown kind ${kind}")
        endif()
    endforeach()
    target_precompile_headers(${target} PRIVATE ${headers})
endfunction()

# Test code needs no optimiser: its bodies are many and run once; the code under test keeps its own flags (-O1
# would also bring GCC 12's false -Warray-bounds on std::string copies, bug 105329).
function(gp_test_optimisation target)
    if(CMAKE_BUILD_TYPE STREQUAL "Release" AND (CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR CMAKE_CXX_COMPILER_ID STREQUAL "Clang"))
        target_compile_options(${target} PRIVATE -O0)
    endif()
    # In a unity batch each test file is included into the batch's file, so GCC takes a fixture in a file's anonymous
    # namespace for one in a header and warns (-Wsubobject-linkage) that a test derives from it. The batch is one
    # translation unit: there is no second definition the warning protects against.
    if(GP_UNITY AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
        target_compile_options(${target} PRIVATE -Wno-subobject-linkage)
    endif()
endfunction()
