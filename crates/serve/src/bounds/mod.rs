//! The bounds on every request, each its own layer around the routes, from the outermost:
//!
//! - [`headers`]: no answer is sniffed or cached by the browser as something else;
//! - [`unsent`]: the answers made and not yet read hold at most [`crate::limits::UNSENT`];
//! - [`timeout`]: a request is answered within [`crate::limits::REQUEST_TIMEOUT`], its body,
//!   its wait for a solver and its work included;
//! - [`body`]: the body is read whole, within [`crate::limits::MAX_BODY`] and at
//!   [`crate::limits::BODY_RATE`] at least, before the endpoint sees the request.
//!
//! The gate (`crate::gate`) stands outside them all: a request it refuses costs nothing.

pub mod body;
pub mod headers;
pub mod timeout;
pub mod unsent;
