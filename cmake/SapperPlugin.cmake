# sapper_plugin(NAME SOURCES...) builds a plugin twice from the same sources:
#  NAME          a MODULE (NAME.so, no "lib" prefix) exporting only
#                sapper_plugin_entry, for dlopen; installed with the engine;
#  NAME_builtin  an object library compiled with -DSAPPER_BUILTIN, whose
#                entry is sapper_builtin_<NAME>_entry, for linking the plugin
#                into tests and benchmarks through the same validation path.
# Options: LIBS (link libraries), OUTPUT_DIR (default: the build plugin dir),
# NO_INSTALL (test plugins).
function(sapper_plugin NAME)
  cmake_parse_arguments(P "NO_INSTALL" "OUTPUT_DIR" "SOURCES;LIBS" ${ARGN})
  if(NOT P_OUTPUT_DIR)
    set(P_OUTPUT_DIR ${SAPPER_PLUGIN_BUILD_DIR})
  endif()
  add_library(${NAME} MODULE ${P_SOURCES})
  set_target_properties(${NAME} PROPERTIES PREFIX ""
    C_VISIBILITY_PRESET hidden
    LIBRARY_OUTPUT_DIRECTORY ${P_OUTPUT_DIR})
  target_link_libraries(${NAME} PRIVATE sapper_abi ${P_LIBS})
  # Every symbol resolved at link time, but for a fuzzing build: clang
  # keeps the sanitizer and coverage runtimes in the executable, where the
  # plugin finds them when it is loaded.
  if(NOT SAPPER_FUZZ)
    target_link_options(${NAME} PRIVATE -Wl,-z,defs)
  endif()
  add_library(${NAME}_builtin OBJECT ${P_SOURCES})
  target_compile_definitions(${NAME}_builtin PRIVATE SAPPER_BUILTIN)
  set_target_properties(${NAME}_builtin PROPERTIES C_VISIBILITY_PRESET hidden)
  target_link_libraries(${NAME}_builtin PUBLIC sapper_abi ${P_LIBS})
  if(NOT P_NO_INSTALL)
    install(TARGETS ${NAME} LIBRARY DESTINATION ${SAPPER_PLUGIN_INSTALL_DIR})
    # a plugin a player's game may load: built by the `player` target
    set_property(GLOBAL APPEND PROPERTY SAPPER_PLAYER_PLUGINS ${NAME})
  endif()
endfunction()
