# Runs ${BIN} ${ARGS}, then fails unless the exit code is ${EXIT} and stdout + stderr contain every
# string of the list ${EXPECT}. Used by dom_add_cli_test in tests/CMakeLists.txt.
execute_process(COMMAND ${BIN} ${ARGS} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL EXIT)
  message(FATAL_ERROR "exit code ${code}, expected ${EXIT}\nstdout:\n${out}\nstderr:\n${err}")
endif()
foreach(s IN LISTS EXPECT)
  string(FIND "${out}${err}" "${s}" pos)
  if(pos EQUAL -1)
    message(FATAL_ERROR "output lacks '${s}'\nstdout:\n${out}\nstderr:\n${err}")
  endif()
endforeach()
