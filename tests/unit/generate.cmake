# Unit tests of no-guess generation and density clouds (core/mines/
# generate.h, clouds.h) and of their use in the classic rules, linked with
# the classic_builtin objects. Included from tests/CMakeLists.txt, which
# finds PkgConfig::CMOCKA.
get_filename_component(generate_fixtures ${CMAKE_CURRENT_LIST_DIR}/../fixtures
  ABSOLUTE)
add_executable(test_generate ${CMAKE_CURRENT_LIST_DIR}/test_generate.c)
target_link_libraries(test_generate PRIVATE classic_builtin sapper_mines
  PkgConfig::CMOCKA m)
target_compile_definitions(test_generate PRIVATE
  SAPPER_FIXTURES="${generate_fixtures}")
add_test(NAME test_generate COMMAND test_generate)
