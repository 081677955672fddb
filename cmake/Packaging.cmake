# The Debian package: `cd build && cpack -G DEB` -> gpu-planner_<version>_<arch>.deb, installed
# with `sudo apt install ./gpu-planner_*.deb`. Included from cmake/Install.cmake.
# Desktop database, MIME database and icon cache are refreshed by the file triggers of
# desktop-file-utils, shared-mime-info and the hicolor theme, so no maintainer scripts are needed.

set(GP_PACKAGE_MAINTAINER "GPU Planner developers <gpu-planner@users.noreply.github.com>"
    CACHE STRING "Maintainer field of the Debian package (Name <email>)")

set(CPACK_PACKAGE_NAME gpu-planner)
set(CPACK_PACKAGE_VENDOR "GPU Planner developers")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${GP_PACKAGE_MAINTAINER})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "GPU memory, time and cost planner for LLM training and inference")
set(CPACK_PACKAGE_DESCRIPTION
"GPU Planner estimates, for training, fine-tuning (full, LoRA, QLoRA) or serving a
large language model, the memory each GPU needs, the step time and its bottleneck,
the total training time and the cost on every candidate cloud instance (Tencent
Cloud, Alibaba Cloud, AWS) or on-premise GPU, and recommends the cheapest
configuration that fits.

It works fully offline, in English and Simplified Chinese. The package holds the
desktop window (gpu-planner) and a command-line tool (gpu-planner-cli) that reads
the same .gpuplan files and writes JSON, CSV and PDF reports.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# Debug builds carry hundreds of MB of symbols; the package never needs them.
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_CHECKSUM SHA256)

find_program(GP_DPKG_DEB dpkg-deb)
if(GP_DPKG_DEB)
    set(CPACK_GENERATOR DEB)
else()
    set(CPACK_GENERATOR TGZ)
endif()

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${GP_PACKAGE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)

# Library dependencies come from dpkg-shlibdeps (it maps every linked Qt 6 and C++ runtime
# library to its package and minimum version). What the binaries load without linking is
# listed by hand: the CJK font for Chinese text in the window and in PDF reports, the xcb
# platform plugin (qt6-qpa-plugins on Debian 12) and the SVG icon/image plugins (libqt6svg6).
find_program(GP_DPKG_SHLIBDEPS dpkg-shlibdeps)
if(GP_DPKG_SHLIBDEPS)
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
    set(GP_DEB_LINKED_DEPENDS "")
else()
    # Without dpkg-shlibdeps, name what a Debian 12 build links against.
    set(GP_DEB_LINKED_DEPENDS "libc6, libstdc++6, libyaml-cpp0.7")
    if(TARGET gpu-planner)
        string(APPEND GP_DEB_LINKED_DEPENDS ", libqt6core6 (>= 6.4), libqt6gui6 (>= 6.4), libqt6widgets6 (>= 6.4),"
               " libqt6charts6 (>= 6.4), libqt6printsupport6 (>= 6.4), libqt6concurrent6 (>= 6.4)")
    endif()
endif()
if(TARGET gpu-planner)
    set(GP_DEB_RUNTIME_DEPENDS "fonts-noto-cjk, fonts-dejavu-core, qt6-qpa-plugins, libqt6svg6")
    # Qt's own dialogs (file chooser buttons, print dialog) in Chinese; Wayland when running there.
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-translations-l10n")
    set(CPACK_DEBIAN_PACKAGE_SUGGESTS "qt6-wayland")
else()
    set(GP_DEB_RUNTIME_DEPENDS "")
endif()
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${GP_DEB_LINKED_DEPENDS}")
if(GP_DEB_LINKED_DEPENDS AND GP_DEB_RUNTIME_DEPENDS)
    string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", ")
endif()
string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS "${GP_DEB_RUNTIME_DEPENDS}")

set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/" "\\\\.swp$")

include(CPack)
