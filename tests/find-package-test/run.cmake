# Installs the build tree BUILD into a fresh prefix under WORK, configures and builds the consumer
# project beside this script against that prefix alone, runs it and checks what it prints.
# With PYTHON (the interpreter the module is built for), the installed Python package is imported
# from the prefix alone too.
# cmake -DBUILD=... -DWORK=... -DCXX=... [-DPYTHON=...] -P run.cmake
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/prefix)
run(${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR} -B ${WORK}/build -DCMAKE_BUILD_TYPE=Release
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_PREFIX_PATH=${WORK}/prefix)
run(${CMAKE_COMMAND} --build ${WORK}/build)
run(${WORK}/build/consumer)
message("${out}")

# Expected values: {1|-1} is the switch +-1 of temperature 1 (hand calculation); the 8-cell
# region ..#/.../... is +-3/2 and 4x4 is won by Vertical moving first (tests/domineering,
# tests/solver); 1 + 2 + 3 + 9 + 21 + 68 = 104 shapes of 1 to 6 cells, one per class under the
# two reflections (tests/catalogue); LRU with 2 entries on 1 2 1 3 1 hits the second and third 1.
foreach(line "temperature of \\+-1: 1" "value of \\.\\.#/\\.\\.\\./\\.\\.\\.: \\+-3/2" "shapes up to 6 cells: 104"
             "4x4, Vertical first: Vertical wins" "LRU of 2 entries on 1 2 1 3 1: 2 hits")
  if(NOT out MATCHES "${line}")
    message(FATAL_ERROR "the consumer's output lacks '${line}'")
  endif()
endforeach()
if(PYTHON)
  # Newlines, not semicolons, between the statements: run() would split its arguments at those.
  run(${PYTHON} -I -B -c "import sys\nsys.path.insert(0, '${WORK}/prefix/lib/python3/dist-packages')\nimport domineering\nprint(domineering.__file__, domineering.value('..#/.../...').canonical)")
  if(NOT out MATCHES "^${WORK}/prefix/lib/python3/dist-packages/domineering/__init__.py \\+-3/2")
    message(FATAL_ERROR "the installed Python package printed '${out}'")
  endif()
endif()
file(REMOVE_RECURSE ${WORK})
