//! Progress bars: on standard error, and only when it is a terminal, so that output piped to a
//! file or another program never carries them. One style for every command: the bar, what is
//! done of what in the user's units, the rate in whole units a second, and the time left; it
//! fits an 80-column terminal.

use crate::format::{compact, grouped};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::{self, IsTerminal};

/// A bar counting to `len` things called `unit` ("deals", "steps"), with rate and time left;
/// hidden when `quiet` or when standard error is not a terminal.
pub fn bar(len: u64, unit: &str, quiet: bool) -> ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let template =
        format!("[{{wide_bar}}] {{counts}} {unit}, {{rate}}/s, {{eta_precise}} left {{msg}}");
    let style = ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "counts",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let total = state.len().unwrap_or(state.pos());
                write!(w, "{}/{}", compact(state.pos()), compact(total)).ok();
            },
        )
        .with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                write!(w, "{}", grouped(state.per_sec() as u64)).ok();
            },
        )
        .progress_chars("=> ");
    bar.set_style(style);
    bar
}

/// A bar over stages of unequal cost (the census' levels): what is done of what, in words the
/// message gives, and the time so far — no time left, which stages of unequal cost would make up.
pub fn stages(len: u64, quiet: bool) -> ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("[{wide_bar}] {pos}/{len} {msg}, {elapsed} so far")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar
}

/// A count of `unit` ("positions examined") for work whose size is not known in advance: a
/// spinner, the count, the rate and the time so far; hidden like [`bar`].
pub fn spinner(unit: &str, quiet: bool) -> ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let template = format!("{{spinner}} {{count}} {unit}, {{rate}}/s, {{elapsed}} so far");
    let style = ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
        .with_key(
            "count",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                write!(w, "{}", grouped(state.pos())).ok();
            },
        )
        .with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                write!(w, "{}", grouped(state.per_sec() as u64)).ok();
            },
        );
    bar.set_style(style);
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// Clears `bar` and, where it was shown, leaves in its place one line saying what was done
/// (`census: 187,636,299 positions in 8.2 s`): the time goes nowhere else, so that the output
/// stays the same from run to run.
pub fn done(bar: &ProgressBar, what: &str) {
    if bar.is_hidden() {
        return;
    }
    let seconds = bar.elapsed().as_secs_f64();
    bar.finish_and_clear();
    crate::error::say(&format!("{what} in {seconds:.1} s"));
}

/// Runs `work` under a [`spinner`] counting `unit`, which `work` moves; where the spinner was
/// shown, a line `NAME: COUNT UNIT in T s` stays in its place once the work is done.
pub fn counting<T, E>(
    name: &str,
    unit: &str,
    quiet: bool,
    work: impl FnOnce(&ProgressBar) -> Result<T, E>,
) -> Result<T, E> {
    let bar = spinner(unit, quiet);
    let result = work(&bar);
    match result {
        Ok(_) => done(&bar, &format!("{name}: {} {unit}", grouped(bar.position()))),
        Err(_) => bar.finish_and_clear(),
    }
    result
}

/// Moves `bar` to where a long run stands: its first report places the bar where a resumed run
/// starts without counting that towards the rate.
pub fn show(bar: &ProgressBar, progress: &sweep::Progress) {
    if bar.is_hidden() {
        return;
    }
    if bar.length() != Some(progress.total) {
        bar.set_length(progress.total);
        bar.set_position(progress.done);
        bar.reset_eta();
    } else {
        bar.set_position(progress.done);
    }
    if let Some(status) = &progress.status {
        bar.set_message(status.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_line_leaves_15_columns_for_the_bar_in_80() {
        // Everything but the bar, at its widest: counts of five characters, a rate of eight
        // digits, a time left of days, and a search's best game.
        let widest = format!(
            "[] {}/{} deals, {}/s, {} left {}",
            compact(999_999_999_999),
            compact(18_000_000_000_000_000_000),
            grouped(99_999_999u32),
            "9d 23:59:59",
            "best 12,345"
        );
        assert!(
            widest.chars().count() <= 80 - 15,
            "{widest}: {}",
            widest.len()
        );
    }
}
