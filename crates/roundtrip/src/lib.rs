//! The checks of parlor's readers that the fuzz targets (`fuzz/`) run on generated inputs and
//! the tests run on the kept corpus (`fuzz/corpus/`): whatever a reader accepts, written back,
//! reads to the same value, and nothing panics on the way. Each check takes any bytes and
//! panics only on a failure of the reader it checks.

use camicia::engine::Engine;
use camicia::search::Hunt;
use camicia::workunit::Unit;
use camicia::{Deal, Face, Pack};
use runs::Run;
use runs::camicia::{Mode, SearchRun};
use russian::Layout;
use std::fmt::Debug;
use std::path::Path;
use sweep::Job;
use sweep::checkpoint;

/// What `parse` reads from `data`, if `data` is UTF-8 and `parse` takes it: a check looks no
/// further at input its reader refuses.
fn read<T, E>(data: &[u8], parse: impl FnOnce(&str) -> Result<T, E>) -> Option<T> {
    parse(std::str::from_utf8(data).ok()?).ok()
}

/// `again`, written back from `value`, reads as `value`.
fn reads_back<T: PartialEq + Debug, E: PartialEq + Debug>(
    parse: impl FnOnce(&str) -> Result<T, E>,
    again: &str,
    value: &T,
) {
    assert_eq!(parse(again).as_ref(), Ok(value), "{again}");
}

/// The Hi-Q contest input: whatever reads, written back in the contest's form, reads the same.
pub fn hiq_contest(data: &[u8]) {
    let Some(boards) = read(data, hiq::contest::parse) else {
        return;
    };
    let mut written = format!("{}\n", boards.len());
    for board in &boards {
        for hole in board.pegs() {
            written.push_str(&format!("{} ", hole.number()));
        }
        written.push_str("0\n");
    }
    reads_back(hiq::contest::parse, &written, &boards);
}

/// A Hi-Q position, listed or drawn: whatever reads, listed and drawn again, reads the same.
pub fn hiq_position(data: &[u8]) {
    let Some(board) = read(data, hiq::position::parse_position) else {
        return;
    };
    let listed: Vec<String> = board.pegs().map(|h| h.number().to_string()).collect();
    let listed = if listed.is_empty() {
        "0".to_string()
    } else {
        listed.join(" ")
    };
    assert_eq!(
        hiq::position::parse_position(&listed),
        Ok(board),
        "{listed}"
    );
    for (peg, hole) in [('X', 'O'), ('●', '·')] {
        let drawn = board.diagram(peg, hole);
        assert_eq!(hiq::position::parse_position(&drawn), Ok(board), "{drawn}");
    }
}

/// The Speed contest input: whatever reads, written back in the four-line form, reads the same.
pub fn speed_contest(data: &[u8]) {
    let Some(deals) = read(data, speed::contest::parse) else {
        return;
    };
    let written = speed::contest::write(&deals);
    reads_back(speed::contest::parse, &written, &deals);
}

/// A deck as it can be read back: record notation when it holds number cards of unknown value
/// (only record notation makes those; its characters may also name ranks, `7`, `X`), else its
/// cards separated by spaces.
fn written(deck: &[Face]) -> String {
    if deck.contains(&Face::Number) {
        deck.iter()
            .map(|face| match face {
                Face::Number => "-".to_string(),
                Face::Rank(rank) => rank.to_string(),
            })
            .collect()
    } else {
        deck.iter()
            .map(|f| f.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Camicia's text input (deck lines, or deals on one line): whatever reads, written back one
/// deal a line, reads the same.
pub fn camicia_text(data: &[u8]) {
    let Some(deals) = read(data, camicia::notation::parse_games) else {
        return;
    };
    let again: String = deals
        .iter()
        .map(|deal: &Deal| format!("{}/{}\n", written(deal.a()), written(deal.b())))
        .collect();
    reads_back(camicia::notation::parse_games, &again, &deals);
}

/// Camicia's record notation for one deal: whatever reads, written back, reads the same, and
/// its one-pack deals play alike on the reference and the fast engine.
pub fn camicia_record(data: &[u8]) {
    let Some(deal) = read(data, camicia::notation::parse_deal) else {
        return;
    };
    let record = |deck: &[Face]| -> Option<String> {
        // Cards given by rank read back only as ranks; record notation would turn them into
        // number cards of unknown value.
        deck.iter()
            .all(|f| *f == Face::Number || f.penalty() > 0)
            .then(|| camicia::record(deck))
    };
    if let (Some(a), Some(b)) = (record(deal.a()), record(deal.b())) {
        let again = format!("{a}/{b}");
        reads_back(camicia::notation::parse_deal, &again, &deal);
    }
    if deal.a().len() == 26 && deal.b().len() == 26 {
        let mut codes = [0; 52];
        for (code, face) in codes.iter_mut().zip(deal.a().iter().chain(deal.b())) {
            *code = face.penalty();
        }
        if let Ok(pack) = Pack::new(codes) {
            assert_eq!(
                camicia::notation::pack_record(&pack),
                format!(
                    "{}/{}",
                    camicia::record(deal.a()),
                    camicia::record(deal.b())
                )
            );
            assert_eq!(camicia::fast::play_pack(&pack), camicia::play(&deal));
        }
    }
}

/// The exercise's JSON lines: whatever reads, written back as JSON lines, reads the same.
pub fn camicia_jsonl(data: &[u8]) {
    let Some(deals) = read(data, camicia::jsonl::parse) else {
        return;
    };
    let cards =
        |deck: &[camicia::Face]| -> Vec<String> { deck.iter().map(|f| f.to_string()).collect() };
    let again: String = deals
        .iter()
        .map(|deal| {
            serde_json::json!({"playerA": cards(deal.a()), "playerB": cards(deal.b())}).to_string()
                + "\n"
        })
        .collect();
    reads_back(camicia::jsonl::parse, &again, &deals);
    // Keys and cards compare as JSON means them, escapes or none.
    let escaped = |text: &str| -> String {
        text.encode_utf16()
            .map(|unit| format!("\\u{unit:04x}"))
            .collect()
    };
    let deck = |deck: &[camicia::Face]| -> String {
        deck.iter()
            .map(|f| format!("\"{}\"", escaped(&f.to_string())))
            .collect::<Vec<_>>()
            .join(",")
    };
    let escapes: String = deals
        .iter()
        .map(|deal| {
            format!(
                "{{\"{}\": [{}], \"{}\": [{}]}}\n",
                escaped("playerA"),
                deck(deal.a()),
                escaped("playerB"),
                deck(deal.b())
            )
        })
        .collect();
    reads_back(camicia::jsonl::parse, &escapes, &deals);
}

/// A Russian Solitaire layout: whatever reads, written back with letters or suit symbols, reads
/// the same.
pub fn russian_layout(data: &[u8]) {
    let Some(layout) = read(data, Layout::parse) else {
        return;
    };
    for again in [layout.to_string(), format!("{layout:#}")] {
        assert_eq!(Layout::parse(&again).as_ref(), Ok(&layout), "{again}");
    }
}

/// A Russian Solitaire position in progress (`[?]` for unknown face-down cards): whatever reads
/// holds the 52 cards once each — known cards in the columns and under the foundations' tops,
/// and as many `[?]` as the cards written nowhere — with no more face-down cards in a column
/// than it was dealt, and face-up cards on every face-down one.
pub fn russian_table(data: &[u8]) {
    let Some(table) = read(data, russian::Table::parse) else {
        return;
    };
    let mut seen = [false; 52];
    let mut known = 0;
    let mut unknown = 0;
    for column in 0..7 {
        let down = &table.face_down[column];
        assert!(
            down.len() <= column,
            "column {}: {} face down",
            column + 1,
            down.len()
        );
        assert!(down.is_empty() || !table.face_up[column].is_empty());
        for card in down.iter().flatten().chain(&table.face_up[column]) {
            let index = card.index();
            assert!(!seen[index], "{card} twice");
            seen[index] = true;
            known += 1;
        }
        unknown += down.iter().filter(|c| c.is_none()).count();
    }
    let founded: usize = table.foundation.iter().map(|&n| usize::from(n)).sum();
    assert!(table.foundation.iter().all(|&n| n <= 13));
    assert_eq!(
        known + unknown + founded,
        52,
        "{}",
        String::from_utf8_lossy(data)
    );
}

/// The checkpoint of `parlor camicia search --random --deals 3000 --seed 1 --min-cards 300`:
/// whatever is accepted passes the summary's own check or is refused by it, and written back
/// reads the same.
pub fn search_checkpoint(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let search = SearchRun::new(
        Mode::Random {
            deals: 3000,
            seed: 1,
        },
        10,
        Some(300),
        Engine::scalar(),
    );
    let (identity, plan, keep) = (search.identity(), search.job().plan(), search.keep());
    let path = Path::new("fuzz.checkpoint");
    // The input as a whole file, and as a body with its right checksum: nearly every change to
    // a file stops at the checksum, and the reading behind it deserves the fuzzing too.
    let wrapped = format!(
        "{{\"parlor_checkpoint\":1,\"crc32\":\"{:08x}\",\"body\":{text}}}",
        crc32fast::hash(text.as_bytes())
    );
    for candidate in [text, wrapped.as_str()] {
        let Ok((state, hunt)) = checkpoint::parse::<Hunt>(candidate, path, &identity, &plan) else {
            continue;
        };
        let places = 0..u128::from(plan.items_before(state.committed));
        let _ = hunt.check(keep, places);
        let again = checkpoint::text(&state, &hunt).unwrap();
        let (state_again, hunt_again) =
            checkpoint::parse::<Hunt>(&again, path, &identity, &plan).unwrap();
        assert_eq!(state_again, state);
        assert_eq!(
            serde_json::to_string(&hunt_again).unwrap(),
            serde_json::to_string(&hunt).unwrap()
        );
    }
}

/// A camicia.dev work unit: whatever reads, written back, reads the same.
pub fn camicia_workunit(data: &[u8]) {
    let Some(unit) = read(data, str::parse::<Unit>) else {
        return;
    };
    assert!(unit.first() <= unit.last());
    reads_back(str::parse::<Unit>, &unit.to_string(), &unit);
}
