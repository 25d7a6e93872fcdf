#include "cgt_output.h"

#include "cgt/notation.h"
#include "cgt/thermograph.h"

#include "base/atomic_file.h"

namespace cli {

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

std::vector<std::string> texts(std::span<const cgt::GameId> games) {
  std::vector<std::string> out;
  for (const cgt::GameId g : games)
    out.push_back(cgt::to_string(g));
  return out;
}

std::string set_text(std::span<const cgt::GameId> games) {
  std::string out;
  for (const std::string& t : texts(games))
    out += (out.empty() ? "" : ", ") + t;
  return "{" + out + "}";
}

void write_thermograph(const std::string& path, std::span<const cgt::ThermographCurve> curves) {
  base::write_atomically(path, [&](std::ostream& os) { os << cgt::thermograph_svg(curves); });
}

} // namespace cli
