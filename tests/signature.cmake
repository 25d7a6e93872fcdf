# The search signature: `domineering bench` must print the node count recorded in
# bench/signature.txt. A commit that changes the search changes both, and says so in its
# message (`Bench: N`); one that changes the count without the file fails here.
# cmake -DBIN=... -DRECORDED=.../bench/signature.txt -P signature.cmake
file(STRINGS ${RECORDED} recorded LIMIT_COUNT 1 REGEX "^[0-9]+$")
if(NOT recorded)
  message(FATAL_ERROR "${RECORDED} does not hold a node count on its first line")
endif()
execute_process(COMMAND ${BIN} bench --json RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "domineering bench failed (${code}):\n${err}")
endif()
string(JSON nodes GET "${out}" nodes)
if(NOT nodes STREQUAL recorded)
  message(FATAL_ERROR "the search signature changed: domineering bench prints Bench: ${nodes}, bench/signature.txt records "
                      "${recorded}. If the search was meant to change, record ${nodes} there and end the commit message "
                      "with 'Bench: ${nodes}'.")
endif()
message("Bench: ${nodes}, as recorded")
