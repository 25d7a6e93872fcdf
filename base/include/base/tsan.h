// Hand-offs between threads made visible to ThreadSanitizer. Debian's libtbb is not built with
// TSan, so the happens-before edges TBB provides (a spawned task sees what its spawner wrote; a
// waiter sees what its tasks wrote) are invisible to it, and every parallel loop would report
// races on its inputs and outputs. Code that hands data to TBB tasks states the edges itself:
// release(&start) before spawning, acquire(&start) first thing in each task, release(&end) last
// thing in each task, acquire(&end) after the wait. Tasks never acquire each other's release, so
// real races between tasks are still reported. Outside TSan builds these are empty.
#pragma once

#if defined(__SANITIZE_THREAD__)
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace base::tsan {

#if defined(__SANITIZE_THREAD__)
inline void release(const void* sync) { __tsan_release(const_cast<void*>(sync)); }
inline void acquire(const void* sync) { __tsan_acquire(const_cast<void*>(sync)); }
#else
inline void release(const void*) {}
inline void acquire(const void*) {}
#endif

} // namespace base::tsan
