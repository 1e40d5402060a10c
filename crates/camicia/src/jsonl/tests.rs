use super::*;

#[test]
fn places_members_and_array_elements_in_the_line() {
    let line = r#" {"x": ["A"], "playerB": ["2",  "Z", "\"]"], "é": [ "K" ]}"#;
    let places = Places { line, open: 1 };
    let columns: Vec<usize> = places.members().map(|at| places.column(at)).collect();
    assert_eq!(columns, [3, 15, 46]);
    assert_eq!(places.key_text(places.key(1)).unwrap(), "playerB");
    let elements: Vec<usize> = (0..3)
        .map(|i| places.column(places.element(1, i)))
        .collect();
    assert_eq!(elements, [27, 33, 38]);
    assert_eq!(places.column(places.element(2, 0)), 53);
    assert_eq!(places.column(places.element(0, 0)), 9);
    let empty = Places {
        line: "{}",
        open: 0,
    };
    assert_eq!(empty.members().count(), 0);
}

#[test]
fn reads_the_exercise_shape_and_ignores_other_keys() {
    let text = "{\"description\": \"x\", \"playerA\": [\"2\", \"A\"], \"playerB\": [\"10\"], \
                \"expected\": {}}\n\n{\"playerA\": [], \"playerB\": [\"SQ\"]}\n";
    let deals = parse(text).unwrap();
    assert_eq!(deals.len(), 2);
    assert_eq!(deals[0].a().len(), 2);
    assert!(deals[1].a().is_empty());
}

#[test]
fn names_the_place_of_each_mistake() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err("{\"playerA\": [\"2\"], \"playerB\": [\"3\", \"Z\"]}"),
        "line 1, column 37: expected a card such as \"2\", \"10\", \"X\", \"K\" or \"SA\", \
         found \"Z\""
    );
    assert_eq!(
        err("\n  [1, 2]"),
        "line 2, column 3: expected a JSON object with arrays \"playerA\" and \"playerB\", \
         found an array"
    );
    assert_eq!(
        err("{\"playerA\": [\"2\"]}"),
        "line 1, column 1: expected an array \"playerB\" of card strings, found no such key"
    );
    assert_eq!(
        err("{\"playerA\": [], \"playerB\": []}"),
        "line 1, column 1: both decks are empty: there is no game"
    );
    assert!(err("{\"playerA\": [\"2\"], ").starts_with("line 1, column 19: expected a JSON"));
    assert_eq!(
        err("{\"playerA\": [2], \"playerB\": [\"3\"]}"),
        "line 1, column 14: expected a card such as \"2\", \"10\", \"X\", \"K\" or \"SA\", \
         found a number"
    );
    assert_eq!(
        err("{\"playerA\": [\"2\"], \"playerB\": [\"3\"], \"playerA\": [\"4\"]}"),
        "line 1, column 38: expected each key once, found \"playerA\" again"
    );
    assert_eq!(
        err("\n \n"),
        "line 3, column 1: expected a game (a JSON object with arrays \"playerA\" and \
         \"playerB\"), found the end of the input"
    );
}

#[test]
fn keys_are_compared_as_json_means_them() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err(r#"{"playerA": ["2"], "player\u0041": ["3"], "playerB": ["K"]}"#),
        "line 1, column 20: expected each key once, found \"playerA\" again"
    );
    assert_eq!(
        err(r#"{"note": 1, "playerA": [], "playerB": ["2"], "not\u0065": 2}"#),
        "line 1, column 46: expected each key once, found \"note\" again"
    );
    // An escape is not its letters, and serde_json's private key is a key like any other.
    let deal = parse(
        r#"{"\u0041": 1, "u0041": 2, "$serde_json::private::RawValue": "[1]", "player\u0041": ["\u0032", "S\u0041"], "playerB": ["K"]}"#,
    )
    .unwrap();
    assert_eq!(deal[0].a().len(), 2);
    assert_eq!(
        err(r#"{"player\u0041": ["2", "Z"], "playerB": ["K"]}"#),
        "line 1, column 24: expected a card such as \"2\", \"10\", \"X\", \"K\" or \"SA\", \
         found \"Z\""
    );
}

#[test]
fn invalid_json_anywhere_in_the_line_comes_first() {
    let err = |text: &str| parse(text).unwrap_err().to_string();
    assert_eq!(
        err(r#"{"playerA": ["Z"], "playerA": [], "playerB": ["K"]} x"#),
        "line 1, column 53: expected a JSON object, found invalid JSON (trailing characters)"
    );
    assert_eq!(
        err(r#"{"playerA": ["Z"], "x": 1e400, "playerB": ["K"]}"#),
        "line 1, column 29: expected a JSON object, found invalid JSON (number out of range)"
    );
    let deep = format!(
        r#"{{"x": {}{}, "playerA": ["Z"]}}"#,
        "[".repeat(130),
        "]".repeat(130)
    );
    assert!(err(&deep).contains("invalid JSON (recursion limit exceeded)"));
    // Then the mistakes of playerA, whatever the order of the keys, then playerB's.
    assert_eq!(
        err(r#"{"playerB": ["Z"], "playerA": [null]}"#),
        "line 1, column 32: expected a card such as \"2\", \"10\", \"X\", \"K\" or \"SA\", \
         found null"
    );
    let long = format!(
        r#"{{"playerA": ["Z",{}], "playerB": ["K"]}}"#,
        vec!["\"7\""; MAX_DECK].join(",")
    );
    assert!(err(&long).starts_with("line 1, column 400014: a deck holds at most 100000 cards"));
}

#[test]
fn a_long_deck_is_read_in_linear_time() {
    let deck = vec!["\"7\""; 100_000].join(",");
    let line = format!("{{\"playerA\": [{deck}], \"playerB\": [\"K\"]}}");
    let started = std::time::Instant::now();
    let deals = parse(&line).unwrap();
    assert_eq!(deals[0].a().len(), 100_000);
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    let too_long = format!("{{\"playerA\": [{deck},\"8\"], \"playerB\": [\"K\"]}}");
    assert!(
        parse(&too_long)
            .unwrap_err()
            .to_string()
            .contains("at most 100000 cards")
    );
}
