# The plugin loader alone (dlopen, handshake, validation, parameters, and
# starting the manifest reader, sapper-bothost --describe): shared by the
# engine and by sapper-bothost, which must hold nothing else.
add_library(sapper_loader STATIC
  ${CMAKE_CURRENT_LIST_DIR}/params.c
  ${CMAKE_CURRENT_LIST_DIR}/loader.c
  ${CMAKE_CURRENT_LIST_DIR}/describe.c
  ${CMAKE_CURRENT_LIST_DIR}/heap.c
  ${CMAKE_CURRENT_SOURCE_DIR}/sandbox/helper_exec.c
  ${CMAKE_CURRENT_SOURCE_DIR}/sandbox/lockdown.c
  ${CMAKE_CURRENT_SOURCE_DIR}/sandbox/wire.c)
target_include_directories(sapper_loader PUBLIC ${CMAKE_CURRENT_LIST_DIR}
                           ${CMAKE_CURRENT_SOURCE_DIR}/sandbox)
target_link_libraries(sapper_loader PUBLIC sapper_abi ${CMAKE_DL_LIBS}
  PRIVATE PkgConfig::SECCOMP)

# The engine library: config, setup, match loop, replay, seeds, provenance,
# the bot sandbox. No UI, no tournaments (core/tournament/), no database.
add_library(sapper_core STATIC
  ${CMAKE_CURRENT_LIST_DIR}/config.c
  ${CMAKE_CURRENT_LIST_DIR}/setup.c
  ${CMAKE_CURRENT_LIST_DIR}/strbuf.c
  ${CMAKE_CURRENT_LIST_DIR}/match.c
  ${CMAKE_CURRENT_LIST_DIR}/bot_keep.c
  ${CMAKE_CURRENT_LIST_DIR}/seeds.c
  ${CMAKE_CURRENT_LIST_DIR}/provenance.c
  ${CMAKE_CURRENT_LIST_DIR}/replay.c
  ${CMAKE_CURRENT_LIST_DIR}/replay_read.c
  ${CMAKE_CURRENT_LIST_DIR}/replay_times.c
  ${CMAKE_CURRENT_SOURCE_DIR}/sandbox/sandbox.c
  ${CMAKE_CURRENT_SOURCE_DIR}/sandbox/hold.c)
target_include_directories(sapper_core PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_compile_definitions(sapper_core PRIVATE SAPPER_ENGINE_VERSION="${PROJECT_VERSION}")
target_link_libraries(sapper_core PUBLIC sapper_abi sapper_loader
  PRIVATE PkgConfig::INIH PkgConfig::SODIUM m ${CMAKE_DL_LIBS})

# The process a sandboxed bot runs in, and the manifest reader
# (core/sandbox/bothost.c, describer.c): the loader, the frames and the
# lockdown, nothing of the engine's state.
add_executable(sapper-bothost ${CMAKE_CURRENT_SOURCE_DIR}/sandbox/bothost.c
  ${CMAKE_CURRENT_SOURCE_DIR}/sandbox/describer.c)
target_link_libraries(sapper-bothost PRIVATE sapper_loader)
set_target_properties(sapper-bothost PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
install(TARGETS sapper-bothost RUNTIME DESTINATION lib/sapper)
