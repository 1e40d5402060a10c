// The clock of a replay, for the pages that replay a whole game from one answer (Camicia's
// cards, Speed's milliseconds): where it stands, played on the browser's animation frames at a
// pace the viewer picks, paused, or moved to any point by its slider.

/** Milliseconds without a move of the slider after which it is taken to rest. */
const REST = 200;

export class Replay {
  /**
   * A clock played at `pace()` units (cards, milliseconds of the game) a millisecond, which
   * moves by itself (a frame played, its slider moved or come to rest) through `update`, the
   * page's.
   */
  constructor(pace, update) {
    this.pace = pace;
    this.update = update;
    /** Where it stands, in units; a fraction while it plays. */
    this.at = 0;
    /** The game's length, in units. */
    this.length = 0;
    this.playing = false;
    /** The slider is being dragged. */
    this.sliding = false;
    /** The loop of frames playing now. */
    this.run = null;
    /** The timer that takes the slider to rest. */
    this.resting = 0;
  }

  /** Where it stands, in whole units: what the page shows. */
  get position() {
    return Math.floor(this.at);
  }

  /** Playing, or its slider dragged: moments the address is not written at. */
  get moving() {
    return this.playing || this.sliding;
  }

  /** A new game of `length` units, paused at `at`. */
  load(length, at = 0) {
    this.length = length;
    this.seek(at);
  }

  /** Pauses at `at`, kept within the game. */
  seek(at) {
    this.playing = false;
    this.at = Math.max(0, Math.min(this.length, at));
  }

  /** Plays from where it stands, from the start once at the end. */
  play() {
    if (this.playing || this.length === 0) return;
    if (this.at >= this.length) this.at = 0;
    this.playing = true;
    // A pause and a play within one frame must not leave two loops running.
    const run = {};
    this.run = run;
    let last = null;
    const frame = (now) => {
      if (!this.playing || this.run !== run) return;
      if (last !== null) this.at += (now - last) * this.pace();
      last = now;
      if (this.at >= this.length) {
        this.at = this.length;
        this.playing = false;
      } else {
        requestAnimationFrame(frame);
      }
      this.update();
    };
    requestAnimationFrame(frame);
  }

  pause() {
    this.playing = false;
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  /**
   * Lets the range input `slider` move the clock: every move pauses it there; the slider is
   * taken to rest when let go or still for REST ms.
   */
  slider(slider) {
    const still = () => {
      clearTimeout(this.resting);
      if (!this.sliding) return;
      this.update(() => {
        this.sliding = false;
      });
    };
    slider.addEventListener("input", () => {
      this.update(() => {
        this.seek(Number(slider.value));
        this.sliding = true;
      });
      clearTimeout(this.resting);
      this.resting = setTimeout(still, REST);
    });
    slider.addEventListener("change", still);
  }

  /** Draws the clock on `slider`. */
  show(slider) {
    slider.max = String(this.length);
    slider.value = String(this.position);
  }
}
