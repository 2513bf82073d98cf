# SPDX-FileCopyrightText: 2026 HOPX Desktop developers
# SPDX-License-Identifier: MIT
# Installing like a desktop app, and the .deb. Included from the top-level CMakeLists.txt after the
# targets exist. The binaries' own install() rules live next to them (app/, mcpserver/):
#   bin/hopx-desktop, bin/hopx-mcp (IDE configs get a stable absolute path to the bridge),
#   libexec/hopx-desktop/hopx-sandbox-agent (SandboxProcess::findAgent() looks there).
# This file adds the desktop integration files and CPack:
#   share/applications/dev.hopx.Desktop.desktop
#   share/metainfo/dev.hopx.Desktop.metainfo.xml
#   share/hopx-desktop/dev.hopx.Desktop-autostart.desktop   (template of the login entry)
#   share/icons/hicolor/<size>/apps/dev.hopx.Desktop.{png,svg}
#   share/hopx-desktop/apparmor/hopx-desktop   (the .deb's postinst puts it into /etc/apparmor.d)
# `cpack -G DEB` in the build directory then makes hopx-desktop_<version>_<arch>.deb.
include_guard(GLOBAL)

# The date of PROJECT_VERSION's release, for the metainfo's <release>; bump both together.
set(HOPX_RELEASE_DATE "2026-11-30")
# Debian's Maintainer field must be "name <address>".
set(HOPX_PACKAGE_MAINTAINER "HOPX Desktop developers <desktop@hopx.ai>" CACHE STRING
    "Maintainer of the .deb (name <email>)")
# README screenshots with a relative path become <screenshot>s under this URL (raw file hosting of
# the repository); empty = only README screenshots that already have an https:// URL are used.
set(HOPX_SCREENSHOT_BASE_URL "" CACHE STRING "URL that README-relative screenshot paths resolve against")

set(HOPX_PACKAGING_SOURCE_DIR ${PROJECT_SOURCE_DIR}/packaging/linux)
set(HOPX_PACKAGING_BINARY_DIR ${PROJECT_BINARY_DIR}/packaging)

# --- AppStream screenshots: the images the README and its gallery (docs/screenshots.md) show, so
# both stay the same set; a path is relative to the file that names it. ---
set(HOPX_METAINFO_SCREENSHOTS "")
set(shots "")
set(shot_urls "")
foreach(doc README.md docs/screenshots.md)
    if(NOT EXISTS ${PROJECT_SOURCE_DIR}/${doc})
        continue()
    endif()
    set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
        ${PROJECT_SOURCE_DIR}/${doc})
    get_filename_component(doc_dir "${doc}" DIRECTORY)
    file(STRINGS ${PROJECT_SOURCE_DIR}/${doc} readme_images REGEX "!\\[[^]]*\\]\\([^)]+\\.(png|jpg|jpeg|webp)\\)")
    foreach(line IN LISTS readme_images)
        string(REGEX MATCHALL "!\\[[^]]*\\]\\([^)]+\\)" images "${line}")
        foreach(image IN LISTS images)
            string(REGEX REPLACE "^!\\[([^]]*)\\]\\(([^) ]+).*$" "\\1" caption "${image}")
            string(REGEX REPLACE "^!\\[([^]]*)\\]\\(([^) ]+).*$" "\\2" path "${image}")
            if(path MATCHES "^https://")
                set(url "${path}")
            elseif(HOPX_SCREENSHOT_BASE_URL AND NOT path MATCHES "^[a-z]+:")
                string(REGEX REPLACE "^\\./" "" path "${path}")
                if(doc_dir)
                    set(path "${doc_dir}/${path}")
                endif()
                set(url "${HOPX_SCREENSHOT_BASE_URL}/${path}")
            else()
                continue()
            endif()
            if(url IN_LIST shot_urls) # the README's image is the gallery's first
                continue()
            endif()
            list(APPEND shot_urls "${url}")
            if(NOT caption)
                set(caption "HOPX Desktop")
            endif()
            string(REPLACE "&" "&amp;" caption "${caption}")
            string(REPLACE "<" "&lt;" caption "${caption}")
            if(shots STREQUAL "")
                set(kind " type=\"default\"")
            else()
                set(kind "")
            endif()
            string(APPEND shots "    <screenshot${kind}>\n      <caption>${caption}</caption>\n"
                "      <image>${url}</image>\n    </screenshot>\n")
        endforeach()
    endforeach()
endforeach()
if(shots)
    set(HOPX_METAINFO_SCREENSHOTS "\n  <screenshots>\n${shots}  </screenshots>")
endif()

configure_file(${HOPX_PACKAGING_SOURCE_DIR}/${HOPX_APP_ID}.desktop.in
    ${HOPX_PACKAGING_BINARY_DIR}/${HOPX_APP_ID}.desktop @ONLY)
configure_file(${HOPX_PACKAGING_SOURCE_DIR}/${HOPX_APP_ID}.metainfo.xml.in
    ${HOPX_PACKAGING_BINARY_DIR}/${HOPX_APP_ID}.metainfo.xml @ONLY)
# Tests validate exactly the files that get installed.
set(HOPX_DESKTOP_FILE ${HOPX_PACKAGING_BINARY_DIR}/${HOPX_APP_ID}.desktop)
set(HOPX_METAINFO_FILE ${HOPX_PACKAGING_BINARY_DIR}/${HOPX_APP_ID}.metainfo.xml)
set(HOPX_AUTOSTART_FILE ${HOPX_PACKAGING_SOURCE_DIR}/${HOPX_APP_ID}-autostart.desktop)

install(FILES ${HOPX_DESKTOP_FILE} DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${HOPX_METAINFO_FILE} DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
# Not in /etc/xdg/autostart: starting at login is the user's choice, made in Settings.
install(FILES ${HOPX_AUTOSTART_FILE} DESTINATION ${CMAKE_INSTALL_DATADIR}/hopx-desktop)
# Debian wants the licence next to the docs (/usr/share/doc/<package>/copyright).
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

# --- AppArmor: user namespaces for our sandboxes on Ubuntu 24.04 (packaging/linux/apparmor). ---
# The profile attaches to the installed hopx-desktop, which starts bubblewrap. It is a file of the
# package under share/, not in /etc/apparmor.d: postinst copies it there only where the system's
# AppArmor parser accepts it (AppArmor 4), since Debian 12's would fail on it at every boot.
set(HOPX_PACKAGE_PREFIX /usr)
set(HOPX_APPARMOR_NAME hopx-desktop)
set(HOPX_APPARMOR_EXECUTABLE ${HOPX_PACKAGE_PREFIX}/${CMAKE_INSTALL_BINDIR}/hopx-desktop)
set(HOPX_APPARMOR_PROFILE ${HOPX_PACKAGING_BINARY_DIR}/apparmor/${HOPX_APPARMOR_NAME})
configure_file(${HOPX_PACKAGING_SOURCE_DIR}/apparmor/hopx-desktop.in ${HOPX_APPARMOR_PROFILE} @ONLY)
install(FILES ${HOPX_APPARMOR_PROFILE} DESTINATION ${CMAKE_INSTALL_DATADIR}/hopx-desktop/apparmor)

# --- Icons: whatever resources/icons holds, so a half-finished icon set still installs. ---
# PNGs come as resources/icons/hicolor/<W>x<H>/apps/<app id>.png; the scalable one is
# resources/icons/<app id>.svg (or already under hicolor/scalable/apps).
file(GLOB HOPX_APP_PNG_ICONS CONFIGURE_DEPENDS
    ${PROJECT_SOURCE_DIR}/resources/icons/hicolor/*/apps/${HOPX_APP_ID}.png)
foreach(icon IN LISTS HOPX_APP_PNG_ICONS)
    get_filename_component(apps_dir ${icon} DIRECTORY)
    get_filename_component(size_dir ${apps_dir} DIRECTORY)
    get_filename_component(size ${size_dir} NAME)
    install(FILES ${icon} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}/apps)
endforeach()
file(GLOB HOPX_APP_SVG_ICONS CONFIGURE_DEPENDS
    ${PROJECT_SOURCE_DIR}/resources/icons/${HOPX_APP_ID}.svg
    ${PROJECT_SOURCE_DIR}/resources/icons/hicolor/scalable/apps/${HOPX_APP_ID}.svg)
list(LENGTH HOPX_APP_SVG_ICONS svg_count)
if(svg_count GREATER 0)
    list(GET HOPX_APP_SVG_ICONS 0 svg)
    install(FILES ${svg} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
endif()

# --- CPack: the .deb ---
set(CPACK_PACKAGE_NAME hopx-desktop)
set(CPACK_PACKAGE_VENDOR "HOPX")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${HOPX_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON) # RelWithDebInfo binaries are several times larger with their debug info
set(CPACK_PACKAGING_INSTALL_PREFIX ${HOPX_PACKAGE_PREFIX})

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${HOPX_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PROJECT_HOMEPAGE_URL}")
# Extended description; CPack puts the summary first and indents the rest as Debian wants.
# No ';' in it: CMake would read the text as a list.
string(CONCAT CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "HOPX Desktop lets the AI assistant in your IDE run code (Python with pandas,\n"
    "numpy and matplotlib, JavaScript, bash, Go) in isolated sandboxes over the\n"
    "Model Context Protocol (MCP).\n"
    "\n"
    "It is a tray app that hosts an MCP server on a private local socket. IDEs\n"
    "start its stdio bridge, hopx-mcp. Sandboxes run locally with bubblewrap\n"
    "(offline, no account) or in the HOPX cloud with an API key, which is kept\n"
    "in the system keychain.")
# Shared-library dependencies (Qt, QtKeychain, libseccomp, …) come from dpkg-shlibdeps and are
# appended to what is listed here: only what is run or loaded rather than linked.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# bwrap builds every local sandbox; hopx-capfs mounts its capped disk with fuse3's fusermount3
# (libfuse3 itself comes from dpkg-shlibdeps); the SVG icon plugin.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "bubblewrap (>= 0.8), fuse3, libqt6svg6")
# Local sandboxes run code with these when present (python3-dill carries Python variables into
# forks and checkpoints); the keychain keeps the API key; fuse2fs
# moves the files of sandboxes made before hopx-capfs out of their disk images; Qt's own strings
# (OK, Cancel, the file dialogs) come in the user's language from qt6-translations-l10n.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
    "gnome-keyring | kwalletmanager, python3, python3-numpy, python3-pandas, python3-matplotlib, python3-dill, nodejs, golang-go, slirp4netns, fuse2fs, qt6-translations-l10n")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# Install and load the AppArmor profile where AppArmor takes it; remove it again (0755 by STRICT).
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA
    ${HOPX_PACKAGING_SOURCE_DIR}/debian/postinst ${HOPX_PACKAGING_SOURCE_DIR}/debian/postrm)

set(CPACK_SOURCE_GENERATOR TGZ)
set(CPACK_SOURCE_IGNORE_FILES "/\\.git/" "/build[^/]*/" "/\\.cache/" "/node_modules/")
include(CPack)
