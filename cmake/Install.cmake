# Install rules and desktop integration (included at the end of the top-level CMakeLists.txt).
# `cmake --install build --prefix /usr` lays out a Debian/freedesktop tree; cmake/Packaging.cmake
# turns the same tree into a .deb with `cpack -G DEB` run in the build directory.
#
# The programs never read anything installed here at run time: the catalog, model presets,
# plans and translations are embedded. The catalog JSON is installed only for people to read
# and to copy as a starting point for their own overrides.

# Reverse-DNS application id: the .desktop, metainfo and icon names all use it, and the window
# should call QGuiApplication::setDesktopFileName() with it so Wayland shells match the window.
set(GP_APP_ID "io.github.gpuplanner.GpuPlanner")
set(GP_DESKTOP_DIR ${PROJECT_SOURCE_DIR}/resources/desktop)
set(GP_ICON_SVG ${PROJECT_SOURCE_DIR}/resources/icons/gpu-planner.svg)
set(GP_DATA_DESTINATION ${CMAKE_INSTALL_DATADIR}/gpu-planner)
set(GP_DOC_DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/gpu-planner)

# --- programs ----------------------------------------------------------------------------------
install(TARGETS gpu-planner-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET gpu-planner)
    install(TARGETS gpu-planner RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# --- reference data: catalog and example plans (read/copy only) -------------------------------
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/catalog/
        DESTINATION ${GP_DATA_DESTINATION}/catalog
        FILES_MATCHING PATTERN "*.json" PATTERN "README.md")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/resources/plans/
        DESTINATION ${GP_DOC_DESTINATION}/examples
        FILES_MATCHING PATTERN "*.gpuplan")

# --- freedesktop integration -------------------------------------------------------------------
# The MIME type is useful even without the window (file managers show the plan's type), the
# launcher, software-centre entry and icons only with it.
install(FILES ${GP_DESKTOP_DIR}/${GP_APP_ID}.mime.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME ${GP_APP_ID}.xml)
if(TARGET gpu-planner)
    install(FILES ${GP_DESKTOP_DIR}/${GP_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
    install(FILES ${GP_DESKTOP_DIR}/${GP_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
    install(FILES ${GP_ICON_SVG}
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME ${GP_APP_ID}.svg)

    # Fixed-size PNGs for desktops and docks that do not load SVG icons; optional, since the
    # scalable icon is enough for GNOME and KDE.
    find_program(GP_RSVG_CONVERT rsvg-convert)
    if(GP_RSVG_CONVERT)
        set(GP_ICON_PNGS "")
        foreach(size 16 32 48 64 128 256)
            set(png ${CMAKE_CURRENT_BINARY_DIR}/icons/${size}x${size}/${GP_APP_ID}.png)
            add_custom_command(OUTPUT ${png}
                COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/icons/${size}x${size}
                COMMAND ${GP_RSVG_CONVERT} -w ${size} -h ${size} -o ${png} ${GP_ICON_SVG}
                DEPENDS ${GP_ICON_SVG}
                COMMENT "Rendering the ${size}px application icon" VERBATIM)
            list(APPEND GP_ICON_PNGS ${png})
            install(FILES ${png} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps)
        endforeach()
        add_custom_target(gp_icons ALL DEPENDS ${GP_ICON_PNGS})
    else()
        message(STATUS "rsvg-convert not found: installing the scalable icon only")
    endif()
endif()

# --- manual pages --------------------------------------------------------------------------------
set(GP_MAN_PAGES ${PROJECT_SOURCE_DIR}/docs/gpu-planner-cli.1)
if(TARGET gpu-planner)
    list(APPEND GP_MAN_PAGES ${PROJECT_SOURCE_DIR}/docs/gpu-planner.1)
endif()
find_program(GP_GZIP gzip)
if(GP_GZIP)
    # Debian policy wants compressed pages; -n leaves the name and time out so the package is reproducible.
    set(GP_MAN_GZ "")
    foreach(page IN LISTS GP_MAN_PAGES)
        get_filename_component(name ${page} NAME)
        set(gz ${CMAKE_CURRENT_BINARY_DIR}/man/${name}.gz)
        add_custom_command(OUTPUT ${gz}
            COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/man
            COMMAND ${GP_GZIP} -9 -n -c ${page} > ${gz}
            DEPENDS ${page}
            COMMENT "Compressing man page ${name}")
        list(APPEND GP_MAN_GZ ${gz})
    endforeach()
    add_custom_target(gp_manpages ALL DEPENDS ${GP_MAN_GZ})
    install(FILES ${GP_MAN_GZ} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
    install(FILES ${GP_MAN_PAGES} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

# --- documentation -----------------------------------------------------------------------------
foreach(doc README.md LICENSE LICENSE.md COPYING NOTICE docs/install.md)
    if(EXISTS ${PROJECT_SOURCE_DIR}/${doc})
        install(FILES ${PROJECT_SOURCE_DIR}/${doc} DESTINATION ${GP_DOC_DESTINATION})
    endif()
endforeach()

include(${CMAKE_CURRENT_LIST_DIR}/Packaging.cmake)
