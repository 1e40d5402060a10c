//! What is about the program as a whole rather than one command: the examples of the pages and
//! the tables of docs/reliability.md run as written, every help, every reader fed random text,
//! output files and pipes, and the long runs as one engine.

mod docs;
mod help;
mod longrun;
mod outputs;
mod readers;
mod reliability;
