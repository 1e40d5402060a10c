//! What the tests and the bench read of the pages: the files each names, and a page's first
//! load.

/// The server's files a text names: quoted absolute paths (or `url(…)`) whose last part has a
/// dot, which is how a page names its style sheet, scripts and icon.
pub fn files_named(text: &str) -> Vec<String> {
    let mut files = Vec::new();
    for opening in ["\"/", "'/", "url(/"] {
        for after in text.split(opening).skip(1) {
            let path: String = after
                .chars()
                .take_while(|&c| !matches!(c, '"' | '\'' | ')' | '?' | '#') && !c.is_whitespace())
                .collect();
            let name = path.rsplit('/').next().unwrap_or_default();
            if !path.starts_with('/') && name.contains('.') {
                files.push(format!("/{path}"));
            }
        }
    }
    files
}

/// What a browser fetches to show `page` the first time, each file once, as `fetch` gives its
/// body: the bytes in all, and the paths in the order they were named.
pub fn first_load(page: &str, mut fetch: impl FnMut(&str) -> Vec<u8>) -> (usize, Vec<String>) {
    let mut fetched = vec![page.to_owned()];
    let mut bytes = 0;
    let mut next = 0;
    while let Some(path) = fetched.get(next).cloned() {
        next += 1;
        let body = fetch(&path);
        bytes += body.len();
        for file in files_named(&String::from_utf8_lossy(&body)) {
            if !fetched.contains(&file) {
                fetched.push(file);
            }
        }
    }
    (bytes, fetched)
}
