#include "cgt_output.h"

#include "cgt/notation.h"

#include "base/atomic_file.h"

namespace cli {

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
