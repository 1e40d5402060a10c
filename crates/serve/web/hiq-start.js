// The Hi-Q page's forms for a new game: a game typed in the contest's form (UVa 379), or a
// position drawn as `parlor hiq solve` reads it. The server reads both; what it refuses is said
// with the place it points at selected in the field.

import { $, api, say, plural, selectPlace } from "/parlor.js";

const startMessage = $("start-message");

/** Shows a reader's refusal of what was typed into `field`, and puts the cursor where it
 * points; `line` is the field's first line as the reader numbers it. */
function refuse(field, error, line = 1) {
  if (error.reason !== "input") throw error;
  let text = error.message;
  if (error.line >= line && error.column) {
    selectPlace(field, error.line - line + 1, error.column);
    // The contest's game is sent after a first line the player did not type.
    if (line > 1) text = text.replace(/^line \d+, /, "");
  }
  say(startMessage, text, true);
}

/** Lets the forms start a game: `act(task)` runs a task of the page in its turn, `begin(pegs)`
 * starts a new game from those peg holes. */
export function startForms({ act, begin }) {
  $("contest-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const field = $("contest-line");
    if (field.value.trim() === "") {
      say(startMessage, "Type a game's peg holes ended by 0, such as 10 12 17 19 25 0.", true);
      return;
    }
    act(async () => {
      let game;
      try {
        [game] = await api("/api/hiq/play", `1\n${field.value}`);
      } catch (error) {
        refuse(field, error, 2);
        return;
      }
      await begin(game.pegs);
      say(startMessage, `Started from the contest game ${field.value.trim()}.`);
    });
  });

  $("drawn-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const field = $("drawn");
    act(async () => {
      let answer;
      try {
        answer = await api("/api/hiq/board", field.value);
      } catch (error) {
        refuse(field, error);
        return;
      }
      await begin(answer.pegs);
      say(startMessage, `Started from the position drawn: ${plural(answer.pegs.length, "peg")}.`);
    });
  });
}
