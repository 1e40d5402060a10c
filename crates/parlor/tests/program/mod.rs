//! What is about the program as a whole rather than one command: the examples of the pages and
//! the tables of docs/reliability.md run as written, every help, every reader fed random text,
//! output files and pipes, the long runs as one engine, and the house's figures (no source file
//! over 700 lines).

mod docs;
mod help;
mod house;
mod longrun;
mod outputs;
mod readers;
mod reliability;
