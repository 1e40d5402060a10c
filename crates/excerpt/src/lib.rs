//! Where a reader is in its input ([`Pos`], [`Lines`], [`tokens`], [`text_tokens`]), what it
//! found instead of what it expected ([`Found`]), and input text as an error message shows it:
//! quoted, at most [`LONGEST`] characters (a longer text ends with `…`), and every character a
//! reader could not see written as an escape — control characters (`\0`, `\u{7}`, `\t`), the
//! byte-order mark and zero-width or direction marks (`\u{feff}`, `\u{200b}`). A message never
//! grows with its input and never carries invisible bytes to the terminal.
//!
//! ```
//! use excerpt::Excerpt;
//!
//! assert_eq!(Excerpt::of("Z5").to_string(), "\"Z5\"");
//! assert_eq!(Excerpt::of("\u{feff}4").to_string(), "\"\\u{feff}4\"");
//! assert_eq!(Excerpt::of("a\0b").to_string(), "\"a\\0b\"");
//! assert_eq!(Excerpt::of(&"9".repeat(100)).to_string(), format!("\"{}…\"", "9".repeat(40)));
//! ```

mod position;

pub use position::{Lines, Pos, UntilError, text_tokens, tokens};

use std::fmt;

/// The most characters of the input an excerpt shows.
pub const LONGEST: usize = 40;

/// A short, visible excerpt of some input text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Excerpt {
    /// The escaped characters, without the quotes.
    shown: String,
}

impl Excerpt {
    /// The excerpt of `text`: its first [`LONGEST`] characters, invisible ones escaped.
    pub fn of(text: &str) -> Excerpt {
        let mut shown = String::new();
        let mut chars = text.chars();
        for c in chars.by_ref().take(LONGEST) {
            if is_invisible(c) {
                shown.push_str(&format!("\\u{{{:x}}}", c as u32));
            } else if c.is_control() || c == '\\' || c == '"' {
                shown.extend(c.escape_debug());
            } else {
                shown.push(c);
            }
        }
        if chars.next().is_some() {
            shown.push('…');
        }
        Excerpt { shown }
    }

    /// The excerpt without its quotes.
    pub fn as_str(&self) -> &str {
        &self.shown
    }
}

/// What stood where a reader expected something else: a token, or nothing more at all. Its
/// message is what follows `found` in an error: the token as an [`Excerpt`], or `the end of the
/// input`.
///
/// ```
/// use excerpt::Found;
///
/// assert_eq!(Found::Token("Z5".into()).to_string(), "\"Z5\"");
/// assert_eq!(Found::EndOfInput.to_string(), "the end of the input");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Found {
    /// A token that is not what was expected.
    Token(Excerpt),
    /// The input ended before what was expected.
    EndOfInput,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Token(token) => write!(f, "{token}"),
            Found::EndOfInput => f.write_str("the end of the input"),
        }
    }
}

/// Characters that print as nothing: format characters that text editors keep and terminals
/// hide.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{034f}'
            | '\u{061c}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{3164}'
            | '\u{fe00}'..='\u{fe0f}'
            | '\u{feff}'
            | '\u{ffa0}'
            | '\u{fff0}'..='\u{fff8}'
    )
}

impl fmt::Display for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", self.shown)
    }
}

impl From<&str> for Excerpt {
    fn from(text: &str) -> Excerpt {
        Excerpt::of(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short_and_visible() {
        let show = |text: &str| Excerpt::of(text).to_string();
        assert_eq!(show(""), "\"\"");
        assert_eq!(show("♠A"), "\"♠A\"");
        assert_eq!(show("a\tb\u{7}"), "\"a\\tb\\u{7}\"");
        assert_eq!(show("x\u{200b}y"), "\"x\\u{200b}y\"");
        assert_eq!(show("say \"hi\""), "\"say \\\"hi\\\"\"");
        assert_eq!(show(&"é".repeat(40)), format!("\"{}\"", "é".repeat(40)));
        let long = Excerpt::of(&"x".repeat(1_000_000));
        assert_eq!(long.as_str().chars().count(), 41);
        assert_eq!(Excerpt::from("Z5"), Excerpt::of("Z5"));
    }
}
