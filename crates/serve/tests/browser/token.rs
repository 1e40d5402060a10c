//! A server that asks a token, as `parlor serve --bind 0.0.0.0` does: opened from the address
//! it prints, its pages work, and the token goes to it alone — in no cookie, and in no request
//! to another server on another port of the same host, which records every byte it is sent
//! (issue 50: a cookie holding the token went to every port of the host).

use crate::browser::{Outcome, Page, fail};
use crate::trials;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

trials![token_goes_to_its_server_alone];

/// A plain server on a free port of 127.0.0.1 that answers every request with a small page and
/// keeps every byte it was sent.
struct Recorder {
    port: u16,
    heard: Arc<Mutex<Vec<u8>>>,
    stop: Arc<AtomicBool>,
}

impl Recorder {
    fn start() -> std::io::Result<Recorder> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        listener.set_nonblocking(true)?;
        let port = listener.local_addr()?.port();
        let heard = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (kept, stopped) = (heard.clone(), stop.clone());
        thread::spawn(move || {
            while !stopped.load(Ordering::Relaxed) {
                let Ok((mut stream, _)) = listener.accept() else {
                    thread::sleep(Duration::from_millis(10));
                    continue;
                };
                let _ = stream.set_nonblocking(false);
                let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
                let mut request = Vec::new();
                let mut buffer = [0; 4096];
                while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut buffer) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => request.extend_from_slice(&buffer[..n]),
                    }
                }
                if let Ok(mut heard) = kept.lock() {
                    heard.extend_from_slice(&request);
                }
                let page = "<!doctype html><title>another server</title><p>another server";
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\n\
                     Connection: close\r\n\r\n{page}",
                    page.len()
                );
            }
        });
        Ok(Recorder { port, heard, stop })
    }

    fn heard(&self) -> String {
        String::from_utf8_lossy(&self.heard.lock().map(|h| h.clone()).unwrap_or_default())
            .into_owned()
    }
}

impl Drop for Recorder {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

async fn token_goes_to_its_server_alone(page: Page) -> Outcome {
    let token = serve::Access::random_token();
    let access = serve::Access {
        hosts: Vec::new(),
        token: Some(token.clone()),
    };
    let server = serve::Server::bind_with(([127, 0, 0, 1], 0).into(), access.clone())?;
    let base = format!("http://{}", server.address());
    let other = Recorder::start()?;
    let outcome = async {
        // Without the token, a game's page says where to find it.
        page.client.goto(&format!("{base}/russian?deal=5")).await?;
        page.wait_text("h1", "This server asks for its token")
            .await?;
        page.screenshot("token-needed", 1024, 640).await?;
        page.screenshot("token-needed", 390, 844).await?;
        page.resize(1280, 800).await?;
        // The address the server prints opens the index, which keeps the token for the tab
        // and takes it out of the address; the game then opens and asks the server.
        page.client.goto(&access.url(server.address())).await?;
        page.wait_for(
            "the token out of the address",
            "return location.hash === '' && location.pathname === '/';",
        )
        .await?;
        page.client.goto(&format!("{base}/russian?deal=5")).await?;
        opens_the_game(&page).await?;
        let cookies = page.eval("return document.cookie;", vec![]).await?;
        if cookies != "" {
            return Err(fail(format!("the page has cookies: {cookies}")));
        }
        // Other servers of the host, by address and by name, and parlor's own again.
        for address in [
            format!("http://127.0.0.1:{}/", other.port),
            format!("http://localhost:{}/a/page?x=1", other.port),
        ] {
            page.client.goto(&address).await?;
            page.wait_text("p", "another server").await?;
        }
        page.client.goto(&format!("{base}/russian?deal=5")).await?;
        opens_the_game(&page).await?;
        let heard = other.heard();
        if !heard.contains("GET /a/page?x=1") {
            return Err(fail(format!("the other server heard only {heard:?}")));
        }
        if heard.contains(&token) {
            return Err(fail(format!("the token went to another port: {heard}")));
        }
        // A bookmark of the address printed before, `?token=`, opens the game in a new tab.
        page.eval("sessionStorage.clear();", vec![]).await?;
        page.client
            .goto(&format!("{base}/russian?deal=5&token={token}"))
            .await?;
        opens_the_game(&page).await?;
        // The browser logs the page's own 401 as an error; nothing else may be.
        let errors = page.errors().await?;
        if errors.iter().any(|e| !e.contains("401 (Unauthorized)")) {
            return Err(fail(format!("the page logged {errors:?}")));
        }
        Ok(())
    }
    .await;
    // Stopping blocks on the server's threads, which this trial's own runtime may not do.
    let stopped = tokio::task::spawn_blocking(move || server.stop()).await?;
    outcome?;
    if stopped != serve::Stopped::Drained {
        return Err(fail(
            "the server with a token cut a request when it stopped",
        ));
    }
    Ok(())
}

/// The Russian Solitaire page of deal 5, drawn from the server's answers, its address without
/// the token.
async fn opens_the_game(page: &Page) -> Outcome {
    page.wait_for(
        "the game, the token out of the address",
        "return location.search === '?deal=5' && location.hash === '' \
             && document.getElementById('felt')?.getAttribute('aria-busy') === 'false' \
             && document.querySelectorAll('#columns .column').length === 7;",
    )
    .await?;
    Ok(())
}
