// domineering.Thermograph: the thermograph of a game, or of a board's regions and their sum,
// with its walls as exact breakpoints (the JSON `thermograph` of the CLI) and its drawing
// (cgt/thermograph_svg.h), which Jupyter shows inline through _repr_svg_.
#include "bindings.h"
#include "call_guard.h"

#include "cgt/thermograph.h"

#include "base/atomic_file.h"

#include <pybind11/stl.h>

namespace py = pybind11;

namespace pymodule {

namespace {

// [(t, value), ...] from temperature -1: linear between breakpoints, vertical above the last.
py::list wall(const cgt::Trajectory& w) {
  py::list out;
  for (std::size_t i = 0; i < w.breakpoints().size(); ++i)
    out.append(py::make_tuple(fraction(w.breakpoints()[i]), fraction(w.values()[i])));
  return out;
}

std::string svg(const Thermographs& t) {
  return released([&](const std::atomic<bool>*) { return cgt::thermograph_svg(t.curves); });
}

} // namespace

void bind_thermographs(py::module_& m) {
  py::class_<Thermographs>(m, "Thermograph",
                           "A thermograph, or several sharing a frame (a board's regions and their sum). The walls are those of "
                           "the first curve; svg() and save() draw them all, as CGSuite does.")
      .def_property_readonly(
          "left_wall", [](const Thermographs& t) { return wall(cgt::thermograph(t.curves[0].game).left_wall); },
          "Breakpoints (t, value) of the left wall from t = -1, as Fractions; linear in between, the mast above the last")
      .def_property_readonly("right_wall", [](const Thermographs& t) { return wall(cgt::thermograph(t.curves[0].game).right_wall); })
      .def_property_readonly(
          "mast", [](const Thermographs& t) { return fraction(cgt::thermograph(t.curves[0].game).mean); },
          "Where the mast stands: the mean")
      .def_property_readonly("temperature", [](const Thermographs& t) { return fraction(cgt::thermograph(t.curves[0].game).temperature); })
      .def_property_readonly(
          "curves",
          [](const Thermographs& t) {
            py::list out;
            for (const auto& c : t.curves)
              out.append(py::make_tuple(c.label, cgt::Game(c.game)));
            return out;
          },
          "[(label, game), ...], the first being the one the walls describe")
      .def("svg", &svg, "The drawing as SVG text, the same bytes as the CLI's --thermograph")
      .def("_repr_svg_", &svg)
      .def(
          "save",
          [](const Thermographs& t, const std::string& path) {
            const std::string text = svg(t);
            released([&](const std::atomic<bool>*) {
              base::write_atomically(path, [&](std::ostream& os) { os << text; });
              return 0;
            });
          },
          py::arg("path"), "Writes svg() to path, atomically");
}

} // namespace pymodule
