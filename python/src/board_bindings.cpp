// domineering.value(board) and domineering.catalogue.lookup(shape): a board's exact value region
// by region with its options and thermographs (what `domineering value` prints), and a shape's
// catalogue entry (what `domineering catalogue lookup` prints for a one-region board).
#include "bindings.h"
#include "call_guard.h"

#include "catalogue/catalogue.h"
#include "catalogue/default_catalogue.h"
#include "domineering/board.h"
#include "domineering/board_options.h"
#include "domineering/board_value.h"
#include "domineering/value_table.h"

#include "base/input_error.h"

#include <fmt/format.h>
#include <pybind11/stl.h>

#include <map>
#include <memory>
#include <mutex>
#include <optional>

namespace py = pybind11;

namespace pymodule {

std::shared_ptr<const catalogue::Catalogue> default_catalogue(int cells, catalogue::Check check) {
  static std::mutex mu;
  static std::map<std::pair<int, catalogue::Check>, std::shared_ptr<const catalogue::Catalogue>> loaded;
  std::lock_guard lock(mu);
  auto& c = loaded[{cells, check}];
  if (!c)
    c = std::make_shared<const catalogue::Catalogue>(catalogue::load_catalogue("", cells, check));
  return c;
}

namespace {

struct RegionValue {
  std::string shape;
  int cells, top, left;
  cgt::Game game;
};

struct OptionValue {
  std::string side, move;
  cgt::Game value, incentive;
  bool dominated, reversible, sensible;
};

struct BoardResult {
  std::string board;
  int rows, columns;
  cgt::Game game;
  std::vector<RegionValue> regions;
  std::optional<std::vector<OptionValue>> options;
  std::vector<cgt::ThermographCurve> curves;
};

BoardResult value(const std::string& text, bool options, int max_region_cells) {
  constexpr int most = domineering::MAX_SIDE * domineering::MAX_SIDE;
  if (max_region_cells < 1 || max_region_cells > most)
    throw base::InputError(fmt::format("max_region_cells {} out of range (1 to {})", max_region_cells, most));
  return released([&](const std::atomic<bool>* flag) {
    domineering::TableInterruptScope interrupt(flag);
    const domineering::Board board = domineering::Board::parse(text);
    const domineering::BoardValue v = domineering::board_value(board, max_region_cells);
    BoardResult r{board.text(), board.height(), board.width(), cgt::Game(v.total), {}, {}, domineering::thermograph_curves(v)};
    for (std::size_t i = 0; i < v.regions.size(); ++i) {
      const domineering::Region& region = v.regions[i];
      r.regions.push_back({region.shape.text(), region.shape.cells(), region.top, region.left, cgt::Game(v.region_values[i])});
    }
    if (options) {
      r.options.emplace();
      for (const domineering::Side side : {domineering::Side::Left, domineering::Side::Right})
        for (const domineering::BoardOption& o : domineering::board_options(board, side, v.total))
          r.options->push_back({std::string(domineering::orientation_name(o.move.side)), domineering::to_string(o.move), cgt::Game(o.value),
                                cgt::Game(o.incentive), o.dominated, o.reversible, o.sensible});
    }
    return r;
  });
}

// The largest default catalogue a lookup may ask for: the solver's largest, built once in
// minutes and gigabytes.
constexpr int MAX_LOOKUP_CELLS = 15;

std::optional<catalogue::Entry> lookup(const std::string& text, int cells, const std::optional<std::string>& file) {
  if (!file && (cells < 1 || cells > MAX_LOOKUP_CELLS))
    throw base::InputError(fmt::format("cells {} out of range (1 to {})", cells, MAX_LOOKUP_CELLS));
  return released([&](const std::atomic<bool>*) -> std::optional<catalogue::Entry> {
    const auto regions = domineering::regions(domineering::Board::parse(text));
    if (regions.size() != 1)
      throw base::InputError(
          fmt::format("'{}' holds {} regions; a lookup takes one shape (value() sums a board's regions)", text, regions.size()));
    std::shared_ptr<const catalogue::Catalogue> c = file ? std::make_shared<const catalogue::Catalogue>(catalogue::load_catalogue(*file))
                                                         : default_catalogue(cells, catalogue::Check::full);
    const catalogue::Entry* e = c->find(regions[0].shape);
    return e ? std::optional(*e) : std::nullopt;
  });
}

py::object number(cgt::GameId n) { return fraction(cgt::number_value(n)); }

} // namespace

void bind_boards(py::module_& m) {
  py::class_<RegionValue>(m, "Region", "One region of a board: its shape, where it starts, and its value")
      .def_readonly("shape", &RegionValue::shape)
      .def_readonly("cells", &RegionValue::cells)
      .def_readonly("top", &RegionValue::top)
      .def_readonly("left", &RegionValue::left)
      .def_readonly("game", &RegionValue::game)
      .def("__repr__", [](const RegionValue& r) {
        return fmt::format("Region(shape='{}', top={}, left={}, game={})", r.shape, r.top, r.left, r.game.str());
      });
  py::class_<OptionValue>(m, "Option", "One placement on a board, with the value it leaves and how it compares with the others")
      .def_readonly("side", &OptionValue::side)
      .def_readonly("move", &OptionValue::move)
      .def_readonly("value", &OptionValue::value)
      .def_readonly("incentive", &OptionValue::incentive)
      .def_readonly("dominated", &OptionValue::dominated)
      .def_readonly("reversible", &OptionValue::reversible)
      .def_readonly("sensible", &OptionValue::sensible)
      .def("__repr__", [](const OptionValue& o) {
        return fmt::format("Option(side='{}', move='{}', value={}, incentive={}, dominated={}, reversible={}, sensible={})", o.side, o.move,
                           o.value.str(), o.incentive.str(), o.dominated ? "True" : "False", o.reversible ? "True" : "False",
                           o.sensible ? "True" : "False");
      });
  py::class_<BoardResult>(m, "BoardValue", "A board's exact value: the sum of its regions' values")
      .def_readonly("board", &BoardResult::board)
      .def_readonly("rows", &BoardResult::rows)
      .def_readonly("columns", &BoardResult::columns)
      .def_readonly("game", &BoardResult::game, "The value, a Game")
      .def_readonly("regions", &BoardResult::regions)
      .def_readonly("options", &BoardResult::options,
                    "Every Vertical then every Horizontal placement (value(..., options=True)), else None")
      .def_property_readonly("canonical", [](const BoardResult& r) { return r.game.str(); })
      .def_property_readonly("left_stop", [](const BoardResult& r) { return fraction(r.game.left_stop()); })
      .def_property_readonly("right_stop", [](const BoardResult& r) { return fraction(r.game.right_stop()); })
      .def_property_readonly("mean", [](const BoardResult& r) { return fraction(r.game.mean()); })
      .def_property_readonly("temperature", [](const BoardResult& r) { return fraction(r.game.temperature()); })
      .def_property_readonly("outcome", [](const BoardResult& r) { return std::string(cgt::to_string(r.game.outcome())); })
      .def(
          "thermograph", [](const BoardResult& r) { return Thermographs{r.curves}; },
          "The sum's thermograph, with each region's in the same frame when there are several")
      .def("__repr__", [](const BoardResult& r) { return fmt::format("BoardValue(board='{}', canonical='{}')", r.board, r.game.str()); });
  m.def("value", &value, py::arg("board"), py::kw_only(), py::arg("options") = false,
        py::arg("max_region_cells") = domineering::DEFAULT_MAX_REGION_CELLS,
        "The exact value of a board (text such as '..#/...', CGSuite's '..|..', or RxC), as `domineering value` computes it");

  py::module_ cat = m.def_submodule("catalogue", "The shape catalogue: every shape up to N cells with its value");
  py::class_<catalogue::Entry>(cat, "Entry", "A catalogue entry: a shape (up to reflection) with its value and what follows from it")
      .def_property_readonly("shape", [](const catalogue::Entry& e) { return e.shape().text(); })
      .def_property_readonly("cells", [](const catalogue::Entry& e) { return int(e.cells); })
      .def_property_readonly("game", [](const catalogue::Entry& e) { return cgt::Game(e.value); })
      .def_property_readonly("canonical", [](const catalogue::Entry& e) { return cgt::to_string(e.value); })
      .def_property_readonly("left_stop", [](const catalogue::Entry& e) { return number(e.left_stop); })
      .def_property_readonly("right_stop", [](const catalogue::Entry& e) { return number(e.right_stop); })
      .def_property_readonly("mean", [](const catalogue::Entry& e) { return number(e.mean); })
      .def_property_readonly("temperature", [](const catalogue::Entry& e) { return number(e.temperature); })
      .def_property_readonly("outcome", [](const catalogue::Entry& e) { return std::string(cgt::to_string(e.outcome)); })
      .def_property_readonly("left_moves", [](const catalogue::Entry& e) { return int(e.left_moves); })
      .def_property_readonly("right_moves", [](const catalogue::Entry& e) { return int(e.right_moves); })
      .def("__repr__", [](const catalogue::Entry& e) {
        return fmt::format("Entry(shape='{}', canonical='{}')", e.shape().text(), cgt::to_string(e.value));
      });
  cat.def("lookup", &lookup, py::arg("shape"), py::kw_only(), py::arg("cells") = catalogue::DEFAULT_MAX_CELLS, py::arg("file") = py::none(),
          "The entry of a one-region shape in the catalogue of shapes up to `cells` cells (or in `file`), or None when it is larger");
}

} // namespace pymodule
