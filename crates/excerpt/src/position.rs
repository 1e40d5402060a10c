//! Where a reader is in its input: the one text-position vocabulary of every parlor reader, so
//! that every message says `line L, column C` the same way and every reader numbers lines and
//! columns alike (from 1, columns in characters).

use std::fmt;

/// A place in the input text: 1-based line, and 1-based column counted in characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters (not bytes).
    pub column: usize,
}

impl Pos {
    /// The place at `line`, `column`.
    pub const fn new(line: usize, column: usize) -> Pos {
        Pos { line, column }
    }

    /// The place just after the last character of `text`: where a reader that wanted more
    /// says the input ended.
    pub fn end_of(text: &str) -> Pos {
        let last = text.rsplit('\n').next().unwrap_or_default();
        Pos {
            line: text.matches('\n').count() + 1,
            column: last.chars().count() + 1,
        }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}

/// The whitespace-separated tokens of one line, each with the 1-based column (in characters)
/// of its first character.
///
/// ```
/// let tokens: Vec<_> = excerpt::tokens("  H4 ♠A\t10").collect();
/// assert_eq!(tokens, [(3, "H4"), (6, "♠A"), (9, "10")]);
/// ```
pub fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 1;
    let mut rest = line;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_whitespace())?;
        column += rest[..start].chars().count();
        rest = &rest[start..];
        let len = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (token, after) = rest.split_at(len);
        let at = column;
        column += token.chars().count();
        rest = after;
        Some((at, token))
    })
}

/// The whitespace-separated tokens of a whole text, each with the place of its first character:
/// for readers whose format lets a token stand on any line.
///
/// ```
/// use excerpt::Pos;
///
/// let tokens: Vec<_> = excerpt::text_tokens("2\r\n 10 ·\n\n0").collect();
/// let at = Pos::new;
/// assert_eq!(tokens, [(at(1, 1), "2"), (at(2, 2), "10"), (at(2, 5), "·"), (at(4, 1), "0")]);
/// ```
pub fn text_tokens(text: &str) -> impl Iterator<Item = (Pos, &str)> {
    Lines::new(text).flat_map(|(line, text)| {
        tokens(text).map(move |(column, token)| (Pos::new(line, column), token))
    })
}

/// The lines of a text numbered from 1 (as [`str::lines`] cuts them), remembering the number
/// of the last line handed out, so that a reader that runs out of lines can say where.
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    lines: std::iter::Enumerate<std::str::Lines<'a>>,
    last: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `text`.
    pub fn new(text: &'a str) -> Lines<'a> {
        Lines {
            lines: text.lines().enumerate(),
            last: 0,
        }
    }

    /// How many lines have been handed out: the number of the last one, 0 before the first.
    pub fn read(&self) -> usize {
        self.last
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<(usize, &'a str)> {
        let (index, line) = self.lines.next()?;
        self.last = index + 1;
        Some((self.last, line))
    }
}

/// An iterator of results that ends after its first error: a reader reports the first mistake
/// and never reads past it, so that one typo does not become a cascade of messages.
///
/// ```
/// let read = [Ok(1), Ok(2), Err("bad"), Ok(4)];
/// let seen: Vec<_> = excerpt::UntilError::new(read.into_iter()).collect();
/// assert_eq!(seen, [Ok(1), Ok(2), Err("bad")]);
/// ```
#[derive(Clone, Debug)]
pub struct UntilError<I> {
    inner: I,
    done: bool,
}

impl<I> UntilError<I> {
    /// Stops `inner` after its first error.
    pub fn new(inner: I) -> UntilError<I> {
        UntilError { inner, done: false }
    }

    /// The iterator inside, for what it knows about how far it read.
    pub fn inner(&self) -> &I {
        &self.inner
    }
}

impl<T, E, I: Iterator<Item = Result<T, E>>> Iterator for UntilError<I> {
    type Item = Result<T, E>;

    fn next(&mut self) -> Option<Result<T, E>> {
        if self.done {
            return None;
        }
        let next = self.inner.next();
        self.done = !matches!(next, Some(Ok(_)));
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters_from_one() {
        assert_eq!(Pos::end_of(""), Pos::new(1, 1));
        assert_eq!(Pos::end_of("ab\n♠é"), Pos::new(2, 3));
        assert_eq!(Pos::end_of("ab\n"), Pos::new(2, 1));
        assert_eq!(Pos::new(3, 4).to_string(), "line 3, column 4");
        let mut lines = Lines::new("a\n\nb\r\n");
        assert_eq!(lines.read(), 0);
        assert_eq!(lines.next(), Some((1, "a")));
        assert_eq!(lines.nth(1), Some((3, "b")));
        assert_eq!(lines.next(), None);
        assert_eq!(lines.read(), 3);
    }

    #[test]
    fn tokens_keep_character_columns() {
        let found: Vec<_> = tokens("  ♠A  H10\tX ").collect();
        assert_eq!(found, [(3, "♠A"), (7, "H10"), (11, "X")]);
        assert_eq!(tokens("   ").count(), 0);
        assert_eq!(text_tokens("\n \r\n\t").count(), 0);
        let last = text_tokens("1\n  ●\u{feff}x\r").last();
        assert_eq!(last, Some((Pos::new(2, 3), "●\u{feff}x")));
    }
}
