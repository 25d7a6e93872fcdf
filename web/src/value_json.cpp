#include "web/value_json.h"

#include "cgt/notation.h"
#include "cgt/thermograph.h"

namespace web {

nlohmann::json game_json(cgt::Game g) {
  return {
      {"canonical", g.str()},         {"left_stop", g.left_stop().to_string()},     {"right_stop", g.right_stop().to_string()},
      {"mean", g.mean().to_string()}, {"temperature", g.temperature().to_string()}, {"outcome", std::string(cgt::to_string(g.outcome()))}};
}

nlohmann::json thermograph_json(cgt::GameId g) {
  const cgt::Thermograph& th = cgt::thermograph(g);
  const auto wall = [](const cgt::Trajectory& w) {
    nlohmann::json points = nlohmann::json::array();
    for (std::size_t i = 0; i < w.breakpoints().size(); ++i)
      points.push_back({w.breakpoints()[i].to_string(), w.values()[i].to_string()});
    return points;
  };
  return {{"left_wall", wall(th.left_wall)}, {"right_wall", wall(th.right_wall)}};
}

nlohmann::json value_json(const domineering::Board& board, const domineering::BoardValue& v,
                          const std::vector<domineering::BoardOption>* options) {
  nlohmann::json j = game_json(cgt::Game(v.total));
  j["board"] = board.text();
  j["rows"] = board.height();
  j["columns"] = board.width();
  nlohmann::json rs = nlohmann::json::array();
  for (std::size_t i = 0; i < v.regions.size(); ++i) {
    nlohmann::json r = game_json(cgt::Game(v.region_values[i]));
    r["shape"] = v.regions[i].shape.text();
    r["cells"] = v.regions[i].shape.cells();
    r["top"] = v.regions[i].top;
    r["left"] = v.regions[i].left;
    rs.push_back(r);
  }
  j["regions"] = rs;
  j["thermograph"] = thermograph_json(v.total);
  if (options != nullptr) {
    nlohmann::json list = nlohmann::json::array();
    for (const domineering::BoardOption& o : *options)
      list.push_back({{"side", std::string(domineering::orientation_name(o.move.side))},
                      {"move", domineering::to_string(o.move)},
                      {"value", cgt::to_string(o.value)},
                      {"incentive", cgt::to_string(o.incentive)},
                      {"dominated", o.dominated},
                      {"reversible", o.reversible},
                      {"sensible", o.sensible}});
    j["options"] = list;
  }
  return j;
}

} // namespace web
