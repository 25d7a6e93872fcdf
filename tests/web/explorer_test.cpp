// The explorer's API as a table of requests and replies, without HTTP; its solves checked against
// an independent computation (the outcome of the board's exact CGT value).
#include "web/explorer.h"
#include "web/server.h"

#include "catalogue/catalogue.h"
#include "domineering/board.h"
#include "domineering/value_table.h"

#include "cgt/game.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <random>
#include <string>
#include <thread>

namespace {

const catalogue::Catalogue& eight() {
  static const catalogue::Catalogue c = catalogue::Catalogue::build(8);
  return c;
}

web::Explorer& explorer() {
  static web::Explorer e(eight(), web::Limits{});
  return e;
}

} // namespace

TEST_CASE("bad requests get a status and a one-line error naming the problem") {
  struct Row {
    const char *method, *path, *body;
    int status;
    const char* says;
  };
  const std::string long_body = "{\"board\": \"" + std::string(5000, '.') + "\"}";
  const Row rows[] = {
      {"GET", "/api/nothing", "", 404, "no such endpoint: /api/nothing"},
      {"GET", "/api/value", "", 405, "/api/value takes POST, not GET"},
      {"POST", "/api/limits", "", 405, "/api/limits takes GET, not POST"},
      {"POST", "/api/value", "", 400, "not JSON"},
      {"POST", "/api/value", "{\"board\": ", 400, "not JSON"},
      {"POST", "/api/value", "[1, 2]", 400, "not a JSON object"},
      {"POST", "/api/value", "{}", 400, "'board' is missing"},
      {"POST", "/api/value", "{\"board\": 7}", 400, "'board' is not a string"},
      {"POST", "/api/value", "{\"board\": \"..#/.x.\"}", 400, "row 2"},
      {"POST", "/api/value", "{\"board\": \"../...\"}", 400, "row 2"},
      {"POST", "/api/value", "{\"board\": \"17x2\"}", 413, "up to 16 x 16"},
      {"POST", "/api/value", "{\"board\": \"99999999999x2\"}", 400, "99999999999"},
      {"POST", "/api/value", "{\"board\": \"7x7\"}", 413, "49 cells"},
      {"POST", "/api/value", "{\"board\": \"2x2\", \"options\": 1}", 400, "'options' is not true or false"},
      {"POST", "/api/value", long_body.c_str(), 413, "over the limit of 4096"},
      {"POST", "/api/solve", "{\"board\": \"4x4\"}", 400, "'first' is missing"},
      {"POST", "/api/solve", "{\"board\": \"4x4\", \"first\": \"left\"}", 400, "\"vertical\" or \"horizontal\""},
      {"POST", "/api/solve", "{\"board\": \"4x4\", \"first\": \"vertical\", \"seconds\": -1}", 400, "'seconds' -1 out of range"},
      {"POST", "/api/solve", "{\"board\": \"4x4\", \"first\": \"vertical\", \"seconds\": 1e9}", 400, "out of range"},
      {"POST", "/api/solve", "{\"board\": \"4x4\", \"first\": \"vertical\", \"seconds\": \"1\"}", 400, "'seconds' is not a number"},
      {"POST", "/api/solve", "{\"board\": \"4x4\", \"first\": \"vertical\", \"id\": \"\"}", 400, "'id' must have 1 to 64"},
      {"POST", "/api/cancel", "{}", 400, "'id' is missing"},
      {"POST", "/api/board", "{\"board\": \"20x20\"}", 413, "up to 16 x 16"},
      {"POST", "/api/board", "{\"board\": \"#\"}", 200, ""},
  };
  for (const Row& row : rows) {
    INFO(row.method << " " << row.path << " " << std::string(row.body).substr(0, 80));
    const web::Reply r = explorer().handle(row.method, row.path, row.body);
    CHECK(r.status == row.status);
    if (row.status == 200)
      continue;
    REQUIRE(r.body.contains("error"));
    const std::string message = r.body["error"];
    CHECK_THAT(message, Catch::Contains(row.says));
    CHECK(message.find('\n') == std::string::npos);
  }
}

TEST_CASE("a board is read and checked without being valued") {
  const web::Reply r = explorer().handle("POST", "/api/board", R"({"board": "16x16"})");
  REQUIRE(r.status == 200);
  CHECK(r.body["rows"] == 16);
  CHECK(r.body["columns"] == 16);
  CHECK(r.body["board"].get<std::string>().size() == 16 * 17 - 1);
  CHECK(explorer().handle("POST", "/api/board", R"({"board": "..|.#"})").body["board"] == "../.#");
}

TEST_CASE("a value reply holds the value, each region's cells, the options and the thermograph") {
  const web::Reply r = explorer().handle("POST", "/api/value", R"({"board": "..#/..#/##."})");
  REQUIRE(r.status == 200);
  const auto& j = r.body;
  CHECK(j["board"] == "..#/..#/##.");
  CHECK(j["canonical"] == "+-1"); // a 2x2 square: either side's move leaves its player one more
  CHECK(j["outcome"] == "N");
  REQUIRE(j["regions"].size() == 1); // the lone corner cell is no region
  CHECK(j["regions"][0]["cell_list"] == nlohmann::json::parse("[[0,0],[0,1],[1,0],[1,1]]"));
  CHECK(j["options"].size() == 4);
  const std::string svg = j["thermograph_svg"];
  CHECK(svg.find("<svg") != std::string::npos);

  const web::Reply no_options = explorer().handle("POST", "/api/value", R"({"board": "2x3", "options": false})");
  REQUIRE(no_options.status == 200);
  CHECK_FALSE(no_options.body.contains("options"));
  CHECK(no_options.body["canonical"] == cgt::to_string(domineering::ValueTable::shared().value(domineering::Board(2, 3))));
}

TEST_CASE("solves agree with the outcome of the board's CGT value") {
  std::mt19937 rng(2026);
  int checked = 0, moves_checked = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const int h = 2 + int(rng() % 4), w = 2 + int(rng() % 4);
    std::string text;
    for (int r = 0; r < h; ++r) {
      text += r > 0 ? "/" : "";
      for (int c = 0; c < w; ++c)
        text += rng() % 4 == 0 ? '#' : '.';
    }
    const domineering::Board b = domineering::Board::parse(text);
    const cgt::Outcome o = cgt::Game(domineering::ValueTable::shared().value(b)).outcome();
    for (const char* first : {"vertical", "horizontal"}) {
      const nlohmann::json request = {{"board", b.text()}, {"first", first}};
      const web::Reply r = explorer().handle("POST", "/api/solve", request.dump());
      INFO(b.text() << " " << first);
      REQUIRE(r.status == 200);
      const bool vertical_first = std::string(first) == "vertical";
      const bool first_wins = o == cgt::Outcome::N || (o == cgt::Outcome::L && vertical_first) || (o == cgt::Outcome::R && !vertical_first);
      const std::string winner = r.body["winner"].get<std::string>();
      CHECK(winner == ((first_wins == vertical_first) ? "vertical" : "horizontal"));
      if (first_wins && r.body.contains("move")) {
        // The move it names wins: the position it leaves is won by the mover moving second.
        domineering::Board after = b;
        const std::string move = r.body["move"];
        const int row = std::stoi(move.substr(2)), col = std::stoi(move.substr(move.find(',') + 1));
        after.play({std::uint8_t(row), std::uint8_t(col), vertical_first ? domineering::Side::Left : domineering::Side::Right});
        const cgt::Outcome next = cgt::Game(domineering::ValueTable::shared().value(after)).outcome();
        const bool mover_wins_second = next == cgt::Outcome::P || next == (vertical_first ? cgt::Outcome::L : cgt::Outcome::R);
        CHECK(mover_wins_second);
        ++moves_checked;
      }
      ++checked;
    }
  }
  CHECK(checked == 120);
  CHECK(moves_checked >= 20);
}

TEST_CASE("a solve past its time is stopped, a cancelled one says so, and solves beyond the limit get 429", "[threads]") {
  web::Limits limits;
  limits.solve_seconds = 0.3;
  web::Explorer e(eight(), limits);
  const web::Reply slow = e.handle("POST", "/api/solve", R"({"board": "16x16", "first": "vertical"})");
  REQUIRE(slow.status == 200);
  CHECK(slow.body["winner"].is_null());
  CHECK(slow.body["stopped"] == "time");

  web::Limits long_limits;
  long_limits.solve_seconds = 60;
  web::Explorer f(eight(), long_limits);
  web::Reply first;
  std::thread t([&] { first = f.handle("POST", "/api/solve", R"({"board": "16x16", "first": "vertical", "id": "a"})"); });
  while (f.solves_running() == 0)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const web::Reply busy = f.handle("POST", "/api/solve", R"({"board": "2x2", "first": "vertical"})");
  CHECK(busy.status == 429);
  // The solve holds its slot, so its id is registered (ids are registered before slots are taken).
  const web::Reply cancelled = f.handle("POST", "/api/cancel", R"({"id": "a"})");
  CHECK(cancelled.body["cancelled"] == true);
  t.join();
  REQUIRE(first.status == 200);
  CHECK(first.body["stopped"] == "cancelled");
  CHECK(f.solves_running() == 0);
  CHECK(f.handle("POST", "/api/cancel", R"({"id": "a"})").body["cancelled"] == false);
  CHECK(f.handle("POST", "/api/solve", R"({"board": "2x2", "first": "vertical"})").status == 200);
}

TEST_CASE("the page's files are compiled in") {
  CHECK(web::asset("/").body.find("Domineering explorer") != std::string_view::npos);
  CHECK(web::asset("/explorer.js").content_type.starts_with("text/javascript"));
  CHECK(web::asset("/explorer.css").content_type.starts_with("text/css"));
  CHECK(web::asset("/missing.js").body.empty());
}

TEST_CASE("limits out of range are refused, naming the option") {
  web::Limits l;
  l.max_side = 17;
  CHECK_THROWS_WITH(web::check_limits(l), Catch::Contains("--max-side 17"));
  l = {};
  l.concurrent_solves = 0;
  CHECK_THROWS_WITH(web::check_limits(l), Catch::Contains("--concurrent-solves 0"));
  l = {};
  l.value_seconds = -1;
  CHECK_THROWS_WITH(web::check_limits(l), Catch::Contains("--value-seconds -1"));
}
