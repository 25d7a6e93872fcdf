// Certificates of who wins (solver/proof.h): written and read back unchanged, verified when
// right, and refused when any part of them is wrong: a leaf's result, a missing or repeated
// reply, a move that is not the position's, a choice of a losing move, a damaged file.
#include "solver/proof.h"

#include "base/checksum.h"
#include "catalogue/catalogue.h"
#include "domineering/board.h"

#include <fmt/format.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include <unistd.h>

using domineering::Board;
using domineering::Side;
using solver::Proof;
using solver::ProofError;
using solver::ProofKind;

namespace {

const catalogue::Catalogue& eight() {
  static const catalogue::Catalogue c = catalogue::Catalogue::build(8);
  return c;
}

solver::SolveOptions options() {
  solver::SolveOptions o;
  o.table_mib = 16;
  return o;
}

Proof proof_of(const Board& b, Side first, int depth) {
  solver::DomineeringSolver s(eight(), options());
  return solver::build_proof(b, first, depth, s);
}

solver::VerifyReport verify(const Proof& p) {
  solver::SolveOptions o = solver::verifier_options(1);
  o.table_mib = 8;
  return solver::verify_proof(p, catalogue::Catalogue{}, o, std::nullopt, 0);
}

std::string text_of(const Proof& p) {
  std::ostringstream out;
  solver::write_proof(p, out);
  return out.str();
}

} // namespace

TEST_CASE("proofs of small boards verify, and read back as written", "[solver]") {
  struct Row {
    const char* board;
    Side first;
    int depth;
    Side winner;
  };
  // Published (Breuker, Uiterwijk and van den Herik, "Solving 8x8 Domineering", 2000): 5x5 is
  // won by the second player, 4x5 by Vertical and 6x6 by the first player. The last board is a
  // second-player win by its exact value (`domineering value`: 0).
  const Row rows[] = {{"5x5", Side::Left, 3, Side::Right},
                      {"5x5", Side::Right, 2, Side::Left},
                      {"4x5", Side::Left, 4, Side::Left},
                      {"6x6", Side::Left, 2, Side::Left},
                      {"..#./..../#.../....", Side::Right, 6, Side::Left},
                      {"1x2", Side::Left, 1, Side::Right}}; // Vertical cannot move: an all-node with no reply
  for (const Row& row : rows) {
    CAPTURE(row.board, int(row.first), row.depth);
    const Proof p = proof_of(Board::parse(row.board), row.first, row.depth);
    CHECK(p.winner == row.winner);
    const solver::VerifyReport r = verify(p);
    CHECK(r.leaves_checked == r.leaves);
    std::istringstream in(text_of(p));
    const Proof back = solver::read_proof(in, "p");
    CHECK(text_of(back) == text_of(p));
  }
}

TEST_CASE("a wrong certificate is refused, naming the node") {
  // 4x4, the first player wins; to depth 2, so that the loser's replies are leaves.
  const Proof good = proof_of(Board(4, 4), Side::Left, 2);
  REQUIRE(good.winner == Side::Left);
  const auto first_of = [&](ProofKind k, int from = 1) {
    for (std::size_t i = std::size_t(from); i < good.nodes.size(); ++i)
      if (good.nodes[i].kind == k)
        return i;
    FAIL("no such node");
    return std::size_t(0);
  };

  SECTION("a leaf's result flipped") {
    Proof p = good;
    const std::size_t leaf = first_of(ProofKind::leaf);
    p.nodes[leaf].result = Side::Right;
    CHECK_THROWS_WITH(verify(p), Catch::Contains("leaf node " + std::to_string(leaf)) && Catch::Contains("records a win for horizontal"));
  }
  SECTION("a reply removed") {
    Proof p = good;
    const std::size_t all = first_of(ProofKind::all);
    std::size_t child = 0;
    for (std::size_t i = 0; i < p.nodes.size(); ++i)
      if (p.nodes[i].parent == int(all) && p.nodes[i].kind == ProofKind::leaf) {
        child = i;
        break;
      }
    REQUIRE(child != 0);
    const std::string move = domineering::to_string(*p.nodes[child].move);
    p.nodes.erase(p.nodes.begin() + std::ptrdiff_t(child));
    for (auto& n : p.nodes)
      if (n.parent > int(child))
        --n.parent;
    CHECK_THROWS_WITH(verify(p), Catch::Contains("node " + std::to_string(all)) && Catch::Contains("the reply " + move + " is missing"));
  }
  SECTION("a reply twice") {
    Proof p = good;
    const std::size_t leaf = first_of(ProofKind::leaf);
    REQUIRE(p.nodes[std::size_t(p.nodes[leaf].parent)].kind == ProofKind::all);
    p.nodes.push_back(p.nodes[leaf]);
    CHECK_THROWS_WITH(verify(p), Catch::Contains("node " + std::to_string(p.nodes[leaf].parent)) && Catch::Contains("appears twice"));
  }
  SECTION("a position that is not what its move leaves") {
    Proof p = good;
    const std::size_t leaf = first_of(ProofKind::leaf);
    p.nodes[leaf].board = p.nodes[0].board;
    CHECK_THROWS_WITH(verify(p), Catch::Contains("node " + std::to_string(leaf)) && Catch::Contains("is not the position its move"));
  }
  SECTION("the winner's move replaced by a losing one: the leaf below it re-solved says so") {
    // Depth 1: the root chooses, its one child is a leaf. Play a move that loses there instead.
    Proof p = proof_of(Board(4, 4), Side::Left, 1);
    REQUIRE(p.winner == Side::Left);
    REQUIRE(p.nodes.size() == 2);
    solver::DomineeringSolver s(eight(), options());
    domineering::Move moves[domineering::MAX_MOVES];
    const int n = p.root.moves(Side::Left, moves);
    bool replaced = false;
    for (int i = 0; i < n && !replaced; ++i) {
      Board b = p.root;
      b.play(moves[i]);
      if (s.solve(b, Side::Right).first_player_wins) {
        p.nodes[1].move = moves[i];
        p.nodes[1].board = b;
        replaced = true;
      }
    }
    REQUIRE(replaced);
    CHECK_THROWS_WITH(verify(p), Catch::Contains("leaf node 1") && Catch::Contains("re-solved, horizontal does"));
  }
  SECTION("the winner claimed for the wrong side") {
    Proof p = good;
    p.winner = Side::Right;
    CHECK_THROWS_WITH(verify(p), Catch::Contains("node 0") && Catch::Contains("who is not the winner"));
  }
  SECTION("a parent that is not an earlier node") {
    Proof p = good;
    p.nodes[2].parent = 5;
    CHECK_THROWS_WITH(verify(p), Catch::Contains("node 2") && Catch::Contains("not an earlier node"));
  }
}

TEST_CASE("a journal's positions end the tree, and the results a proof solves are added to it") {
  const auto path = std::filesystem::temp_directory_path() / ("proof-journal-" + std::to_string(::getpid()) + ".tsv");
  std::filesystem::remove(path);
  {
    solver::SolveJournal journal(path.string());
    solver::DomineeringSolver s(eight(), options());
    const Proof first = solver::build_proof(Board(5, 5), Side::Left, 2, s, &journal);
    REQUIRE(first.winner == Side::Right); // 5x5: the second player wins, so every first move is answered
    // Leaves solved here say so; a leaf that is an image of one solved before it (5x5 has eight
    // symmetries) is read back from the journal.
    const auto solved = std::count_if(first.nodes.begin(), first.nodes.end(), [](const auto& n) { return n.source == "solved"; });
    CHECK(solved >= 5);
    CHECK(journal.size() >= std::size_t(solved));
    // Built again from the journal: every position after Vertical's first move is recorded now.
    const Proof again = solver::build_proof(Board(5, 5), Side::Left, 4, s, &journal);
    CHECK(again.nodes.size() < first.nodes.size());
    for (std::size_t i = 1; i < again.nodes.size(); ++i) {
      CHECK(again.nodes[i].kind == ProofKind::leaf);
      CHECK(again.nodes[i].source == "journal");
    }
    CHECK(verify(again).leaves_checked == again.nodes.size() - 1);
  }
  std::filesystem::remove(path);
}

TEST_CASE("a sample of leaves is the same for a seed, and a sample of none is refused") {
  const Proof p = proof_of(Board(5, 5), Side::Left, 3);
  solver::SolveOptions o = solver::verifier_options(1);
  o.table_mib = 8;
  const auto r = solver::verify_proof(p, catalogue::Catalogue{}, o, std::size_t(5), 42);
  CHECK(r.leaves_checked == 5);
  CHECK(r.seed == 42);
  std::vector<std::size_t> first, second;
  for (auto* order : {&first, &second})
    solver::verify_proof(p, catalogue::Catalogue{}, o, std::size_t(5), 42, [&](std::size_t done, std::size_t) { order->push_back(done); });
  CHECK(first == second);
  CHECK_THROWS_WITH(solver::verify_proof(p, catalogue::Catalogue{}, o, std::size_t(0), 42), Catch::Contains("at least 1"));
}

TEST_CASE("a certificate whose rows are wrong, though its checksum is right, is refused naming the line") {
  const std::string text = text_of(proof_of(Board(3, 3), Side::Left, 2));
  const std::size_t body_start = text.find('\n') + 1;
  const std::string head = text.substr(0, text.find("checksum="));
  const auto with_body = [&](const std::string& body) { return head + fmt::format("checksum={:016x}\n", base::fnv1a64(body)) + body; };
  std::string body = text.substr(body_start);
  const auto replaced = [&](const std::string& from, const std::string& to) {
    std::string b = body;
    const std::size_t at = b.find(from);
    REQUIRE(at != std::string::npos);
    return with_body(b.replace(at, from.size(), to));
  };
  struct Row {
    std::string text, says;
  };
  const Row rows[] = {
      {replaced("\n1\t0\t", "\n1\t7\t"), "parent 7 is not an earlier node"},
      {replaced("\n1\t0\t", "\n1\t4294967296\t"), "parent 4294967296 is not an earlier node"},
      {replaced("\n1\t", "\n9\t"), "node number 9 out of order"},
      {replaced("\tchoice\t", "\tmaybe\t"), "kind 'maybe'"},
      {replaced("\tvertical\tsolved", "\tvertical"), "expected 8 tab-separated fields"},
      {replaced("\tvertical\tsolved", "\tvertical\tguessed"), "source 'guessed'"},
      {replaced("\tall\t.#./.#./...\t-", "\tall\t.#./.#./...\tvertical"), "a result on a node that is not a leaf"},
      {replaced("0\t-1\t-\t", "0\t-1\tV 0,0\t"), "a move into the root"},
      {replaced("0\t-1\t-\tvertical", "0\t-1\t-\thorizontal"), "the root row is not the board and first player of line 1"},
  };
  for (const Row& row : rows) {
    CAPTURE(row.says);
    std::istringstream in(row.text);
    CHECK_THROWS_WITH(solver::read_proof(in, "p"), Catch::Contains(row.says) && Catch::Contains("proof p line"));
  }
}

TEST_CASE("a damaged certificate file is refused with one line") {
  const std::string text = text_of(proof_of(Board(4, 4), Side::Left, 2));
  struct Row {
    std::string text, says;
  };
  std::string flipped = text;
  flipped[flipped.size() / 2] = flipped[flipped.size() / 2] == '.' ? '#' : '.';
  const Row rows[] = {{text.substr(0, text.size() / 2), "checksum mismatch"},
                      {flipped, "checksum mismatch"},
                      {"", "empty"},
                      {"# domineering-journal version=1\n", "not a domineering proof"},
                      {text.substr(0, text.find('\n')) + "\n", "checksum mismatch"}};
  for (const Row& row : rows) {
    std::istringstream in(row.text);
    CHECK_THROWS_WITH(solver::read_proof(in, "p"), Catch::Contains(row.says) && !Catch::Contains("\n"));
  }
}
