//! The page's files, compiled into the binary: the server needs no folder beside it and the
//! page loads nothing from elsewhere (its Content-Security-Policy forbids it).
//!
//! Every page is one shell, `web/shell.html` (the head and the nav of the games, written once),
//! around the page's own `<main>` in `web/NAME.html`; the server puts each page together once,
//! when it starts. A game's page adds its own style sheet and script, `NAME.css` and `NAME.js`,
//! to the sheet every page shares. An unknown address gets a page of its own too, for a browser.
//!
//! The index's pictures of the game pages (`web/pictures/`, made by `scripts/index-pictures`)
//! are the one thing a browser may keep: they are only pictures, and a stale one after an
//! upgrade misleads nobody.

use crate::refusal::{self, only};
use axum::Router;
use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::sync::LazyLock;

/// A file served as it is, at its own name.
struct File {
    path: &'static str,
    mime: &'static str,
    body: &'static [u8],
    /// Its Cache-Control.
    cache: &'static str,
}

/// The files change only with the binary; a page reloaded after an upgrade must not mix old and
/// new.
const NO_CACHE: &str = "no-cache";

/// A week, for the index's pictures.
const KEPT: &str = "public, max-age=604800";

macro_rules! asset {
    ($name:literal, $mime:expr) => {
        File {
            path: concat!("/", $name),
            mime: $mime,
            body: include_bytes!(concat!("../web/", $name)),
            cache: NO_CACHE,
        }
    };
}

macro_rules! picture {
    ($name:literal) => {
        File {
            path: concat!("/pictures/", $name, ".webp"),
            mime: "image/webp",
            body: include_bytes!(concat!("../web/pictures/", $name, ".webp")),
            cache: KEPT,
        }
    };
}

const JAVASCRIPT: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

const FILES: &[File] = &[
    asset!("parlor.css", CSS),
    asset!("cards.css", CSS),
    asset!("hiq.css", CSS),
    asset!("russian.css", CSS),
    asset!("speed.css", CSS),
    asset!("camicia.css", CSS),
    asset!("parlor.js", JAVASCRIPT),
    asset!("theme.js", JAVASCRIPT),
    asset!("cards.js", JAVASCRIPT),
    asset!("drag.js", JAVASCRIPT),
    asset!("replay.js", JAVASCRIPT),
    asset!("hiq.js", JAVASCRIPT),
    asset!("hiq-cross.js", JAVASCRIPT),
    asset!("hiq-verdict.js", JAVASCRIPT),
    asset!("hiq-start.js", JAVASCRIPT),
    asset!("russian.js", JAVASCRIPT),
    asset!("russian-table.js", JAVASCRIPT),
    asset!("russian-solvers.js", JAVASCRIPT),
    asset!("russian-statistics.js", JAVASCRIPT),
    asset!("ledger.js", JAVASCRIPT),
    asset!("stats.js", JAVASCRIPT),
    asset!("speed.js", JAVASCRIPT),
    asset!("speed-felt.js", JAVASCRIPT),
    asset!("speed-versus.js", JAVASCRIPT),
    asset!("speed-statistics.js", JAVASCRIPT),
    asset!("speed-stats.js", JAVASCRIPT),
    asset!("camicia.js", JAVASCRIPT),
    asset!("favicon.svg", "image/svg+xml"),
    picture!("hiq"),
    picture!("russian"),
    picture!("camicia"),
    picture!("speed"),
];

/// A page: the shell around its `<main>`.
struct Page {
    path: &'static str,
    title: &'static str,
    /// The game the page plays, as the nav names it; its style sheet is `PATH.css` and its
    /// script `PATH.js`. The home page and the page of an unknown address have none.
    game: Option<&'static str>,
    main: &'static str,
}

macro_rules! page {
    ($path:literal, $main:literal) => {
        Page {
            path: $path,
            title: "parlor",
            game: None,
            main: include_str!(concat!("../web/", $main)),
        }
    };
    ($path:literal, $main:literal, $game:literal) => {
        Page {
            path: $path,
            title: concat!($game, " · parlor"),
            game: Some($game),
            main: include_str!(concat!("../web/", $main)),
        }
    };
}

const PAGES: &[Page] = &[
    page!("/", "index.html"),
    page!("/hiq", "hiq.html", "Hi-Q"),
    page!("/russian", "russian.html", "Russian Solitaire"),
    page!("/camicia", "camicia.html", "Camicia"),
    page!("/speed", "speed.html", "Speed"),
];

/// What a browser is shown at an unknown address.
const NOT_FOUND: Page = Page {
    path: "",
    title: "No such page · parlor",
    game: None,
    main: include_str!("../web/not-found.html"),
};

/// What a browser is shown when the server asks a token it has not got: at its own address,
/// where a page sends its tab when its request is refused for want of the token, and for an
/// API address opened in the browser.
const NEEDS_TOKEN: Page = Page {
    path: "/token",
    title: "Token needed · parlor",
    game: None,
    main: include_str!("../web/token.html"),
};

const SHELL: &str = include_str!("../web/shell.html");

impl Page {
    /// The whole page: the shell with the page's title, style sheet and script, its own link in
    /// the nav marked as the current page, and its `<main>`.
    fn html(&self) -> String {
        let shell = SHELL.replace("{title}", self.title);
        let mut html = match self.game {
            // parlor.js alone: it takes the server's token out of the address the server
            // printed, which opens the index, and keeps it for the tab.
            None => shell.replace("{style}", "").replace(
                "{script}",
                "<script type=\"module\" src=\"/parlor.js\"></script>\n",
            ),
            Some(_) => {
                let path = self.path;
                shell
                    .replace(
                        "{style}",
                        &format!("<link rel=\"stylesheet\" href=\"{path}.css\">\n"),
                    )
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
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let files = FILES.iter().fold(Router::new(), |router, file| {
        router.route(
            file.path,
            get(move || async move { serve(file.body, file.mime, file.cache) })
                .fallback(only("GET")),
        )
    });
    PAGES
        .iter()
        .chain([&NEEDS_TOKEN])
        .fold(files, |router, page| {
            let html = Bytes::from(page.html());
            router.route(
                page.path,
                get(move || {
                    let html = html.clone();
                    async move { serve_page(html) }
                })
                .fallback(only("GET")),
            )
        })
}

/// Whether the request comes from a browser: it accepts text/html.
pub fn from_browser(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .any(|accept| accept.contains("text/html"))
}

/// An unknown address: for a browser, a page that links to the games; for a program, the JSON
/// refusal every endpoint gives. Both with status 404.
pub async fn not_found(uri: Uri, headers: HeaderMap) -> Response {
    if !from_browser(&headers) {
        return refusal::not_found(&uri).into_response();
    }
    static HTML: LazyLock<Bytes> = LazyLock::new(|| Bytes::from(NOT_FOUND.html()));
    let mut response = serve_page(HTML.clone());
    *response.status_mut() = StatusCode::NOT_FOUND;
    response
}

/// What a browser opening an API address without the server's token is shown, with status
/// 401: where to find it.
pub fn needs_token() -> Response {
    static HTML: LazyLock<Bytes> = LazyLock::new(|| Bytes::from(NEEDS_TOKEN.html()));
    let mut response = serve_page(HTML.clone());
    *response.status_mut() = StatusCode::UNAUTHORIZED;
    response
}

fn serve_page(html: Bytes) -> Response {
    let mut response = serve(html, "text/html; charset=utf-8", NO_CACHE);
    response.headers_mut().insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    response
}

fn serve(body: impl IntoResponse, mime: &'static str, cache: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pages the server builds: its routes' and the unknown address's.
    fn every_page() -> impl Iterator<Item = &'static Page> {
        PAGES.iter().chain([&NOT_FOUND, &NEEDS_TOKEN])
    }

    #[test]
    fn every_page_names_only_files_the_server_has() {
        for page in every_page() {
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
        for page in every_page() {
            let html = page.html();
            assert!(
                ["{title}", "{style}", "{script}"]
                    .iter()
                    .all(|hole| !html.contains(hole))
            );
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
