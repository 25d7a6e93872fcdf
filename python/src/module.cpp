// The extension domineering._domineering: the engine for Python scripts and notebooks. Errors
// in what a caller gives are domineering.InputError (a ValueError) with the CLI's messages;
// Ctrl-C during a computation is KeyboardInterrupt, and leaves the engine's tables as they were.
#include "bindings.h"

#include "base/input_error.h"
#include "base/interrupt.h"

#include <pythread.h>

namespace py = pybind11;

namespace pymodule {

namespace {
unsigned long main_thread_ident = 0;
} // namespace

bool on_main_thread() { return PyThread_get_thread_ident() == main_thread_ident; }

} // namespace pymodule

PYBIND11_MODULE(_domineering, m) {
  // Python delivers signals to its main thread, whichever thread imports the module.
  pymodule::main_thread_ident = py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  m.doc() = "Combinatorial game theory and Domineering: canonical forms, thermographs, board values, solving";
  py::register_exception<base::InputError>(m, "InputError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const base::Interrupted&) {
      PyErr_SetNone(PyExc_KeyboardInterrupt);
    }
  });
  pymodule::bind_thermographs(m);
  pymodule::bind_games(m);
  pymodule::bind_boards(m);
  pymodule::bind_solve(m);
}
