//! A request's query parameters, read into the serde struct its handler declares: each
//! parameter one of the struct's fields (or their aliases), named at most once, its value read
//! by its field's reader.
//!
//! axum's `Query` reads the same structs, but its refusal is one line of text; [`Params`]
//! names the parameter at fault, as every refusal of a parameter does (`"parameter": "goal"`),
//! in the messages the server has always given:
//!
//! - `unknown query parameter "colour": this endpoint takes goal, line`;
//! - `seed: given twice`;
//! - `samples: expected a number of samples from 1 to 10,000, found "0"`: a field's reader's
//!   message after the parameter's name.

use crate::refusal::ApiError;
use axum::extract::{FromRequestParts, Query};
use axum::http::StatusCode;
use axum::http::request::Parts;
use excerpt::Excerpt;
use report::count::count;
use serde::de::value::MapDeserializer;
use serde::de::{self, DeserializeOwned, IntoDeserializer, Visitor};
use serde::{Deserialize, Deserializer};
use std::cell::{Cell, RefCell};
use std::fmt;

/// The query parameters of a request as `T` declares them: a struct with
/// `#[serde(deny_unknown_fields, default)]` whose fields are read by [`read`] or a reader of
/// their own.
pub struct Params<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Params<T>, ApiError> {
        let Query(pairs) = Query::<Vec<(String, String)>>::try_from_uri(&parts.uri)
            .map_err(|e| ApiError::input(format!("the query is not name=value pairs: {e}")))?;
        let fields = Cell::new(&[][..]);
        let key = RefCell::new(String::new());
        let query = Pairs {
            pairs,
            fields: &fields,
            key: &key,
        };
        T::deserialize(query)
            .map(Params)
            .map_err(|fault| fault.refusal(&key.borrow(), fields.get()))
    }
}

/// The query of an endpoint that takes no parameter.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Nothing {}

/// A field of a query struct read by `parse`, whose message says what was expected (and
/// quotes what was found).
///
/// # Errors
///
/// `parse`'s message.
pub fn read<'de, D, T, E>(
    parameter: D,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    E: fmt::Display,
{
    let text = String::deserialize(parameter)?;
    parse(&text).map(Some).map_err(de::Error::custom)
}

/// A parameter's reader whose message does not quote what it was given (the command line's
/// counts, whose argument parser quotes it), with the value quoted after it.
pub fn quoting<T>(
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> impl FnOnce(&str) -> Result<T, String> {
    move |text| parse(text).map_err(|e| format!("{e}, found {}", Excerpt::of(text)))
}

/// A seed, as the commands' `--seed` reads it: a whole number of 64 bits.
pub fn seed<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<u64>, D::Error> {
    read(parameter, quoting(count("a seed", 0, u64::MAX)))
}

/// A deal's number, as Russian Solitaire's `--seed` reads it: a whole number of 64 bits.
pub fn deal_number<'de, D: Deserializer<'de>>(parameter: D) -> Result<Option<u64>, D::Error> {
    read(parameter, quoting(count("a deal number", 0, u64::MAX)))
}

/// Why a query did not read; the parameter being read then is [`Pairs`]'s to say.
#[derive(Debug)]
enum Fault {
    /// A parameter the struct has no field for; `expected` are its fields.
    Unknown { expected: &'static [&'static str] },
    /// A field given a second time.
    Twice,
    /// A value its field's reader refused.
    Value(String),
}

impl Fault {
    /// The refusal of a query whose parameter `key` was at fault, for a struct of `fields`.
    fn refusal(self, key: &str, fields: &'static [&'static str]) -> ApiError {
        let name = fields.iter().copied().find(|field| *field == key);
        match (self, name) {
            (Fault::Unknown { expected }, _) => ApiError::new(
                StatusCode::BAD_REQUEST,
                "parameter",
                format!(
                    "unknown query parameter {}: this endpoint takes {}",
                    Excerpt::of(key),
                    if expected.is_empty() {
                        "none".to_string()
                    } else {
                        expected.join(", ")
                    }
                ),
            ),
            (Fault::Twice, Some(name)) => ApiError::parameter(name, "given twice"),
            (Fault::Value(message), Some(name)) => ApiError::parameter(name, message),
            // Every parameter read is one of the fields: a fault elsewhere is the struct's.
            (Fault::Twice | Fault::Value(_), None) => {
                ApiError::input(format!("the query cannot be read: {key}"))
            }
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Unknown { .. } => f.write_str("unknown parameter"),
            Fault::Twice => f.write_str("given twice"),
            Fault::Value(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Fault {}

impl de::Error for Fault {
    fn custom<M: fmt::Display>(message: M) -> Fault {
        Fault::Value(message.to_string())
    }

    fn unknown_field(_: &str, expected: &'static [&'static str]) -> Fault {
        Fault::Unknown { expected }
    }

    fn duplicate_field(_: &'static str) -> Fault {
        Fault::Twice
    }
}

/// The pairs of a query as a map for a struct to read, saying which fields the struct has and
/// which pair is being read.
struct Pairs<'a> {
    pairs: Vec<(String, String)>,
    fields: &'a Cell<&'static [&'static str]>,
    key: &'a RefCell<String>,
}

impl<'de> Deserializer<'de> for Pairs<'_> {
    type Error = Fault;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Fault> {
        let key = self.key;
        let pairs = self.pairs.into_iter().map(|(name, value)| {
            key.borrow_mut().clone_from(&name);
            (name, Written(value))
        });
        let mut map = MapDeserializer::new(pairs);
        let value = visitor.visit_map(&mut map)?;
        map.end()?;
        Ok(value)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Fault> {
        self.fields.set(fields);
        self.deserialize_any(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

/// A parameter's value: text, which a field of `Option` holds as `Some`.
struct Written(String);

impl<'de> IntoDeserializer<'de, Fault> for Written {
    type Deserializer = Written;

    fn into_deserializer(self) -> Written {
        self
    }
}

impl<'de> Deserializer<'de> for Written {
    type Error = Fault;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Fault> {
        visitor.visit_string(self.0)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Fault> {
        visitor.visit_some(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct map struct enum identifier
        ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::Request;

    #[derive(Debug, Default, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields, default)]
    struct Asked {
        #[serde(alias = "deal", deserialize_with = "seed")]
        seed: Option<u64>,
        moves: Option<String>,
    }

    fn params<T: DeserializeOwned>(query: &str) -> Result<T, (String, Option<&'static str>)> {
        let request = Request::get(format!("/?{query}")).body(()).unwrap();
        let (mut parts, ()) = request.into_parts();
        let future = Params::<T>::from_request_parts(&mut parts, &());
        let answer = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(future);
        answer
            .map(|Params(value)| value)
            .map_err(|refusal| (refusal.message().to_string(), refusal.parameter_name()))
    }

    #[test]
    fn a_query_reads_into_its_struct_by_name_or_alias() {
        let asked = |seed, moves: Option<&str>| Asked {
            seed,
            moves: moves.map(str::to_string),
        };
        assert_eq!(
            params("seed=5&moves=C3-1"),
            Ok(asked(Some(5), Some("C3-1")))
        );
        assert_eq!(params("deal=5"), Ok(asked(Some(5), None)));
        assert_eq!(params::<Asked>(""), Ok(Asked::default()));
        assert!(params::<Nothing>("").is_ok());
    }

    #[test]
    fn a_refusal_names_the_parameter_as_it_was_written() {
        assert_eq!(
            params::<Asked>("moves=x&colour=red"),
            Err((
                "unknown query parameter \"colour\": this endpoint takes deal, seed, moves"
                    .to_string(),
                None
            ))
        );
        assert_eq!(
            params::<Nothing>("deal=1").err(),
            Some((
                "unknown query parameter \"deal\": this endpoint takes none".to_string(),
                None
            ))
        );
        assert_eq!(
            params::<Asked>("deal=113&deal=114"),
            Err(("deal: given twice".to_string(), Some("deal")))
        );
        assert_eq!(
            params::<Asked>("deal=1&seed=2"),
            Err(("seed: given twice".to_string(), Some("seed")))
        );
        assert_eq!(
            params::<Asked>("deal=-1"),
            Err((
                "deal: expected a seed from 0 to 18,446,744,073,709,551,615, found \"-1\""
                    .to_string(),
                Some("deal")
            ))
        );
    }
}
