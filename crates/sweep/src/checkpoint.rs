//! Checkpoints: the summary of the chunks committed so far, with what made them (the program,
//! the command and the options that decide the results), written whole or not at all.
//!
//! A checkpoint is one line of JSON,
//! `{"parlor_checkpoint":1,"crc32":"1a2b3c4d","body":{…}}`, the CRC-32 being that of the body's
//! text exactly as written. A resumed run refuses a checkpoint whose checksum does not match (it
//! was edited or damaged), that another program, command or option made (naming the first
//! difference), or whose summary does not add up.
//!
//! The checksum catches accidental damage only: anyone can write a checkpoint with its CRC made
//! right. What stands between such a forgery and a wrong answer is the job's
//! [`Job::check`](crate::Job::check) of the summary against the chunks it claims.

use crate::journal::Mark;
use crate::{Error, Plan, file};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::fmt;
use std::path::Path;

/// The layout of the envelope; the summary's own layout goes with the program's version.
const FORMAT: u32 = 1;

/// What decides a run's results, in the user's words: the program and its version, the command,
/// and every option that changes what the run computes (not `--threads`, not the file names).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// `parlor 0.1.0`.
    pub program: String,
    /// `camicia search`.
    pub command: String,
    /// `--deals 1000`, `--seed 1`, … in a fixed order; a flag without value has `""`.
    pub options: Vec<(String, String)>,
}

impl Identity {
    /// The identity of `command` of `program`, before any option is added.
    pub fn new(program: impl Into<String>, command: impl Into<String>) -> Identity {
        Identity {
            program: program.into(),
            command: command.into(),
            options: Vec::new(),
        }
    }

    /// Adds an option and its value as the command line gives it.
    pub fn with(mut self, option: &str, value: impl fmt::Display) -> Identity {
        self.options.push((option.to_owned(), value.to_string()));
        self
    }

    fn value(&self, option: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(name, _)| name == option)
            .map(|(_, value)| value.as_str())
    }

    /// The first difference between the run that made a checkpoint (`self`) and this one, in
    /// words; `None` when they are the same run.
    pub fn difference(&self, now: &Identity) -> Option<String> {
        if self.program != now.program {
            return Some(format!(
                "the checkpoint was made by {}, this is {}",
                self.program, now.program
            ));
        }
        if self.command != now.command {
            return Some(format!(
                "the checkpoint was made by {}, this command is {}",
                self.command, now.command
            ));
        }
        let option = |name: &str, value: Option<&str>| match value {
            None => format!("without {name}"),
            Some("") => format!("with {name}"),
            Some(value) => format!("with {name} {value}"),
        };
        let names = self.options.iter().chain(&now.options).map(|(n, _)| n);
        for name in names {
            let (then, this) = (self.value(name), now.value(name));
            if then != this {
                let this = match this {
                    None => format!("has no {name}"),
                    Some("") => format!("has {name}"),
                    Some(value) => format!("has {name} {value}"),
                };
                return Some(format!(
                    "the checkpoint was made {}, this command {this}",
                    option(name, then)
                ));
            }
        }
        (self.options != now.options).then(|| "the options are in another order".to_owned())
    }
}

impl fmt::Display for Identity {
    /// `camicia stats --deals 1000 --seed 1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.command)?;
        for (name, value) in &self.options {
            write!(f, " {name}")?;
            if !value.is_empty() {
                write!(f, " {value}")?;
            }
        }
        Ok(())
    }
}

/// What a checkpoint holds besides its summary.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The run that made it.
    pub identity: Identity,
    /// How the run's items were cut.
    pub plan: Plan,
    /// Chunks committed: the summary is that of chunks `0..committed`.
    pub committed: u64,
    /// Seconds spent on the run so far, over every start.
    pub seconds: f64,
    /// Where the journal was when the checkpoint was written, if the run has one.
    pub journal: Option<Mark>,
}

#[derive(Serialize)]
struct Body<'a, S> {
    state: &'a State,
    summary: &'a S,
}

#[derive(Deserialize)]
struct BodyOwned<S> {
    state: State,
    summary: S,
}

#[derive(Deserialize)]
struct Envelope<'a> {
    parlor_checkpoint: u32,
    crc32: String,
    #[serde(borrow)]
    body: &'a RawValue,
}

/// The one line of a checkpoint holding `state` and `summary`, as [`save`] writes it.
pub fn text<S: Serialize>(state: &State, summary: &S) -> Result<String, serde_json::Error> {
    let body = serde_json::to_string(&Body { state, summary })?;
    Ok(format!(
        "{{\"parlor_checkpoint\":{FORMAT},\"crc32\":\"{:08x}\",\"body\":{body}}}\n",
        crc32fast::hash(body.as_bytes())
    ))
}

/// Writes a checkpoint at `path`, atomically.
pub fn save<S: Serialize>(path: &Path, state: &State, summary: &S) -> Result<(), Error> {
    let text = text(state, summary).map_err(|e| Error::file(path)(e.into()))?;
    file::write_atomically(path, text.as_bytes())
}

/// The largest checkpoint read: a summary is a few kilobytes, so anything near this is not one,
/// and reading it whole would only spend memory.
pub const MAX_CHECKPOINT: u64 = 64 << 20;

/// Reads the checkpoint at `path` of the run `identity` with plan `plan`: its state and summary,
/// or why it cannot be resumed.
pub fn load<S: DeserializeOwned>(
    path: &Path,
    identity: &Identity,
    plan: &Plan,
) -> Result<(State, S), Error> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_CHECKPOINT + 1).read_to_end(&mut bytes))
        .map_err(Error::file(path))?;
    if bytes.len() as u64 > MAX_CHECKPOINT {
        return Err(Error::checkpoint(
            path,
            format!(
                "expected a checkpoint, found a file of more than {} MiB",
                MAX_CHECKPOINT >> 20
            ),
        ));
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        Error::checkpoint(
            path,
            "expected a checkpoint, found bytes that are not UTF-8",
        )
    })?;
    parse(&text, path, identity, plan)
}

/// Reads `text`, the content of the checkpoint file `path`, as [`load`] does.
///
/// # Errors
///
/// Whatever makes it not a checkpoint of this run, named as [`load`] names it.
pub fn parse<S: DeserializeOwned>(
    text: &str,
    path: &Path,
    identity: &Identity,
    plan: &Plan,
) -> Result<(State, S), Error> {
    let not_one = |e: serde_json::Error| {
        Error::checkpoint(
            path,
            format!(
                "{}expected a checkpoint of parlor ({})",
                place(text, 0, &e),
                reason(&e)
            ),
        )
    };
    let envelope: Envelope = serde_json::from_str(text).map_err(not_one)?;
    if envelope.parlor_checkpoint != FORMAT {
        return Err(Error::checkpoint(
            path,
            format!(
                "the checkpoint has layout {}, this program reads layout {FORMAT}",
                envelope.parlor_checkpoint
            ),
        ));
    }
    let body = envelope.body.get();
    if envelope.crc32 != format!("{:08x}", crc32fast::hash(body.as_bytes())) {
        return Err(Error::checkpoint(
            path,
            "its checksum does not match its content: it was edited or damaged; resume from a \
             copy, or start again without it",
        ));
    }
    #[derive(Deserialize)]
    struct Head {
        state: State,
    }
    // The body is a slice of the text: where it starts places serde's errors in the file.
    let start = body.as_ptr() as usize - text.as_ptr() as usize;
    let malformed = |e: serde_json::Error| {
        Error::checkpoint(
            path,
            format!(
                "{}expected a checkpoint of parlor ({})",
                place(text, start, &e),
                reason(&e)
            ),
        )
    };
    let head: Head = serde_json::from_str(body).map_err(malformed)?;
    if let Some(difference) = head.state.identity.difference(identity) {
        return Err(Error::checkpoint(
            path,
            format!(
                "{difference}; give the options it was made with ({}), or another checkpoint file",
                head.state.identity
            ),
        ));
    }
    if head.state.plan != *plan {
        return Err(Error::checkpoint(
            path,
            format!(
                "the checkpoint cuts the work into {}, this run into {plan}: it was made by \
                 another build; start again without it",
                head.state.plan
            ),
        ));
    }
    if head.state.committed > plan.chunks() || !head.state.seconds.is_finite() {
        return Err(Error::checkpoint(
            path,
            format!(
                "the checkpoint counts {} chunks done of {}",
                head.state.committed,
                plan.chunks()
            ),
        ));
    }
    let body: BodyOwned<S> = serde_json::from_str(body).map_err(malformed)?;
    Ok((body.state, body.summary))
}

/// `line L, column C: ` for serde's error `e` in the part of `text` from byte `start` on; ``
/// when serde knows no place. serde counts lines from that part's start and columns in bytes,
/// 0 for the start of a line; messages count characters from 1 in the whole text.
fn place(text: &str, start: usize, e: &serde_json::Error) -> String {
    if e.line() == 0 {
        return String::new();
    }
    let part = &text[start..];
    let line_start = part
        .match_indices('\n')
        .nth(e.line().saturating_sub(2))
        .filter(|_| e.line() > 1)
        .map_or(0, |(at, _)| at + 1);
    let mut at = (start + line_start + e.column().saturating_sub(1)).min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    format!("line {line}, column {column}: ")
}

/// serde's message without the place it appends.
fn reason(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(at) => text[..at].to_owned(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn identity() -> Identity {
        Identity::new("parlor 0.1.0", "camicia stats")
            .with("--deals", 5_000_000)
            .with("--seed", 1)
    }

    #[test]
    fn differences_are_named_in_the_user_s_words() {
        let then = identity();
        assert_eq!(then.difference(&identity()), None);
        let more = Identity::new("parlor 0.1.0", "camicia stats")
            .with("--deals", 6_000_000)
            .with("--seed", 1);
        assert_eq!(
            then.difference(&more).unwrap(),
            "the checkpoint was made with --deals 5000000, this command has --deals 6000000"
        );
        let extra = identity().with("--min-cards", 900);
        assert_eq!(
            then.difference(&extra).unwrap(),
            "the checkpoint was made without --min-cards, this command has --min-cards 900"
        );
        assert_eq!(
            extra.difference(&then).unwrap(),
            "the checkpoint was made with --min-cards 900, this command has no --min-cards"
        );
        let flag = identity().with("--out", "");
        assert_eq!(
            flag.difference(&then).unwrap(),
            "the checkpoint was made with --out, this command has no --out"
        );
        let other = Identity::new("parlor 0.2.0", "camicia stats");
        assert!(then.difference(&other).unwrap().contains("parlor 0.2.0"));
        assert_eq!(then.to_string(), "camicia stats --deals 5000000 --seed 1");
    }

    #[test]
    fn a_checkpoint_reads_back_and_refuses_any_edit() {
        let dir = std::env::temp_dir().join(format!("sweep-checkpoint-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.checkpoint");
        let plan = Plan::new(1000, 10);
        let state = State {
            identity: identity(),
            plan,
            committed: 7,
            seconds: 1.5,
            journal: Some(Mark {
                bytes: 12,
                crc32: 99,
            }),
        };
        save(&path, &state, &vec![1u64, 2, 3]).unwrap();
        let (read, summary): (State, Vec<u64>) = load(&path, &identity(), &plan).unwrap();
        assert_eq!((read, summary), (state, vec![1, 2, 3]));

        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, text.replace("[1,2,3]", "[1,2,4]")).unwrap();
        let edited = load::<Vec<u64>>(&path, &identity(), &plan).unwrap_err();
        assert!(edited.to_string().contains("edited or damaged"), "{edited}");

        std::fs::write(&path, &text).unwrap();
        let more = Identity::new("parlor 0.1.0", "camicia stats")
            .with("--deals", 6_000_000)
            .with("--seed", 1);
        let other = load::<Vec<u64>>(&path, &more, &plan).unwrap_err();
        assert!(other.to_string().contains("--deals 5000000"), "{other}");
        let cut = load::<Vec<u64>>(&path, &identity(), &Plan::new(1000, 20)).unwrap_err();
        assert!(
            cut.to_string().ends_with(
                "the checkpoint cuts the work into 1,000 items in chunks of 10, this run into \
                 1,000 items in chunks of 20: it was made by another build; start again without \
                 it"
            ),
            "{cut}"
        );
        // A summary of another shape, its checksum right: placed in the file, not in its body.
        let other = load::<Vec<String>>(&path, &identity(), &plan).unwrap_err();
        let column = text.find("[1,2,3]").unwrap() + 2;
        assert!(
            other.to_string().contains(&format!(
                ": line 1, column {column}: expected a checkpoint of parlor (invalid type: \
                 integer `1`, expected a string)"
            )),
            "{other}"
        );
        // An empty file: the place is where the checkpoint should start.
        std::fs::write(&path, "").unwrap();
        let empty = load::<Vec<u64>>(&path, &identity(), &plan).unwrap_err();
        assert!(
            empty.to_string().ends_with(
                ": line 1, column 1: expected a checkpoint of parlor (EOF while parsing a value)"
            ),
            "{empty}"
        );
        std::fs::write(&path, &text).unwrap();

        std::fs::write(&path, "{\"deals\": 3}").unwrap();
        let foreign = load::<Vec<u64>>(&path, &identity(), &plan).unwrap_err();
        assert!(
            foreign.to_string().contains("expected a checkpoint"),
            "{foreign}"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
