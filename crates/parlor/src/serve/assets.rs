//! The page's files, compiled into the binary: the server needs no folder beside it and the
//! page loads nothing from elsewhere (its Content-Security-Policy forbids it).

use super::api::{Routes, State, only};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

struct Asset {
    path: &'static str,
    mime: &'static str,
    body: &'static [u8],
}

macro_rules! asset {
    ($path:literal, $file:literal, $mime:literal) => {
        Asset {
            path: $path,
            mime: $mime,
            body: include_bytes!(concat!("../../web/", $file)),
        }
    };
}

const HTML: &str = "text/html; charset=utf-8";

const ASSETS: &[Asset] = &[
    asset!("/", "index.html", "text/html; charset=utf-8"),
    asset!("/hiq", "hiq.html", "text/html; charset=utf-8"),
    asset!("/russian", "russian.html", "text/html; charset=utf-8"),
    asset!("/parlor.css", "parlor.css", "text/css; charset=utf-8"),
    asset!("/parlor.js", "parlor.js", "text/javascript; charset=utf-8"),
    asset!("/hiq.js", "hiq.js", "text/javascript; charset=utf-8"),
    asset!(
        "/russian.js",
        "russian.js",
        "text/javascript; charset=utf-8"
    ),
    asset!("/speed", "speed.html", "text/html; charset=utf-8"),
    asset!("/speed.js", "speed.js", "text/javascript; charset=utf-8"),
    asset!("/camicia", "camicia.html", "text/html; charset=utf-8"),
    asset!(
        "/camicia.js",
        "camicia.js",
        "text/javascript; charset=utf-8"
    ),
    asset!("/favicon.svg", "favicon.svg", "image/svg+xml"),
];

/// Everything from this server, nothing from elsewhere, no inline script.
const POLICY: &str = "default-src 'self'; img-src 'self' data:; object-src 'none'; \
                      base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

pub fn routes() -> Routes {
    ASSETS.iter().fold(Routes::new(), |router, asset| {
        router.route(
            asset.path,
            get(move |_: State| async move { serve(asset) }).fallback(only("GET")),
        )
    })
}

fn serve(asset: &'static Asset) -> Response {
    let mut response = asset.body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(asset.mime));
    // The files change only with the binary; a page reloaded after an upgrade must not mix
    // old and new.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if asset.mime == HTML {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(POLICY),
        );
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_names_only_files_the_server_has() {
        for asset in ASSETS.iter().filter(|a| a.mime == HTML) {
            let page = std::str::from_utf8(asset.body).unwrap();
            for attribute in ["src=\"", "href=\""] {
                for reference in page.split(attribute).skip(1) {
                    let target = reference.split('"').next().unwrap();
                    if target.starts_with('#') {
                        continue;
                    }
                    assert!(
                        ASSETS.iter().any(|a| a.path == target),
                        "{} names {target}, which the server does not have",
                        asset.path
                    );
                }
            }
        }
    }
}
