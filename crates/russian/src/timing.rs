//! For the tests of cancellable work: how soon it returns once its flag is raised.

use cancel::Cancel;
use std::time::{Duration, Instant};

/// Runs `work` with a flag that another thread raises after `delay`; gives its answer and the
/// time from the raising to its return (zero when it returned before).
pub(crate) fn raised_after<T>(delay: Duration, work: impl FnOnce(&Cancel) -> T) -> (T, Duration) {
    let cancel = Cancel::new();
    let raiser = cancel.clone();
    let raised = std::thread::spawn(move || {
        std::thread::sleep(delay);
        raiser.cancel();
        Instant::now()
    });
    let answer = work(&cancel);
    let returned = Instant::now();
    let raised = raised.join().expect("the raising thread does not panic");
    (answer, returned.saturating_duration_since(raised))
}

/// The most a cancelled search may take to return: the server's promise.
pub(crate) const PROMPTLY: Duration = Duration::from_millis(100);
