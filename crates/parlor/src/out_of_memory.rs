//! Memory the system refuses: the tables of the Hi-Q census and solvers ask for theirs fallibly
//! and stop with their own message; any other allocation refused ends the process here with one
//! line on standard error and exit status 1, where the standard library would abort (status
//! 134, "memory allocation of N bytes failed" and a backtrace).

use std::alloc::{GlobalAlloc, Layout, System};

/// The system's allocator, ending the process cleanly when it refuses an allocation that no
/// caller handles. The program installs it (`#[global_allocator]` in `main.rs`); a library that
/// uses parlor's commands keeps its own.
pub struct EndWhenRefused;

impl EndWhenRefused {
    /// What to do with a refusal of `size` bytes: hand it back when the caller handles it (a
    /// `try_reserve` of the Hi-Q tables), else end the process.
    fn refused(size: usize) -> *mut u8 {
        if !hiq::memory::refusal_handled() {
            end(size);
        }
        std::ptr::null_mut()
    }
}

// SAFETY: every method hands its arguments unchanged to `System`, whose contract is the one
// `GlobalAlloc` asks for, and returns what `System` returned; a null is returned as it came, or
// the process ends without returning.
unsafe impl GlobalAlloc for EndWhenRefused {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller keeps `alloc`'s contract (a layout of non-zero size), which is
        // `System::alloc`'s.
        let block = unsafe { System.alloc(layout) };
        if block.is_null() {
            return Self::refused(layout.size());
        }
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let block = unsafe { System.alloc_zeroed(layout) };
        if block.is_null() {
            return Self::refused(layout.size());
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: the caller gives back a block this allocator, that is `System`, gave with
        // this layout.
        unsafe { System.dealloc(block, layout) }
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller keeps `realloc`'s contract for a block `System` gave with `layout`.
        let moved = unsafe { System.realloc(block, layout, new_size) };
        if moved.is_null() {
            return Self::refused(new_size);
        }
        moved
    }
}

/// Says that the system refused `size` bytes and ends the process with status 1, allocating
/// nothing (the memory is gone) and running nothing more: output still buffered is lost, as it
/// would be by the abort this replaces.
fn end(size: usize) -> ! {
    let mut line = Line::default();
    line.add(b"error: out of memory: the system refused ");
    line.add_number(size);
    line.add(
        b" bytes more; the machine's memory or a limit on the process (such as `ulimit -v`) is \
          exhausted: free memory or raise the limit, or give parlor less to hold (a smaller \
          input or --memory, fewer --threads)\n",
    );
    let text = line.text();
    // SAFETY: `write` reads `text.len()` bytes from a live buffer and may fail, which changes
    // nothing here; `_exit` ends the process at once without running any code of it.
    unsafe {
        libc::write(libc::STDERR_FILENO, text.as_ptr().cast(), text.len());
        libc::_exit(1)
    }
}

/// A line of text in a fixed buffer on the stack, cut when it is full.
struct Line {
    bytes: [u8; 320],
    len: usize,
}

impl Default for Line {
    fn default() -> Line {
        Line {
            bytes: [0; 320],
            len: 0,
        }
    }
}

impl Line {
    fn add(&mut self, text: &[u8]) {
        let room = self.bytes.len() - self.len;
        let taken = text.len().min(room);
        self.bytes[self.len..self.len + taken].copy_from_slice(&text[..taken]);
        self.len += taken;
    }

    /// `n` with its thousands grouped, as every number parlor shows: `6,291,456`.
    fn add_number(&mut self, n: usize) {
        let mut digits = [0u8; 32];
        let mut at = digits.len();
        let mut rest = n;
        let mut count = 0;
        loop {
            if count > 0 && count % 3 == 0 {
                at -= 1;
                digits[at] = b',';
            }
            at -= 1;
            digits[at] = b'0' + (rest % 10) as u8;
            rest /= 10;
            count += 1;
            if rest == 0 {
                break;
            }
        }
        self.add(&digits[at..]);
    }

    fn text(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_without_allocating() {
        for (n, text) in [(0, "0"), (999, "999"), (6_291_456, "6,291,456")] {
            let mut line = Line::default();
            line.add_number(n);
            assert_eq!(line.text(), text.as_bytes());
        }
        let mut line = Line::default();
        line.add_number(usize::MAX);
        assert_eq!(line.text(), b"18,446,744,073,709,551,615");
    }

    #[test]
    fn a_long_line_is_cut_at_the_buffer() {
        let mut line = Line::default();
        line.add(&[b'x'; 400]);
        assert_eq!(line.text().len(), 320);
    }
}
