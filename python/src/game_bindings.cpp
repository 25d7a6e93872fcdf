// domineering.Game: a short game in canonical form with what `domineering game` and `compare`
// report, its numbers as fractions.Fraction, and the sum, negation and order of games as Python
// operators. Games are hash-consed (cgt/game_store.h), so equal games are one object inside and
// == and hash() are exact and cheap; <= and the other comparisons are the game order, a partial
// one (G.confused(H) is the fourth case).
#include "bindings.h"
#include "call_guard.h"

#include "cgt/atomic_weight.h"
#include "cgt/birthday.h"
#include "cgt/cooling.h"
#include "cgt/incentives.h"
#include "cgt/reduced.h"

#include <pybind11/stl.h>

#include <string>

namespace py = pybind11;

namespace pymodule {

py::object fraction(const cgt::Dyadic& d) { return py::module_::import("fractions").attr("Fraction")(d.to_string()); }

namespace {

bool convertible(py::handle o) {
  return py::isinstance<cgt::Game>(o) || py::isinstance<py::int_>(o) || py::isinstance<py::str>(o) ||
         py::isinstance(o, py::module_::import("fractions").attr("Fraction"));
}

cgt::Game parsed(const std::string& text) {
  return released([&](const std::atomic<bool>*) { return cgt::Game::parse(text); });
}

py::tuple games(std::span<const cgt::GameId> ids) {
  py::tuple out(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i)
    out[i] = py::cast(cgt::Game(ids[i]));
  return out;
}

py::object not_implemented() { return py::reinterpret_borrow<py::object>(Py_NotImplemented); }

// A binary operation whose other operand may be anything: NotImplemented (Python then tries the
// reflected operation or raises TypeError) when it cannot be a game.
template <class F>
py::object binary(const cgt::Game& g, py::handle other, F f) {
  if (!convertible(other))
    return not_implemented();
  const cgt::Game h = to_game(other);
  return py::cast(with_budget([&] { return f(g, h); }));
}

} // namespace

cgt::Game to_game(py::handle o) {
  if (py::isinstance<cgt::Game>(o))
    return o.cast<cgt::Game>();
  if (py::isinstance<py::str>(o))
    return parsed(o.cast<std::string>());
  if (py::isinstance<py::bool_>(o))
    throw py::type_error("a bool is not a game");
  if (py::isinstance<py::int_>(o))
    return parsed(py::str(o).cast<std::string>());
  if (py::isinstance(o, py::module_::import("fractions").attr("Fraction"))) {
    // A dyadic fraction reads as "n/d", which the notation takes; another one fails there.
    const std::string text = py::str(o).cast<std::string>();
    return parsed(text);
  }
  throw py::type_error("expected a game: a Game, an int, a dyadic Fraction or a string such as '{1|-1}', got " +
                       py::str(py::type::of(o).attr("__name__")).cast<std::string>());
}

void bind_games(py::module_& m) {
  py::class_<cgt::Game> game(m, "Game",
                             "A short game in canonical form. Game(x) takes a string in CGSuite notation ('{3||2*|1*}', '^*', "
                             "'1/2'), an int, a dyadic Fraction or a Game; so do the operators, so that G + 1 and G <= '*' work.");
  game.def(py::init([](const py::object& x) { return to_game(x); }), py::arg("x"))
      .def_property_readonly("canonical", &cgt::Game::str, "The canonical form in CGSuite notation")
      .def_property_readonly("left_stop", [](const cgt::Game& g) { return fraction(g.left_stop()); })
      .def_property_readonly("right_stop", [](const cgt::Game& g) { return fraction(g.right_stop()); })
      .def_property_readonly("mean", [](const cgt::Game& g) { return fraction(g.mean()); })
      .def_property_readonly(
          "temperature", [](const cgt::Game& g) { return fraction(g.temperature()); },
          "The temperature (CGSuite's convention: -1/2^k for a number with denominator 2^k, -1 for an "
          "integer)")
      .def_property_readonly(
          "outcome", [](const cgt::Game& g) { return std::string(cgt::to_string(g.outcome())); },
          "'L' (Left wins whoever starts), 'R', 'N' (the player to move wins) or 'P' (the player to move loses)")
      .def_property_readonly("birthday", [](const cgt::Game& g) { return cgt::birthday(g.id()); })
      .def_property_readonly(
          "left_options", [](const cgt::Game& g) { return games(cgt::store().options(g.id()).left); },
          "The canonical Left options, as a tuple of games")
      .def_property_readonly(
          "right_options", [](const cgt::Game& g) { return games(cgt::store().options(g.id()).right); },
          "The canonical Right options, as a tuple of games")
      .def_property_readonly("is_number", &cgt::Game::is_number)
      .def_property_readonly(
          "is_infinitesimal", [](const cgt::Game& g) { return cgt::is_infinitesimal(g.id()); }, "Both stops are 0")
      .def_property_readonly("is_all_small", [](const cgt::Game& g) { return cgt::is_all_small(g.id()); })
      .def(
          "left_incentives", [](const cgt::Game& g) { return games(with_budget([&] { return cgt::left_incentives(g.id()); })); },
          "The undominated G^L - G, as a tuple of games")
      .def(
          "right_incentives", [](const cgt::Game& g) { return games(with_budget([&] { return cgt::right_incentives(g.id()); })); },
          "The undominated G - G^R, as a tuple of games")
      .def(
          "cool",
          [](const cgt::Game& g, const py::object& t) {
            const cgt::Game by = to_game(t);
            return with_budget([&] { return cgt::Game(cgt::cool(g.id(), by.id())); });
          },
          py::arg("t"), "G cooled by t, a number of 0 or more; InputError otherwise")
      .def(
          "heat",
          [](const cgt::Game& g, const py::object& t) {
            const cgt::Game by = to_game(t);
            return with_budget([&] { return cgt::Game(cgt::heat(g.id(), by.id())); });
          },
          py::arg("t"), "G heated by t, any game")
      .def(
          "freeze", [](const cgt::Game& g) { return with_budget([&] { return cgt::Game(cgt::freeze(g.id())); }); },
          "G cooled by its own temperature")
      .def(
          "reduced", [](const cgt::Game& g) { return with_budget([&] { return cgt::Game(cgt::reduced_canonical(g.id())); }); },
          "The reduced canonical form: the simplest game infinitesimally close to G")
      .def(
          "atomic_weight", [](const cgt::Game& g) { return with_budget([&] { return cgt::Game(cgt::defined_atomic_weight(g.id())); }); },
          "The atomic weight, for atomic games (all-small ones among them); InputError when G has none")
      .def(
          "thermograph",
          [](const cgt::Game& g) {
            return Thermographs{{{"game", g.id()}}};
          },
          "The thermograph: its walls, mast and temperature, and its drawing (svg(), save(path))")
      .def(
          "confused",
          [](const cgt::Game& g, const py::object& h) {
            const cgt::Game other = to_game(h);
            return with_budget([&] { return g.confused_with(other); });
          },
          py::arg("h"), "Neither G <= H nor H <= G: G - H is won by whoever moves first")
      .def("__add__", [](const cgt::Game& g, const py::object& h) { return binary(g, h, [](cgt::Game a, cgt::Game b) { return a + b; }); })
      .def("__radd__", [](const cgt::Game& g, const py::object& h) { return binary(g, h, [](cgt::Game a, cgt::Game b) { return b + a; }); })
      .def("__sub__", [](const cgt::Game& g, const py::object& h) { return binary(g, h, [](cgt::Game a, cgt::Game b) { return a - b; }); })
      .def("__rsub__", [](const cgt::Game& g, const py::object& h) { return binary(g, h, [](cgt::Game a, cgt::Game b) { return b - a; }); })
      .def("__neg__", [](const cgt::Game& g) { return with_budget([&] { return -g; }); })
      .def("__pos__", [](const cgt::Game& g) { return g; })
      .def("__le__", [](const cgt::Game& g, const py::object& h) { return binary(g, h, [](cgt::Game a, cgt::Game b) { return a <= b; }); })
      .def("__ge__", [](const cgt::Game& g, const py::object& h) { return binary(g, h, [](cgt::Game a, cgt::Game b) { return a >= b; }); })
      .def("__lt__", [](const cgt::Game& g, const py::object& h) { return binary(g, h, [](cgt::Game a, cgt::Game b) { return a < b; }); })
      .def("__gt__", [](const cgt::Game& g, const py::object& h) { return binary(g, h, [](cgt::Game a, cgt::Game b) { return a > b; }); })
      .def("__eq__", [](const cgt::Game& g, const py::object& h) { return binary(g, h, [](cgt::Game a, cgt::Game b) { return a == b; }); })
      .def("__ne__", [](const cgt::Game& g, const py::object& h) { return binary(g, h, [](cgt::Game a, cgt::Game b) { return a != b; }); })
      .def("__hash__", [](const cgt::Game& g) { return std::hash<std::uint32_t>{}(cgt::raw(g.id())); })
      .def("__str__", &cgt::Game::str)
      .def("__repr__", [](const cgt::Game& g) { return "Game(" + py::repr(py::str(g.str())).cast<std::string>() + ")"; })
      .def(py::pickle([](const cgt::Game& g) { return g.str(); }, [](const std::string& text) { return parsed(text); }));

  m.def(
      "game", [](const std::string& expr) { return parsed(expr); }, py::arg("expr"),
      "The canonical form of a game written in CGSuite notation, as `domineering game EXPR` reads it");
  m.def(
      "compare",
      [](const py::object& g, const py::object& h) {
        const cgt::Game a = to_game(g), b = to_game(h);
        return with_budget([&] { return std::string(cgt::relation(a.id(), b.id())); });
      },
      py::arg("g"), py::arg("h"), "The relation of G to H, as `domineering compare`: '<', '>', '=' or '||' (confused)");
}

} // namespace pymodule
