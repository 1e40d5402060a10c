//! What the serve tests and the serve bench both read of the pages.

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
