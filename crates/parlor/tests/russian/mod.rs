//! `parlor russian` run as a user runs it.

mod bound;
mod catalogue;
mod hint;
mod play;
mod simulate;
mod solve;

use crate::support::checkpoint::{forge, kill_after, state_of, summary_of};
use crate::support::cluster::{cluster, hostfile, in_cluster};
use crate::support::picture::Picture;
use crate::support::{
    parlor, refused, refused_saying, rejects, scratch, spawn, stdout_of, stdout_reading, strs, with,
};
use russian::fast::Game;
use russian::{Event, Layout, MoveKind, StrategyName, deal, play_deal};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Child;
use std::time::{Duration, Instant};
use sweep::checkpoint::State;

const SAMPLE: &str = include_str!(crate::testdata!("examples/russian.txt"));

/// Replays a `play --json` object with the rules crate: every move legal, every event as the game
/// makes it, the score what the foundations hold, and no move left at the end.
fn check_play_json(json: &Value) -> u32 {
    let score = replay_moves(json);
    assert_eq!(json["score"], score);
    score
}

/// Replays the deal and moves of a `play --json` or `solve --json` object; gives the score.
fn replay_moves(json: &Value) -> u32 {
    let columns: Vec<String> = json["deal"]["columns"]
        .as_array()
        .expect("deal columns")
        .iter()
        .map(|c| {
            c.as_array()
                .expect("a column")
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let layout = Layout::parse(&columns.join("\n")).expect("the deal reads back");
    let mut game = Game::new(&layout).expect("a deal");
    let mut events = Vec::new();
    game.settle(&mut |e| events.push(e));
    let moves = json["moves"].as_array().expect("moves");
    let mut i = 0;
    let expect_events = |events: &mut Vec<Event>, i: &mut usize| {
        for event in events.drain(..) {
            let m = &moves[*i];
            *i += 1;
            let column = |n: u8| Value::from(n + 1);
            match event {
                Event::Move(mv) => {
                    let kind = if mv.kind == MoveKind::King {
                        "king"
                    } else {
                        "column"
                    };
                    assert_eq!(m["kind"], kind);
                    assert_eq!(m["card"], mv.card.to_string());
                    assert_eq!(m["from"], column(mv.from));
                    assert_eq!(m["to"], column(mv.to));
                }
                Event::Turn { card, column: k } => {
                    assert_eq!(m["kind"], "turn");
                    assert_eq!(m["card"], card.to_string());
                    assert_eq!(m["column"], column(k));
                }
                Event::Foundation { card, from } => {
                    assert_eq!(m["kind"], "foundation");
                    assert_eq!(m["card"], card.to_string());
                    assert_eq!(m["from"], column(from));
                }
            }
        }
    };
    expect_events(&mut events, &mut i);
    while i < moves.len() {
        let m = &moves[i];
        let legal = game.position().moves();
        let mv = legal
            .iter()
            .find(|mv| {
                m["card"] == mv.card.to_string() && m["from"] == mv.from + 1 && m["to"] == mv.to + 1
            })
            .copied()
            .unwrap_or_else(|| panic!("move {i} {m} is not legal"));
        game.make(mv, &mut |e| events.push(e)).unwrap();
        expect_events(&mut events, &mut i);
    }
    assert!(
        game.position().moves().is_empty(),
        "the game was stopped with a move left"
    );
    let on_foundations = moves.iter().filter(|m| m["kind"] == "foundation").count();
    assert_eq!(game.score() as usize, on_foundations);
    game.score()
}

/// `parlor russian ARGUMENTS`, the arguments written as one line, which must succeed; its
/// standard output.
fn russian(arguments: &str) -> String {
    let args: Vec<&str> = std::iter::once("russian")
        .chain(arguments.split_whitespace())
        .collect();
    stdout_of(&args)
}

fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&stdout_of(args)).expect("one JSON object")
}
