//! The page's files, compiled into the binary: the server needs no folder beside it and the
//! page loads nothing from elsewhere (its Content-Security-Policy forbids it).
//!
//! Every page is one shell, `web/shell.html` (the head and the nav of the games, written once),
//! around the page's own `<main>` in `web/NAME.html`; the server puts each page together once,
//! when it starts.

use super::api::{Routes, State, only};
use axum::body::Bytes;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// A file served as it is, at its own name.
struct File {
    path: &'static str,
    mime: &'static str,
    body: &'static [u8],
}

macro_rules! asset {
    ($name:literal, $mime:expr) => {
        File {
            path: concat!("/", $name),
            mime: $mime,
            body: include_bytes!(concat!("../web/", $name)),
        }
    };
}

const JAVASCRIPT: &str = "text/javascript; charset=utf-8";

const FILES: &[File] = &[
    asset!("parlor.css", "text/css; charset=utf-8"),
    asset!("parlor.js", JAVASCRIPT),
    asset!("cards.js", JAVASCRIPT),
    asset!("drag.js", JAVASCRIPT),
    asset!("replay.js", JAVASCRIPT),
    asset!("hiq.js", JAVASCRIPT),
    asset!("russian.js", JAVASCRIPT),
    asset!("russian-table.js", JAVASCRIPT),
    asset!("purse.js", JAVASCRIPT),
    asset!("speed.js", JAVASCRIPT),
    asset!("camicia.js", JAVASCRIPT),
    asset!("favicon.svg", "image/svg+xml"),
];

/// A page: the shell around its `<main>`.
struct Page {
    path: &'static str,
    /// The game the page plays, as the nav names it; its script is `PATH.js`. The home page
    /// has none.
    game: Option<&'static str>,
    main: &'static str,
}

macro_rules! page {
    ($path:literal, $main:literal, $game:expr) => {
        Page {
            path: $path,
            game: $game,
            main: include_str!(concat!("../web/", $main)),
        }
    };
}

const PAGES: &[Page] = &[
    page!("/", "index.html", None),
    page!("/hiq", "hiq.html", Some("Hi-Q")),
    page!("/russian", "russian.html", Some("Russian Solitaire")),
    page!("/camicia", "camicia.html", Some("Camicia")),
    page!("/speed", "speed.html", Some("Speed")),
];

const SHELL: &str = include_str!("../web/shell.html");

impl Page {
    /// The whole page: the shell with the page's title and script, its own link in the nav
    /// marked as the current page, and its `<main>`.
    fn html(&self) -> String {
        let mut html = match self.game {
            None => SHELL.replace("{title}", "parlor").replace("{script}", ""),
            Some(game) => {
                let path = self.path;
                SHELL
                    .replace("{title}", &format!("{game} · parlor"))
                    .replace(
                        "{script}",
                        &format!("<script type=\"module\" src=\"{path}.js\"></script>\n"),
                    )
                    .replace(
                        &format!("<a href=\"{path}\">"),
                        &format!("<a href=\"{path}\" aria-current=\"page\">"),
                    )
            }
        };
        // Last, so that nothing in the page's own part is taken for the shell's.
        html = html.replace("{main}", self.main);
        html
    }
}

/// Everything from this server, nothing from elsewhere, no inline script.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; object-src 'none'; \
                      base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// A route for every file and every page, each answering GET alone.
pub fn routes() -> Routes {
    let files = FILES.iter().fold(Routes::new(), |router, file| {
        router.route(
            file.path,
            get(move |_: State| async move { serve(file.body, file.mime) }).fallback(only("GET")),
        )
    });
    PAGES.iter().fold(files, |router, page| {
        let html = Bytes::from(page.html());
        router.route(
            page.path,
            get(move |_: State| {
                let html = html.clone();
                async move {
                    let mut response = serve(html, "text/html; charset=utf-8");
                    response.headers_mut().insert(
                        header::CONTENT_SECURITY_POLICY,
                        HeaderValue::from_static(POLICY),
                    );
                    response
                }
            })
            .fallback(only("GET")),
        )
    })
}

fn serve(body: impl IntoResponse, mime: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    // The files change only with the binary; a page reloaded after an upgrade must not mix
    // old and new.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_names_only_files_the_server_has() {
        for page in PAGES {
            let html = page.html();
            for attribute in ["src=\"", "href=\""] {
                for reference in html.split(attribute).skip(1) {
                    let target = reference.split('"').next().unwrap();
                    if target.starts_with('#') {
                        continue;
                    }
                    assert!(
                        FILES.iter().any(|f| f.path == target)
                            || PAGES.iter().any(|p| p.path == target),
                        "{} names {target}, which the server does not have",
                        page.path
                    );
                }
            }
        }
    }

    #[test]
    fn every_page_is_the_whole_shell_around_its_main() {
        for page in PAGES {
            let html = page.html();
            assert!(!html.contains("{title}") && !html.contains("{script}"));
            assert!(
                html.ends_with("</main>\n</body>\n</html>\n"),
                "{}",
                page.path
            );
            let marked = html.matches("aria-current=\"page\"").count();
            assert_eq!(marked, usize::from(page.game.is_some()), "{}", page.path);
        }
    }
}
