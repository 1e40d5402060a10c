//! The exercise's input: one JSON object per line with arrays `playerA` and `playerB` of card
//! strings; other keys are ignored, blank lines skipped; a key given twice in an object is
//! refused, as JSON leaves its meaning open.
//!
//! ```
//! let deals = camicia::jsonl::parse(r#"{"playerA": ["2", "A"], "playerB": ["10", "K"]}"#).unwrap();
//! assert_eq!(camicia::play(&deals[0]).to_string(), "status: \"finished\", cards: 4, tricks: 1");
//! ```

use crate::face::Face;
use crate::game::Deal;
use crate::notation::{MAX_DECK, card_face};
use excerpt::{Excerpt, Lines, Pos, UntilError};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;
use std::hash::{BuildHasher, RandomState};

/// A mistake in a JSON line: where, and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonlError {
    /// Where the mistake is.
    pub pos: Pos,
    message: String,
}

impl fmt::Display for JsonlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.pos, self.message)
    }
}

impl std::error::Error for JsonlError {}

const KEYS: [&str; 2] = ["playerA", "playerB"];

/// Every game of the input, or the first mistake.
///
/// # Errors
///
/// The first line that is not an object with two arrays of card strings, a key given twice, a
/// deck of more than [`MAX_DECK`] cards, two empty decks, or no game at all.
pub fn parse(text: &str) -> Result<Vec<Deal>, JsonlError> {
    games(text).collect()
}

/// The games of the input one at a time, as [`parse`] reads them, ending at the first mistake:
/// only the line being read is held.
pub fn games(text: &str) -> Games<'_> {
    Games(UntilError::new(Reader {
        lines: Lines::new(text),
        any: false,
    }))
}

/// The iterator of [`games`].
pub struct Games<'a>(UntilError<Reader<'a>>);

impl Iterator for Games<'_> {
    type Item = Result<Deal, JsonlError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
}

/// The games of the lines one after the other, with no regard for mistakes before.
struct Reader<'a> {
    lines: Lines<'a>,
    /// Whether a game has been read: an input of none is a mistake.
    any: bool,
}

impl Iterator for Reader<'_> {
    type Item = Result<Deal, JsonlError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some((number, line)) = self.lines.find(|(_, line)| !line.trim().is_empty()) {
            self.any = true;
            return Some(parse_line(number, line));
        }
        (!self.any).then(|| {
            Err(JsonlError {
                pos: Pos::new(self.lines.read() + 1, 1),
                message:
                    "expected a game (a JSON object with arrays \"playerA\" and \"playerB\"), \
                          found the end of the input"
                        .into(),
            })
        })
    }
}

fn parse_line(number: usize, line: &str) -> Result<Deal, JsonlError> {
    let error = |column: usize, message: String| JsonlError {
        pos: Pos::new(number, column),
        message,
    };
    let start = line.len() - line.trim_start().len();
    let start_column = line[..start].chars().count() + 1;
    let places = Places { line, open: start };
    let mut reader = serde_json::Deserializer::from_str(line);
    let found = Any(Top { places })
        .deserialize(&mut reader)
        .and_then(|found| reader.end().map(|()| found))
        .map_err(|e| {
            error(
                char_column(line, e.column()),
                format!(
                    "expected a JSON object, found invalid JSON ({})",
                    reason(&e)
                ),
            )
        })?;
    let object = match found {
        Found::Object(object) => object,
        Found::Other(kind) => {
            return Err(error(
                start_column,
                format!(
                    "expected a JSON object with arrays \"playerA\" and \"playerB\", found {kind}"
                ),
            ));
        }
    };
    if let Some((key, member)) = object.duplicate {
        return Err(error(
            places.column(places.key(member)),
            format!("expected each key once, found {} again", Excerpt::of(&key)),
        ));
    }
    let mut decks = Vec::with_capacity(2);
    for (key, deck) in KEYS.into_iter().zip(object.decks) {
        let cards = match deck {
            Deck::Cards(cards) => cards,
            Deck::Missing | Deck::Other(_) => {
                let found = match deck {
                    Deck::Other(kind) => kind,
                    _ => "no such key",
                };
                return Err(error(
                    start_column,
                    format!("expected an array \"{key}\" of card strings, found {found}"),
                ));
            }
        };
        let column = |position| places.column(places.element(cards.member, position));
        if cards.len > MAX_DECK {
            return Err(error(
                column(MAX_DECK),
                format!("a deck holds at most {MAX_DECK} cards, \"{key}\" has more"),
            ));
        }
        if let Some((position, found)) = cards.bad {
            return Err(error(
                column(position),
                format!(
                    "expected a card such as \"2\", \"10\", \"X\", \"K\" or \"SA\", found {found}"
                ),
            ));
        }
        decks.push(cards.faces);
    }
    let b = decks.pop().unwrap_or_default();
    let a = decks.pop().unwrap_or_default();
    Deal::new(a, b).map_err(|e| error(start_column, e.to_string()))
}

/// What a line holds, as far as its messages need: gathered while serde_json reads the line,
/// judged once the whole line is known to be JSON, so that invalid JSON anywhere in the line
/// comes before any other mistake, as when the line was read whole into a tree.
enum Found {
    /// Not an object: what it is.
    Other(&'static str),
    /// An object.
    Object(Object),
}

#[derive(Default)]
struct Object {
    /// The first top-level key given again, unescaped, and the place of its member among the
    /// object's (from 0).
    duplicate: Option<(String, usize)>,
    /// What `playerA` and `playerB` hold.
    decks: [Deck; 2],
}

#[derive(Default)]
enum Deck {
    #[default]
    Missing,
    /// Not an array: what it is.
    Other(&'static str),
    Cards(Cards),
}

/// An array where a deck is due: its cards, up to the first that is none, and how long it is.
struct Cards {
    /// The place of its member in the object, to find the columns of its elements.
    member: usize,
    /// The cards, at most [`MAX_DECK`], up to the first element that is no card.
    faces: Vec<Face>,
    /// The elements of the array.
    len: usize,
    /// The first element that is no card: its place in the array and what it is, as the
    /// message quotes it.
    bad: Option<(usize, String)>,
}

impl Cards {
    /// Whether the next element is worth reading as a card: elements past the first mistake or
    /// the longest deck are only counted.
    fn reading(&self) -> bool {
        self.bad.is_none() && self.len < MAX_DECK
    }

    fn note(&mut self, card: Result<Face, String>) {
        match card {
            Ok(face) => self.faces.push(face),
            Err(found) => self.bad = Some((self.len, found)),
        }
    }
}

/// A visitor as serde_json's deserializer takes it: any value, the visitor answering for each
/// kind, so that every value is checked as JSON (numbers in range, nesting within serde_json's
/// limit) as when the line was read into a tree.
struct Any<V>(V);

impl<'de, V: Visitor<'de>> DeserializeSeed<'de> for Any<V> {
    type Value = V::Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<V::Value, D::Error> {
        deserializer.deserialize_any(self.0)
    }
}

/// The answer of a visitor for a value it takes only as its kind.
trait Unread {
    fn unread(kind: &'static str) -> Self;
}

/// The visitor methods of the values a visitor takes only as their kind (`a number`), for a
/// message that names what stood where something else was expected.
macro_rules! by_kind {
    () => {
        fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Ok(Unread::unread("a boolean"))
        }

        fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Ok(Unread::unread("a number"))
        }

        fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Ok(Unread::unread("a number"))
        }

        fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Ok(Unread::unread("a number"))
        }

        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(Unread::unread("null"))
        }
    };
}

/// A value read only to be passed over: strings are borrowed from the line (or unescaped into
/// serde_json's one buffer), never kept.
struct Skip;

impl Unread for () {
    fn unread(_: &'static str) {}
}

impl<'de> Visitor<'de> for Skip {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any value")
    }

    by_kind!();

    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        skip_seq(seq)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<(), A::Error> {
        skip_map(map)
    }
}

fn skip_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element_seed(Any(Skip))?.is_some() {}
    Ok(())
}

fn skip_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_key_seed(Any(Skip))?.is_some() {
        map.next_value_seed(Any(Skip))?;
    }
    Ok(())
}

/// The line's value: an object whose decks are read and whose other members are passed over.
struct Top<'a> {
    places: Places<'a>,
}

impl Unread for Found {
    fn unread(kind: &'static str) -> Found {
        Found::Other(kind)
    }
}

impl<'de> Visitor<'de> for Top<'_> {
    type Value = Found;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object")
    }

    by_kind!();

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Found, E> {
        Ok(Found::Other("a string"))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Found, A::Error> {
        skip_seq(seq).map(|()| Found::Other("an array"))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Found, A::Error> {
        let mut object = Object::default();
        let mut keys = Keys::default();
        let mut member = 0;
        while let Some(key) = map.next_key_seed(Any(Key))? {
            if object.duplicate.is_none() && keys.repeated(&self.places, &key, member) {
                object.duplicate = Some((key.to_string(), member));
            }
            match KEYS.iter().position(|deck| *deck == key) {
                Some(which) if object.duplicate.is_none() => {
                    object.decks[which] = map.next_value_seed(Any(DeckOf { member }))?;
                }
                _ => map.next_value_seed(Any(Skip))?,
            }
            member += 1;
        }
        Ok(Found::Object(object))
    }
}

/// A top-level key, unescaped: borrowed from the line unless it holds an escape.
struct Key;

impl<'de> Visitor<'de> for Key {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_borrowed_str<E: de::Error>(self, key: &'de str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Borrowed(key))
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Cow<'de, str>, E> {
        Ok(Cow::Owned(key.to_owned()))
    }
}

/// The top-level keys of a line read so far, held as hashes: a line of millions of keys needs
/// a few bytes a key beside the line. A hash met again is checked against the keys themselves,
/// unescaped, so that keys are compared as JSON means them (`"player\u0041"` is `"playerA"`).
#[derive(Default)]
struct Keys {
    hashes: HashSet<u64>,
    hasher: RandomState,
}

impl Keys {
    /// Whether `key`, the key of member `member` of the line's object, is the key of an earlier
    /// member.
    fn repeated(&mut self, places: &Places, key: &str, member: usize) -> bool {
        !self.hashes.insert(self.hasher.hash_one(key))
            && places
                .members()
                .take(member)
                .any(|at| places.key_text(at).is_ok_and(|earlier| earlier == key))
    }
}

/// The value of a deck's key: an array of cards, or what it is instead.
struct DeckOf {
    member: usize,
}

impl Unread for Deck {
    fn unread(kind: &'static str) -> Deck {
        Deck::Other(kind)
    }
}

impl<'de> Visitor<'de> for DeckOf {
    type Value = Deck;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of card strings")
    }

    by_kind!();

    fn visit_str<E: de::Error>(self, _: &str) -> Result<Deck, E> {
        Ok(Deck::Other("a string"))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Deck, A::Error> {
        skip_map(map).map(|()| Deck::Other("an object"))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Deck, A::Error> {
        let mut cards = Cards {
            member: self.member,
            faces: Vec::new(),
            len: 0,
            bad: None,
        };
        loop {
            let element = if cards.reading() {
                seq.next_element_seed(Any(CardOf))?
                    .map(|card| cards.note(card))
            } else {
                seq.next_element_seed(Any(Skip))?
            };
            if element.is_none() {
                return Ok(Deck::Cards(cards));
            }
            cards.len += 1;
        }
    }
}

/// An element of a deck: a card, or what stood there as the message quotes it.
struct CardOf;

impl Unread for Result<Face, String> {
    fn unread(kind: &'static str) -> Self {
        Err(kind.to_owned())
    }
}

impl<'de> Visitor<'de> for CardOf {
    type Value = Result<Face, String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a card string")
    }

    by_kind!();

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Self::Value, E> {
        Ok(card_face(text).ok_or_else(|| Excerpt::of(text).to_string()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        skip_seq(seq).map(|()| Err("an array".to_owned()))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        skip_map(map).map(|()| Err("an object".to_owned()))
    }
}

/// serde_json's message without its own "at line L column C".
fn reason(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}

/// serde_json counts columns in bytes; messages count characters.
fn char_column(line: &str, byte_column: usize) -> usize {
    let mut end = byte_column.saturating_sub(1).min(line.len());
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    line[..end].chars().count() + 1
}

/// Where things stand in a line that serde_json has read as one JSON object, found again only
/// for a message: the line is valid JSON, so brackets are counted outside strings and nothing
/// else needs checking. Offsets are in bytes.
#[derive(Clone, Copy)]
struct Places<'a> {
    line: &'a str,
    /// The object's `{`.
    open: usize,
}

impl Places<'_> {
    /// The column, in characters, of the byte at `offset`.
    fn column(&self, offset: usize) -> usize {
        char_column(self.line, offset + 1)
    }

    /// Where each member of the object starts: its key's opening quote.
    fn members(&self) -> impl Iterator<Item = usize> + '_ {
        self.children(self.open)
    }

    /// Where member `member`'s key starts.
    fn key(&self, member: usize) -> usize {
        self.members().nth(member).unwrap_or(self.open)
    }

    /// The key of the member starting at `at`, unescaped.
    fn key_text(&self, at: usize) -> serde_json::Result<String> {
        serde_json::from_str(&self.line[at..self.string_end(at)])
    }

    /// Where element `position` of the array that is member `member`'s value starts.
    fn element(&self, member: usize, position: usize) -> usize {
        let key = self.key(member);
        let colon = self.skip_space(self.string_end(key));
        let array = self.skip_space(colon + 1);
        self.children(array).nth(position).unwrap_or(self.open)
    }

    /// Where each member or element starts in the object or array whose bracket is at `open`.
    fn children(&self, open: usize) -> impl Iterator<Item = usize> + '_ {
        let mut at = open + 1;
        std::iter::from_fn(move || {
            at = self.skip_space(at);
            let start = at;
            if matches!(self.line.as_bytes().get(start), None | Some(b']' | b'}')) {
                return None;
            }
            at = self.separator(start);
            if self.line.as_bytes().get(at) == Some(&b',') {
                at += 1;
            }
            Some(start)
        })
    }

    /// The first `,` or closing bracket from `at` that is not inside a value.
    fn separator(&self, mut at: usize) -> usize {
        let bytes = self.line.as_bytes();
        let mut depth = 0usize;
        while let Some(&byte) = bytes.get(at) {
            match byte {
                b'"' => {
                    at = self.string_end(at);
                    continue;
                }
                b'[' | b'{' => depth += 1,
                b']' | b'}' | b',' if depth == 0 => return at,
                b']' | b'}' => depth -= 1,
                _ => {}
            }
            at += 1;
        }
        at
    }

    /// Just past the string whose opening quote is at `at`.
    fn string_end(&self, mut at: usize) -> usize {
        let bytes = self.line.as_bytes();
        at += 1;
        while let Some(&byte) = bytes.get(at) {
            match byte {
                b'\\' => at += 2,
                b'"' => return at + 1,
                _ => at += 1,
            }
        }
        at
    }

    /// The first byte from `at` that is not JSON's white space.
    fn skip_space(&self, mut at: usize) -> usize {
        let bytes = self.line.as_bytes();
        while matches!(bytes.get(at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            at += 1;
        }
        at
    }
}

#[cfg(test)]
mod tests;
