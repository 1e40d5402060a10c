//! The pages and their files as a browser gets them.

use crate::support::TestServer;
use crate::support::pages::first_load;
use libtest_mimic::Trial;

pub fn trials() -> Vec<Trial> {
    crate::tests![
        the_pages_are_served_whole_with_their_types_and_a_policy_that_allows_nothing_remote
    ]
}

fn the_pages_are_served_whole_with_their_types_and_a_policy_that_allows_nothing_remote() {
    let server = TestServer::start();
    let html = "text/html; charset=utf-8";
    let javascript = "text/javascript; charset=utf-8";
    for (path, mime) in [
        ("/", html),
        ("/hiq", html),
        ("/russian", html),
        ("/parlor.css", "text/css; charset=utf-8"),
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
    for page in ["/", "/hiq", "/russian", "/camicia"] {
        let (bytes, fetched) = first_load(page, |path| {
            let answer = server.get(path);
            assert_eq!(answer.status, 200, "{page} names {path}");
            answer.body
        });
        assert!(bytes <= 300_000, "{page} loads {bytes} bytes: {fetched:?}");
    }
    server.stop();
}
