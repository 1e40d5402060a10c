//! Who may use the server: this machine's pages, and on other machines those who hold its token.
//!
//! - **The Host** names the server as the client reached it. Only `localhost`, an address of
//!   the loopback, the address listened on and the names [`Access::hosts`] adds are answered;
//!   any other gets 403. A page of another site that has its own name resolve to 127.0.0.1
//!   (DNS rebinding) sends its own name, and so is refused. An address written as numbers
//!   cannot be rebound, so when the server listens on every address (`0.0.0.0`, `::`) every
//!   such address is accepted. HTTP/1.1 without a Host is 400, as the standard says.
//! - **Another site's page** may send requests to the server (a form, an image), and read
//!   nothing of their answers; but the work is done. So every API request of another site is
//!   refused 403 before any work: one whose `Origin` is not the server's own, or whose
//!   `Sec-Fetch-Site` is neither `same-origin` nor `none` (an address typed by the user). The
//!   pages themselves, which another site may link to, are answered.
//! - **The token**, when the server is reachable beyond this machine: a random one in the
//!   fragment of the address it prints (`/#token=…`), which a browser never sends anywhere. A
//!   page opened there keeps it in its tab's `sessionStorage`, takes it out of the address, and
//!   sends it with each of its own API requests as `Authorization: Bearer TOKEN`, as a program
//!   does; no cookie holds it, since a browser sends a cookie to every port of the host. Every
//!   API request without it gets 401. The pages and their files, the same in every parlor and
//!   revealing nothing, need none. An address of the former kind, `/?token=…`, is sent on once
//!   to the same address with the token in its fragment, so that a bookmark still works.

use crate::assets;
use crate::refusal::ApiError;
use axum::extract::{Request, State};
use axum::http::uri::Authority;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, Version, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The name of the token in the printed address's fragment (`#token=…`), and in the query of
/// the addresses printed before (`?token=…`).
pub const TOKEN_PARAMETER: &str = "token";

/// Whom the server answers, besides this machine's pages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Access {
    /// Host names answered besides `localhost` and the addresses (`--allow-host`), compared
    /// without regard to case.
    pub hosts: Vec<String>,
    /// The token every request must carry, if any.
    pub token: Option<String>,
}

impl Access {
    /// This machine's pages only: no other name, no token.
    pub fn local() -> Access {
        Access::default()
    }

    /// The address a server listening at `bound` prints: with its token, if it asks one, in
    /// the fragment, which the browser keeps to itself.
    pub fn url(&self, bound: SocketAddr) -> String {
        match &self.token {
            Some(token) => format!("http://{bound}/#{TOKEN_PARAMETER}={token}"),
            None => format!("http://{bound}/"),
        }
    }

    /// A new random token of 128 bits, written as 32 hexadecimal digits.
    pub fn random_token() -> String {
        let bits: u128 = rand::random();
        format!("{bits:032x}")
    }
}

/// What the gate checks each request against.
pub struct Gate {
    access: Access,
    bound: SocketAddr,
}

impl Gate {
    /// The gate of a server listening at `bound`.
    pub fn new(access: Access, bound: SocketAddr) -> Gate {
        Gate { access, bound }
    }

    /// Whether `host` (a Host header's value, its port aside) names this server.
    fn admits_host(&self, host: &str) -> bool {
        let name = host
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .unwrap_or(host);
        if let Ok(ip) = name.parse::<IpAddr>() {
            return ip.is_loopback() || ip == self.bound.ip() || self.bound.ip().is_unspecified();
        }
        name.eq_ignore_ascii_case("localhost")
            || self
                .access
                .hosts
                .iter()
                .any(|h| h.eq_ignore_ascii_case(name))
    }
}

/// The authority the request names the server by: that of its target when the target is in
/// absolute form (`GET http://host/path`), which replaces the Host header (RFC 9112 §3.2.2);
/// otherwise its one Host header, if it has one. `Err` with why when neither is a host with an
/// optional port, or when the request has more than one Host (RFC 9112 §3.2: 400).
fn authority(request: &Request) -> Option<Result<Authority, String>> {
    if let Some(authority) = request.uri().authority() {
        return Some(well_formed(authority.as_str()).ok_or_else(|| {
            "the request's target names no host and port the server can read".to_string()
        }));
    }
    let mut hosts = request.headers().get_all(header::HOST).iter();
    let value = hosts.next()?;
    if hosts.next().is_some() {
        return Some(Err(
            "a request may carry one Host header, and this one has several".into(),
        ));
    }
    let text = value.to_str().ok().unwrap_or_default();
    Some(well_formed(text).ok_or_else(|| {
        "the Host header is not a host name or address with an optional port".to_string()
    }))
}

/// `text` as an authority, if it is a host and an optional port, with nothing more.
fn well_formed(text: &str) -> Option<Authority> {
    text.parse::<Authority>()
        .ok()
        .filter(|authority| !authority.as_str().contains('@'))
        // A port, where one is written, is a number (the parser keeps `host:x` otherwise).
        .filter(|authority| {
            authority.as_str() == authority.host() || authority.port_u16().is_some()
        })
}

fn refused(status: StatusCode, reason: &'static str, message: String) -> Response {
    ApiError::new(status, reason, message).into_response()
}

/// Answers the request only if its Host, token and site are admitted, as the module says.
pub async fn check(gate: State<Arc<Gate>>, request: Request, next: Next) -> Response {
    let authority = match authority(&request) {
        Some(Ok(authority)) => Some(authority),
        Some(Err(why)) => return refused(StatusCode::BAD_REQUEST, "host", why),
        None if request.version() >= Version::HTTP_11 => {
            return refused(
                StatusCode::BAD_REQUEST,
                "host",
                "an HTTP/1.1 request needs a Host header".into(),
            );
        }
        None => None,
    };
    let host = authority.as_ref().map(Authority::host);
    if let Some(host) = host
        && !gate.admits_host(host)
    {
        return refused(
            StatusCode::FORBIDDEN,
            "host",
            format!(
                "this server does not answer to the name {}: it answers to localhost and its \
                 addresses; start it with --allow-host NAME to add a name",
                excerpt::Excerpt::of(host)
            ),
        );
    }
    if let Some(token) = &gate.access.token
        && let Some(refusal) = check_token(token, &request)
    {
        return refusal;
    }
    if request.uri().path().starts_with("/api/")
        && let Some(site) = other_site(request.headers(), authority.as_ref())
    {
        return refused(
            StatusCode::FORBIDDEN,
            "cross-site",
            format!(
                "the request comes from another site's page ({site}); the API answers this \
                 server's own pages and programs only"
            ),
        );
    }
    next.run(request).await
}

/// Why the request counts as another site's, if it does: `authority` is the one it names the
/// server by, whose origin is the server's own.
fn other_site(headers: &HeaderMap, authority: Option<&Authority>) -> Option<String> {
    let text = |name| headers.get(name).map(|v| v.to_str().unwrap_or("?"));
    if let Some(site) = text("sec-fetch-site")
        && !matches!(site, "same-origin" | "none")
    {
        return Some(format!("Sec-Fetch-Site: {}", excerpt::Excerpt::of(site)));
    }
    let origin = text(header::ORIGIN.as_str())?;
    let own = authority.map(|authority| format!("http://{authority}"));
    (own.as_deref() != Some(origin)).then(|| format!("Origin: {}", excerpt::Excerpt::of(origin)))
}

/// `None` when the request needs no token (a page or a file of the pages) or carries `token`;
/// otherwise the answer: a page's address with a token in its query (the printed address of
/// before) is sent on to the same address with the token in its fragment; an API request is
/// 401.
fn check_token(token: &str, request: &Request) -> Option<Response> {
    let uri = request.uri();
    if !uri.path().starts_with("/api/") {
        let (kept, given) = without_token(uri);
        let given = given.filter(|given| {
            request.method() == Method::GET
                && given.len() == token.len()
                && given.bytes().all(|b| b.is_ascii_hexdigit())
        })?;
        let mut response = StatusCode::SEE_OTHER.into_response();
        // The token given, right or not, as the printed address holds it: no answer here
        // tells whether it was right.
        if let Ok(location) = HeaderValue::from_str(&format!("{kept}#{TOKEN_PARAMETER}={given}")) {
            response.headers_mut().insert(header::LOCATION, location);
        }
        return Some(response);
    }
    let headers = request.headers();
    let carried = headers
        .get_all(header::AUTHORIZATION)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| {
            // The scheme's name is any case, and spaces may follow it (RFC 9110 §11.1, §11.4).
            let (scheme, given) = v.split_once(' ')?;
            scheme
                .eq_ignore_ascii_case("bearer")
                .then_some(given.trim_start_matches(' '))
        })
        .any(|given| same(given, token));
    if carried {
        return None;
    }
    let mut response = if assets::from_browser(headers) {
        assets::needs_token()
    } else {
        refused(
            StatusCode::UNAUTHORIZED,
            "token",
            "this server asks for its token: open the address it printed (ending in #token=…), \
             or send the header Authorization: Bearer TOKEN"
                .into(),
        )
    };
    response.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static("Bearer realm=\"parlor\""),
    );
    Some(response)
}

/// `uri`'s path and query without the token parameter, and the token it had.
fn without_token(uri: &Uri) -> (String, Option<String>) {
    let mut given = None;
    let kept: Vec<&str> = uri
        .query()
        .unwrap_or("")
        .split('&')
        .filter(|pair| !pair.is_empty())
        .filter(|pair| {
            match pair
                .strip_prefix(TOKEN_PARAMETER)
                .and_then(|v| v.strip_prefix('='))
            {
                Some(value) => {
                    given = Some(value.to_string());
                    false
                }
                None => true,
            }
        })
        .collect();
    let path = uri.path();
    let kept = if kept.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{}", kept.join("&"))
    };
    (kept, given)
}

/// Whether `given` is `token`, in a time that does not tell how much of it matched.
fn same(given: &str, token: &str) -> bool {
    given.len() == token.len()
        && given
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |differ, (a, b)| differ | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(bound: &str, hosts: &[&str]) -> Gate {
        let access = Access {
            hosts: hosts.iter().map(|h| h.to_string()).collect(),
            token: None,
        };
        Gate::new(access, bound.parse().unwrap())
    }

    #[test]
    fn loopback_admits_its_names_and_no_other() {
        let local = gate("127.0.0.1:7070", &[]);
        for host in ["localhost", "LocalHost", "127.0.0.1", "127.0.0.2", "[::1]"] {
            assert!(local.admits_host(host), "{host}");
        }
        for host in [
            "evil.example",
            "localhost.evil.example",
            "10.0.0.1",
            "[::2]",
            "",
        ] {
            assert!(!local.admits_host(host), "{host}");
        }
        assert!(gate("127.0.0.1:7070", &["Parlor.Lan"]).admits_host("parlor.lan"));
    }

    #[test]
    fn every_address_listened_on_admits_every_address_but_no_other_name() {
        let everywhere = gate("0.0.0.0:7070", &[]);
        assert!(everywhere.admits_host("192.168.1.20") && everywhere.admits_host("[fe80::1]"));
        assert!(!everywhere.admits_host("evil.example"));
        let one = gate("192.168.1.20:7070", &[]);
        assert!(one.admits_host("192.168.1.20") && !one.admits_host("192.168.1.21"));
    }

    #[test]
    fn the_token_is_taken_out_of_the_address_and_the_rest_kept() {
        let uri: Uri = "/russian?deal=5&token=abc&moves=S7-5".parse().unwrap();
        assert_eq!(
            without_token(&uri),
            ("/russian?deal=5&moves=S7-5".into(), Some("abc".into()))
        );
        let uri: Uri = "/?token=abc".parse().unwrap();
        assert_eq!(without_token(&uri), ("/".into(), Some("abc".into())));
        let uri: Uri = "/hiq".parse().unwrap();
        assert_eq!(without_token(&uri), ("/hiq".into(), None));
    }

    #[test]
    fn tokens_match_whole_or_not_at_all() {
        let token = Access::random_token();
        assert_eq!(token.len(), 32);
        assert_ne!(token, Access::random_token());
        assert!(same(&token, &token.clone()));
        assert!(!same(&token[..31], &token) && !same("", &token));
    }

    #[test]
    fn another_sites_request_is_told_from_the_pages_own() {
        let headers = |pairs: &[(&'static str, &'static str)]| {
            let mut map = HeaderMap::new();
            for (name, value) in pairs {
                map.insert(*name, HeaderValue::from_static(value));
            }
            map
        };
        // As the gate sees it: the server named by the request's Host.
        let other_site = |headers: &HeaderMap| {
            let named = headers
                .get(header::HOST)
                .and_then(|v| well_formed(v.to_str().ok()?));
            other_site(headers, named.as_ref())
        };
        let own = [
            ("host", "127.0.0.1:7070"),
            ("origin", "http://127.0.0.1:7070"),
        ];
        assert_eq!(other_site(&headers(&own)), None);
        assert_eq!(other_site(&headers(&[("host", "localhost:7070")])), None);
        assert_eq!(
            other_site(&headers(&[("host", "a:1"), ("sec-fetch-site", "none")])),
            None
        );
        for foreign in [
            &[
                ("host", "127.0.0.1:7070"),
                ("origin", "http://evil.example"),
            ][..],
            &[("host", "127.0.0.1:7070"), ("origin", "null")],
            &[
                ("host", "127.0.0.1:7070"),
                ("origin", "http://127.0.0.1:7071"),
            ],
            &[("host", "127.0.0.1:7070"), ("sec-fetch-site", "cross-site")],
            &[("host", "127.0.0.1:7070"), ("sec-fetch-site", "same-site")],
        ] {
            assert!(other_site(&headers(foreign)).is_some(), "{foreign:?}");
        }
    }
}
