#include "cgt/thermograph_svg.h"

#include "cgt/notation.h"
#include "cgt/stops.h"
#include "cgt/thermograph.h"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <string>
#include <vector>

namespace cgt {

namespace {

// The drawing area in pixels; one unit of value or temperature is at most MAX_UNIT pixels.
constexpr double PLOT_WIDTH = 440, PLOT_HEIGHT = 300, MAX_UNIT = 120;
constexpr double MARGIN_LEFT = 90, MARGIN_TOP = 56, MARGIN_BOTTOM = 48, MARGIN_RIGHT = 30, LEGEND_LINE = 18;
constexpr const char* COLOURS[] = {"#000000", "#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                   "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};

double to_double(const Dyadic& x) { return std::ldexp(x.numerator().convert_to<double>(), -int(x.exponent())); }

// A game's printed form, cut to `most` characters for a legend (the title keeps it whole).
std::string shortened(const std::string& s, std::size_t most = 72) { return s.size() <= most ? s : s.substr(0, most - 3) + "..."; }

std::string escaped(const std::string& s) {
  std::string out;
  for (const char c : s)
    out += c == '&' ? std::string("&amp;") : c == '<' ? std::string("&lt;") : c == '>' ? std::string("&gt;") : std::string(1, c);
  return out;
}

// The points of one wall from temperature 0 to the mast's foot: the value at 0, at every
// breakpoint in between, and at the temperature.
std::vector<std::pair<Dyadic, Dyadic>> wall_points(const Trajectory& wall, const Dyadic& temperature) {
  std::vector<std::pair<Dyadic, Dyadic>> out;
  const Dyadic zero(0);
  const Dyadic foot = temperature < zero ? zero : temperature;
  out.emplace_back(zero, wall.at(zero));
  for (const Dyadic& t : wall.breakpoints())
    if (t > zero && t < foot)
      out.emplace_back(t, wall.at(t));
  if (foot > zero)
    out.emplace_back(foot, wall.at(foot));
  return out;
}

struct Frame {
  double v_high, t_top, unit;
  double x(double v) const { return MARGIN_LEFT + (v_high - v) * unit; }
  double y(double t) const { return MARGIN_TOP + (t_top - t) * unit; }
};

} // namespace

std::string thermograph_svg(std::span<const ThermographCurve> curves) {
  assert(!curves.empty());
  // The frame: every curve's stops across, and up to above the hottest temperature.
  double v_low = 0, v_high = 0, t_hot = 0;
  bool first = true;
  for (const ThermographCurve& c : curves) {
    const Thermograph& th = thermograph(c.game);
    const double ls = to_double(th.left_wall.at(Dyadic(0))), rs = to_double(th.right_wall.at(Dyadic(0)));
    v_high = first ? ls : std::max(v_high, ls);
    v_low = first ? rs : std::min(v_low, rs);
    t_hot = std::max(t_hot, to_double(th.temperature));
    first = false;
  }
  const double span = v_high - v_low;
  const double v_pad = std::max(0.5, span / 6);
  const double t_top = t_hot + std::max(1.0, t_hot / 3);
  const double unit = std::min({MAX_UNIT, PLOT_WIDTH / (span + 2 * v_pad), PLOT_HEIGHT / t_top});
  const Frame f{v_high + v_pad, t_top, unit};
  const double width = MARGIN_LEFT + (span + 2 * v_pad) * unit + MARGIN_RIGHT;
  const double legend = curves.size() > 1 ? LEGEND_LINE * double(curves.size()) + 10 : 0;
  const double height = MARGIN_TOP + t_top * unit + MARGIN_BOTTOM + legend;

  const ThermographCurve& main = curves[0];
  const Thermograph& mt = thermograph(main.game);
  const std::string canonical = to_string(main.game), ls = to_string(left_stop(main.game)), rs = to_string(right_stop(main.game));
  const std::string summary = fmt::format("{}: left stop {}, right stop {}, mean {}, temperature {}", canonical, ls, rs,
                                          mt.mean.to_string(), mt.temperature.to_string());

  std::string svg = fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{:.2f}" height="{:.2f}" viewBox="0 0 {:.2f} {:.2f}">)"
                                "\n",
                                width, height, width, height);
  svg += fmt::format("<title>Thermograph of {}</title>\n", escaped(summary));
  std::string desc = fmt::format("Value across (Left's positive values on the left), temperature up; {}.", summary);
  for (std::size_t i = 1; i < curves.size(); ++i)
    desc += fmt::format(" {}: {}, temperature {}.", curves[i].label, to_string(curves[i].game),
                        thermograph(curves[i].game).temperature.to_string());
  svg += fmt::format("<desc>{}</desc>\n", escaped(desc));
  svg += "<style>text{font-family:sans-serif;font-size:12px;fill:#222}.m{text-anchor:middle}.e{text-anchor:end}</style>\n";
  svg += R"(<rect width="100%" height="100%" fill="#ffffff"/>)"
         "\n";
  svg += fmt::format(R"(<text x="10" y="20">Thermograph of {}</text>)"
                     "\n",
                     escaped(shortened(canonical)));
  // Axes: temperature 0 across, value 0 up when it is in the frame.
  svg += fmt::format(R"(<line x1="{:.2f}" y1="{:.2f}" x2="{:.2f}" y2="{:.2f}" stroke="#999999"/>)"
                     "\n",
                     MARGIN_LEFT, f.y(0), width - MARGIN_RIGHT, f.y(0));
  if (v_low - v_pad <= 0 && 0 <= f.v_high)
    svg += fmt::format(R"(<line x1="{:.2f}" y1="{:.2f}" x2="{:.2f}" y2="{:.2f}" stroke="#cccccc" stroke-dasharray="3,3"/>)"
                       "\n",
                       f.x(0), f.y(0), f.x(0), f.y(t_top));
  // Each thermograph: its two walls up to the temperature, then the mast with an arrowhead.
  for (std::size_t i = curves.size(); i-- > 0;) {
    const Thermograph& th = thermograph(curves[i].game);
    const char* colour = COLOURS[i % std::size(COLOURS)];
    const double mean = to_double(th.mean), foot = std::max(0.0, to_double(th.temperature));
    for (const Trajectory* wall : {&th.left_wall, &th.right_wall}) {
      std::string points;
      for (const auto& [t, v] : wall_points(*wall, th.temperature))
        points += fmt::format("{}{:.2f},{:.2f}", points.empty() ? "" : " ", f.x(to_double(v)), f.y(to_double(t)));
      if (points.find(' ') != std::string::npos)
        svg += fmt::format(R"(<polyline points="{}" fill="none" stroke="{}" stroke-width="2"/>)"
                           "\n",
                           points, colour);
    }
    svg += fmt::format(R"(<line x1="{:.2f}" y1="{:.2f}" x2="{:.2f}" y2="{:.2f}" stroke="{}" stroke-width="2"/>)"
                       "\n",
                       f.x(mean), f.y(foot), f.x(mean), f.y(t_top) + 8, colour);
    svg += fmt::format(R"(<polygon points="{:.2f},{:.2f} {:.2f},{:.2f} {:.2f},{:.2f}" fill="{}"/>)"
                       "\n",
                       f.x(mean), f.y(t_top) - 2, f.x(mean) - 5, f.y(t_top) + 8, f.x(mean) + 5, f.y(t_top) + 8, colour);
  }
  // The main thermograph's exact labels: its stops below the axis, its mean above the mast and
  // its temperature on the left, with a dotted line to the mast's foot.
  const double main_mean = to_double(mt.mean), main_foot = std::max(0.0, to_double(mt.temperature));
  svg += fmt::format(R"(<text x="{:.2f}" y="{:.2f}" class="m">{}</text>)"
                     "\n",
                     f.x(main_mean), f.y(t_top) - 8, escaped(mt.mean.to_string()));
  if (ls == rs) {
    svg += fmt::format(R"(<text x="{:.2f}" y="{:.2f}" class="m">{}</text>)"
                       "\n",
                       f.x(to_double(mt.left_wall.at(Dyadic(0)))), f.y(0) + 18, escaped(ls));
  } else {
    svg += fmt::format(R"(<text x="{:.2f}" y="{:.2f}" class="m">{}</text>)"
                       "\n",
                       f.x(to_double(mt.left_wall.at(Dyadic(0)))), f.y(0) + 18, escaped(ls));
    svg += fmt::format(R"(<text x="{:.2f}" y="{:.2f}" class="m">{}</text>)"
                       "\n",
                       f.x(to_double(mt.right_wall.at(Dyadic(0)))), f.y(0) + 18, escaped(rs));
  }
  svg += fmt::format(R"(<line x1="{:.2f}" y1="{:.2f}" x2="{:.2f}" y2="{:.2f}" stroke="#999999" stroke-dasharray="2,3"/>)"
                     "\n",
                     MARGIN_LEFT - 4, f.y(main_foot), f.x(main_mean), f.y(main_foot));
  svg += fmt::format(R"(<text x="{:.2f}" y="{:.2f}" class="e">t = {}</text>)"
                     "\n",
                     MARGIN_LEFT - 8, f.y(main_foot) + 4, escaped(mt.temperature.to_string()));
  // The legend, when several thermographs share the frame.
  if (curves.size() > 1)
    for (std::size_t i = 0; i < curves.size(); ++i) {
      const double y = MARGIN_TOP + t_top * unit + MARGIN_BOTTOM + LEGEND_LINE * double(i);
      svg += fmt::format(R"(<line x1="{:.2f}" y1="{:.2f}" x2="{:.2f}" y2="{:.2f}" stroke="{}" stroke-width="3"/>)"
                         "\n",
                         MARGIN_LEFT - 40, y - 4, MARGIN_LEFT - 22, y - 4, COLOURS[i % std::size(COLOURS)]);
      svg += fmt::format(R"(<text x="{:.2f}" y="{:.2f}">{}: {}</text>)"
                         "\n",
                         MARGIN_LEFT - 14, y, escaped(curves[i].label), escaped(shortened(to_string(curves[i].game))));
    }
  svg += "</svg>\n";
  return svg;
}

} // namespace cgt
