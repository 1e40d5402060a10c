//! `parlor`: the program. Everything it does is in the library (`parlor::main`); here it only
//! installs the allocator that ends the process cleanly when memory is refused.

use std::process::ExitCode;

#[global_allocator]
static ALLOCATOR: parlor::out_of_memory::EndWhenRefused = parlor::out_of_memory::EndWhenRefused;

fn main() -> ExitCode {
    parlor::main()
}
