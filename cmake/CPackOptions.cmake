# Per-generator packaging options (CPACK_PROJECT_CONFIG_FILE): the .deb
# installs under /usr; the tarball keeps the top directory sapper-X with
# bin/, lib/ and share/ under it, so it runs wherever it is unpacked.
if(CPACK_GENERATOR STREQUAL "DEB")
  set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
endif()
