//! A run's identity read off the very value that defines the run, so that an option that
//! changes the results cannot be left out of the checkpoint: whatever the run's definition
//! holds is in its identity.
//!
//! The definition is serialized (serde) and flattened into options in the order of its fields:
//! field `min_cards` is `--min-cards`; a number or a string is the option's value; `true` is a
//! flag without value and `false`, like a missing value (`None`), leaves the option out; an
//! enum's variant with fields (`{"climb":{"from":…}}`) is the flag `--climb` followed by its
//! fields. A field named in capitals (`START`) is a positional argument and keeps its name.

use crate::Identity;
use serde::Serialize;
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::fmt;

impl Identity {
    /// The identity of the run `definition` of `command`, as the module explains.
    ///
    /// ```
    /// #[derive(serde::Serialize)]
    /// struct Stats {
    ///     deals: u64,
    ///     seed: u64,
    ///     split: Option<String>,
    ///     fast: bool,
    /// }
    ///
    /// let run = Stats { deals: 1000, seed: 7, split: None, fast: true };
    /// let identity = sweep::Identity::of("parlor 0.1.0", "speed stats", &run);
    /// assert_eq!(identity.to_string(), "speed stats --deals 1000 --seed 7 --fast");
    /// ```
    pub fn of<D: Serialize + ?Sized>(program: &str, command: &str, definition: &D) -> Identity {
        let text = serde_json::to_string(definition)
            .expect("a run's definition is plain data that serializes to JSON");
        let mut identity = Identity::new(program, command);
        flatten(Node::read(&text), None, &mut identity);
        identity
    }
}

/// A serialized definition, with its fields in their order.
enum Node {
    /// A value, written as the option's; `None` leaves the option out.
    Value(Option<String>),
    /// A flag, given or not.
    Flag(bool),
    Fields(Vec<(String, Node)>),
}

fn flatten(node: Node, name: Option<String>, identity: &mut Identity) {
    let option = |name: &str| {
        if name.starts_with(|c: char| c.is_ascii_uppercase()) {
            name.to_owned()
        } else {
            format!("--{}", name.replace('_', "-"))
        }
    };
    match (node, name) {
        (Node::Value(Some(value)), Some(name)) => identity.options.push((option(&name), value)),
        (Node::Flag(true), Some(name)) => identity.options.push((option(&name), String::new())),
        (Node::Fields(fields), name) => {
            if let Some(name) = name {
                identity.options.push((option(&name), String::new()));
            }
            for (field, value) in fields {
                flatten(value, Some(field), identity);
            }
        }
        _ => {}
    }
}

impl Node {
    /// Reads JSON that serde_json wrote, keeping fields in order and numbers as written (a
    /// deal index needs all 128 bits, which a double would round).
    fn read(text: &str) -> Node {
        match text.as_bytes().first() {
            Some(b'{') => {
                let Fields(fields) = serde_json::from_str(text).expect("an object that reads");
                let fields = fields
                    .into_iter()
                    .map(|(name, value)| (name, Node::read(value.get())))
                    .collect();
                Node::Fields(fields)
            }
            Some(b'"') => Node::Value(serde_json::from_str(text).ok()),
            _ => match text {
                "true" => Node::Flag(true),
                "false" => Node::Flag(false),
                "null" => Node::Value(None),
                number => Node::Value(Some(number.to_owned())),
            },
        }
    }
}

/// An object's fields in order, their values unread.
struct Fields(Vec<(String, Box<RawValue>)>);

impl<'de> Deserialize<'de> for Fields {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Fields, D::Error> {
        deserializer.deserialize_map(FieldsVisitor)
    }
}

struct FieldsVisitor;

impl<'de> Visitor<'de> for FieldsVisitor {
    type Value = Fields;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Fields, A::Error> {
        let mut fields = Vec::new();
        while let Some(field) = map.next_entry()? {
            fields.push(field);
        }
        Ok(Fields(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    #[serde(rename_all = "lowercase")]
    enum Mode {
        Random { deals: u64, seed: u64 },
        Range(String),
    }

    #[derive(Serialize)]
    struct Search {
        #[serde(flatten)]
        mode: Mode,
        top: u64,
        min_cards: Option<u64>,
    }

    #[derive(Serialize)]
    struct Unit {
        #[serde(rename = "START")]
        start: u128,
    }

    #[test]
    fn options_follow_the_definition_in_order() {
        let random = Search {
            mode: Mode::Random { deals: 5, seed: 1 },
            top: 10,
            min_cards: Some(300),
        };
        let identity = Identity::of("p", "camicia search", &random);
        assert_eq!(
            identity.to_string(),
            "camicia search --random --deals 5 --seed 1 --top 10 --min-cards 300"
        );
        let range = Search {
            mode: Mode::Range("0..9".into()),
            top: 0,
            min_cards: None,
        };
        assert_eq!(
            Identity::of("p", "camicia search", &range).to_string(),
            "camicia search --range 0..9 --top 0"
        );
        let unit = Unit { start: u128::MAX };
        assert_eq!(
            Identity::of("p", "camicia workunit", &unit).options,
            [("START".to_owned(), u128::MAX.to_string())]
        );
    }
}
