# Unit tests of the engine core (config, loader, match, replay, the
# tournament worker's records) and the
# conformance suite every rules plugin must pass. They load the real .so
# files from the build tree, their manifests read by the build's
# sapper-bothost (SAPPER_BOTHOST).
set(SAPPER_RULES_PLUGINS classic seeker woodsword)
set(SAPPER_ALL_PLUGINS ${SAPPER_RULES_PLUGINS} random simple template woodsword-bot arena-random)
set(SAPPER_BAD_PLUGINS rps rps-random bad_noentry bad_abi bad_refuses
    bad_missing_fn bad_param_spec dup_a dup_b bot_illegal bot_listless)

function(sapper_core_test NAME)
  add_executable(${NAME} ${CMAKE_CURRENT_LIST_DIR}/${NAME}.c
                 ${CMAKE_CURRENT_LIST_DIR}/helpers.c)
  target_link_libraries(${NAME} PRIVATE sapper_runner sapper_report PkgConfig::CMOCKA)
  target_include_directories(${NAME} PRIVATE ${CMAKE_CURRENT_LIST_DIR})
  target_compile_definitions(${NAME} PRIVATE
    SAPPER_PLUGIN_DIR="${SAPPER_PLUGIN_BUILD_DIR}"
    SAPPER_BOTHOST="${CMAKE_BINARY_DIR}/sapper-bothost"
    SAPPER_TEST_PLUGIN_DIR="${SAPPER_TEST_PLUGIN_DIR}"
    SAPPER_FIXTURES="${SAPPER_FIXTURES}")
  add_dependencies(${NAME} sapper-bothost ${SAPPER_ALL_PLUGINS} ${SAPPER_BAD_PLUGINS})
  add_test(NAME ${NAME} COMMAND ${NAME})
endfunction()

sapper_core_test(test_config)
sapper_core_test(test_loader)
sapper_core_test(test_match)
sapper_core_test(test_replay_times)
sapper_core_test(test_conformance)
sapper_core_test(test_abi_layout)
add_dependencies(test_abi_layout abi_old_10 abi_old_11)
sapper_core_test(test_worker)
sapper_core_test(test_bot_conformance)
add_dependencies(test_bot_conformance prober hunter)
sapper_core_test(test_report)
sapper_core_test(test_lanes)
# Bot processes stopped outside their calls and charged for what they run
# there (issue 27): real sapper-bothost processes, the thief test bot.
sapper_core_test(test_sandbox)
target_compile_definitions(test_sandbox PRIVATE SAPPER_BOTHOST="${CMAKE_BINARY_DIR}/sapper-bothost")
add_dependencies(test_sandbox sapper-bothost bot_thief)
sapper_core_test(test_protocol)
target_link_libraries(test_protocol PRIVATE sapper_protocol)
# sapper serve and join's network side and a spectator's view (issue 28).
sapper_core_test(test_net)
target_link_libraries(test_net PRIVATE sapper_net sapper_protocol)
