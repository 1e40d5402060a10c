//! What [`crate::run`] does as a program: the signals that stop it, the browser it opens.

use lines::say;
use std::future::Future;
use std::io;

/// Ctrl-C, or SIGTERM where there is one: listened for from now, received when the future ends.
/// Made on the server's threads, whose signal driver it needs.
pub fn stop_signal() -> io::Result<impl Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = terminate.recv() => {}
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            let _ = tokio::signal::ctrl_c().await;
        })
    }
}

/// Asks the desktop to open `url`; where it cannot, says so and goes on serving.
pub fn open_in_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let started = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match started {
        // Reaped on a thread of its own, so that no finished opener lingers.
        Ok(mut child) => drop(std::thread::spawn(move || child.wait())),
        Err(error) => {
            say(&format!(
                "warning: cannot open a browser ({opener}: {error}); open {url} yourself"
            ));
        }
    }
}
