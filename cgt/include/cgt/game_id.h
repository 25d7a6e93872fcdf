// GameId: the 32-bit handle of one canonical short partizan game in the GameStore.
// Equal games have equal ids, so equality of values is an integer compare. Id 0 is the
// game 0 = { | }, interned first; ids are never reused or freed.
#pragma once

#include <cstdint>
#include <functional>

namespace cgt {

enum class GameId : std::uint32_t {};

constexpr std::uint32_t raw(GameId g) { return static_cast<std::uint32_t>(g); }

inline constexpr GameId ZERO{0};

// A sentinel that is never a valid id (the store refuses to grow that far).
inline constexpr GameId NO_GAME{0xFFFF'FFFFu};

} // namespace cgt

template <>
struct std::hash<cgt::GameId> {
  std::size_t operator()(cgt::GameId g) const noexcept { return std::hash<std::uint32_t>{}(cgt::raw(g)); }
};
