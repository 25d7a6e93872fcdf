// The non-template part of tt.h: memory for tables. Large tables are mapped anonymously (the
// kernel hands out zeroed pages lazily) and advised to use transparent huge pages, because a
// probe is a random access on almost every node and 4 KiB pages would miss the TLB on most of
// them; small tables come from the aligned heap.
#include "solver/tt.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace solver::detail {

namespace {

// Tables from this size up are mapped and advised to use huge pages (the x86-64 huge page size).
constexpr std::size_t HUGE_PAGE_BYTES = std::size_t{2} << 20;
constexpr std::size_t LINE_BYTES = 64;

} // namespace

TableMemory::TableMemory(std::size_t bytes) : bytes_(bytes) {
#if defined(__linux__)
  if (bytes >= HUGE_PAGE_BYTES) {
    // Map one huge page more than needed, keep the huge-page-aligned part, unmap head and tail.
    const std::size_t mapped = bytes + HUGE_PAGE_BYTES;
    void* p = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
      throw std::bad_alloc();
    const auto start = reinterpret_cast<std::uintptr_t>(p);
    const std::uintptr_t aligned = (start + HUGE_PAGE_BYTES - 1) & ~(std::uintptr_t{HUGE_PAGE_BYTES} - 1);
    if (aligned > start)
      ::munmap(p, aligned - start);
    const auto page = std::size_t(::sysconf(_SC_PAGESIZE));
    const std::size_t kept = (bytes + page - 1) / page * page;
    if (const std::size_t tail = start + mapped - (aligned + kept); tail > 0)
      ::munmap(reinterpret_cast<void*>(aligned + kept), tail);
    ptr_ = reinterpret_cast<void*>(aligned);
    ::madvise(ptr_, bytes, MADV_HUGEPAGE); // advice only: failure leaves ordinary pages
    return;
  }
#endif
  ptr_ = ::operator new (bytes, std::align_val_t{LINE_BYTES});
  std::memset(ptr_, 0, bytes);
}

TableMemory& TableMemory::operator=(TableMemory&& o) noexcept {
  if (this != &o) {
    this->~TableMemory();
    ptr_ = o.ptr_;
    bytes_ = o.bytes_;
    o.ptr_ = nullptr;
    o.bytes_ = 0;
  }
  return *this;
}

TableMemory::~TableMemory() {
  if (ptr_ == nullptr)
    return;
#if defined(__linux__)
  if (bytes_ >= HUGE_PAGE_BYTES) {
    ::munmap(ptr_, bytes_);
    return;
  }
#endif
  ::operator delete (ptr_, std::align_val_t{LINE_BYTES});
}

} // namespace solver::detail
