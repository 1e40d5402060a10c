//! Progress bars for long runs: on standard error, and only when it is a terminal, so that
//! output piped to a file or another program never carries them.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};

/// A bar counting to `len` things called `unit` ("deals", "steps"), with rate and time left;
/// hidden when `quiet` or when standard error is not a terminal.
pub fn bar(len: u64, unit: &str, quiet: bool) -> ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let template = format!(
        "{{msg:>9}} [{{bar:40}}] {{human_pos}}/{{human_len}} {unit}, {{per_sec:0}}, ETA {{eta}}"
    );
    bar.set_style(
        ProgressStyle::with_template(&template)
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar
}
