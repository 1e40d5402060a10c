//! The server's threads: their name, their priorities, which the lanes and the making of
//! Hi-Q's table lower, and the memory their work freed, handed back to the system.

/// The name of every thread the server starts, as a panic's message or a debugger shows it.
pub const THREADS: &str = "parlor-serve";

/// The calling thread's id, as the system's scheduler names it (0 where there is none).
pub fn thread_id() -> i32 {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid takes nothing and always succeeds.
    let id = unsafe { libc::gettid() };
    #[cfg(not(target_os = "linux"))]
    let id = 0;
    id
}

/// Lowers the priority of the thread `thread` of this process (a [`thread_id`]) by `by` in
/// niceness; on Linux a thread has a niceness of its own. A thread cannot raise its priority
/// again, so each run has a thread of its own.
pub fn lower_priority(thread: i32, by: i32) {
    #[cfg(target_os = "linux")]
    if by > 0
        && let Ok(who) = libc::id_t::try_from(thread)
    {
        // SAFETY: getpriority and setpriority take plain integers and touch no memory of the
        // caller's; on Linux, `who` with PRIO_PROCESS names one thread, and lowering its
        // priority needs no privilege. A thread that has ended by now is refused, harmlessly.
        unsafe {
            let now = libc::getpriority(libc::PRIO_PROCESS, who);
            libc::setpriority(libc::PRIO_PROCESS, who, now + by);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (thread, by);
}

/// Hands the memory freed by the work done back to the system: glibc keeps freed pages in its
/// arenas (one a thread, reused by the next) otherwise, and the server would go on holding the
/// peak of its costliest work — some 270 MB after the making of Hi-Q's table for a table of
/// 125 MB, 600 MB after the hints of issue 50 — long after it ended.
pub fn give_back_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free pages of the allocator's own to the system, in
    // every arena; it touches no memory in use.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The size from which an allocation is mapped apart from the allocator's arenas, and unmapped
/// the moment it is freed: a table of positions of a search (megabytes) is then given back to
/// the system when its search ends, whatever runs beside it. glibc would otherwise raise this
/// bound to the largest block freed (up to 32 MiB), and tables of the next searches would come
/// from arenas that keep their pages: 16 Russian hints left 285 MiB held after them.
const MAPPED_APART_FROM: i32 = 1 << 20;

/// Maps every allocation of [`MAPPED_APART_FROM`] or more apart, for the process's life.
pub fn map_large_allocations_apart() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator, which it reads under its own
    // lock; memory already allocated is untouched.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MAPPED_APART_FROM);
    }
}
