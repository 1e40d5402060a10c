//! The pages and their files as a browser gets them.

use crate::support::pages::first_load;
use crate::support::{Answer, TestServer, reason};
use libtest_mimic::Trial;

pub fn trials() -> Vec<Trial> {
    crate::tests![
        the_pages_are_served_whole_with_their_types_and_a_policy_that_allows_nothing_remote,
        an_unknown_address_is_a_page_for_a_browser_and_json_for_a_program,
        the_index_shows_a_kept_picture_of_every_game,
    ]
}

/// A GET of `path` saying it accepts `accept`.
fn get_accepting(server: &TestServer, path: &str, accept: &str) -> Answer {
    Answer::of(
        server
            .agent
            .get(server.url(path))
            .header("Accept", accept)
            .call(),
    )
}

fn an_unknown_address_is_a_page_for_a_browser_and_json_for_a_program() {
    let server = TestServer::start();
    // What Chromium and Firefox send for a page.
    let browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    for path in ["/nowhere", "/hiq/", "/api/russian/game/1"] {
        let answer = get_accepting(&server, path, browser);
        assert_eq!(answer.status, 404, "{path}");
        assert_eq!(answer.header("content-type"), "text/html; charset=utf-8");
        assert!(
            answer
                .header("content-security-policy")
                .contains("default-src 'self'")
        );
        let html = answer.text();
        assert!(html.contains("<h1>No page at this address</h1>"), "{html}");
        for game in ["/hiq", "/russian", "/camicia", "/speed"] {
            assert!(
                html.contains(&format!("<a href=\"{game}\">")),
                "{path}: no {game}"
            );
        }
        // A program, whatever it says it accepts, gets the JSON refusal.
        for accept in ["application/json", "*/*", "text/plain"] {
            let answer = get_accepting(&server, path, accept);
            let message = server.refused(&answer, 404, reason("not-found"));
            assert!(message.contains(path), "{message}");
        }
    }
    server.stop();
}

fn the_index_shows_a_kept_picture_of_every_game() {
    let server = TestServer::start();
    let index = server.get("/");
    for game in ["hiq", "russian", "camicia", "speed"] {
        let path = format!("/pictures/{game}.webp");
        let img = index
            .text()
            .split("<img ")
            .find(|tag| tag.starts_with(&format!("src=\"{path}\"")))
            .unwrap_or_else(|| panic!("the index shows no {path}"));
        let alt = img.split("alt=\"").nth(1).and_then(|a| a.split('"').next());
        assert!(
            alt.is_some_and(|a| a.len() > 20),
            "{path} has no alt text: {img}"
        );
        let answer = server.get(&path);
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(answer.header("content-type"), "image/webp");
        assert_eq!(answer.header("cache-control"), "public, max-age=604800");
        assert!(
            answer.body.starts_with(b"RIFF") && answer.body.get(8..12) == Some(b"WEBP"),
            "{path} is not WebP"
        );
        // Small: scripts/index-pictures makes them 512 × 320, 15 to 23 KB.
        assert!(
            answer.body.len() <= 40_000,
            "{path}: {} bytes",
            answer.body.len()
        );
    }
    server.stop();
}

fn the_pages_are_served_whole_with_their_types_and_a_policy_that_allows_nothing_remote() {
    let server = TestServer::start();
    let html = "text/html; charset=utf-8";
    let javascript = "text/javascript; charset=utf-8";
    let css = "text/css; charset=utf-8";
    for (path, mime) in [
        ("/", html),
        ("/hiq", html),
        ("/russian", html),
        ("/parlor.css", css),
        ("/russian.css", css),
        ("/cards.css", css),
        ("/parlor.js", javascript),
        ("/hiq.js", javascript),
        ("/russian.js", javascript),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let answer = server.get(path);
        assert_eq!(answer.status, 200, "{path}");
        assert_eq!(answer.header("content-type"), mime, "{path}");
        assert_eq!(answer.header("x-content-type-options"), "nosniff", "{path}");
        let policy = answer.header("content-security-policy");
        if mime == html {
            assert!(policy.contains("default-src 'self'"), "{path}: {policy}");
            // Only keywords ('self', 'none') and inline images: no host, scheme or wildcard.
            for directive in policy.split(';') {
                for source in directive.split_whitespace().skip(1) {
                    assert!(
                        source.starts_with('\'') || source == "data:",
                        "{path}: {source} in {policy}"
                    );
                }
            }
        } else {
            assert_eq!(policy, "", "{path}");
        }
    }
    for page in ["/", "/hiq", "/russian", "/camicia", "/speed"] {
        let (bytes, fetched) = first_load(page, |path| {
            let answer = server.get(path);
            assert_eq!(answer.status, 200, "{page} names {path}");
            answer.body
        });
        assert!(bytes <= 300_000, "{page} loads {bytes} bytes: {fetched:?}");
    }
    server.stop();
}
