// Dragging, one behaviour for every page that lets a piece be dragged (Hi-Q's pegs, Russian
// Solitaire's cards). The element pressed captures the pointer, so that the drag goes on
// wherever the pointer goes, out of the element and out of the window, and always ends; a
// press becomes a drag only once the pointer has travelled THRESHOLD; and the click the browser
// sends after a drop is not taken for a click.

/** CSS pixels: a hand that shakes while clicking is not dragging. */
const THRESHOLD = 6;

/**
 * Lets the elements of `area` that `grab` picks be dragged. `grab(event)` gives the element a
 * press on `event.target` would drag, or null; once the pointer has travelled THRESHOLD,
 * `lift(element, event)`; at every move then, `follow(element, event)`; let go, `drop(element,
 * event)`; and when the drag ends any other way (the pointer cancelled, the element redrawn
 * away, `cancel()`), `abandon(element)`. A press let go before it travelled is left to be the
 * click it is.
 */
export function draggable(area, { grab, lift, follow, drop, abandon }) {
  let press = null;
  let dropped = false;

  function cancel() {
    const ended = press;
    press = null;
    if (ended?.lifted) abandon(ended.element);
  }

  area.addEventListener("pointerdown", (event) => {
    if (!event.isPrimary || event.button !== 0) return;
    cancel();
    const element = grab(event);
    if (!element) return;
    press = { element, pointer: event.pointerId, x: event.clientX, y: event.clientY, lifted: false };
    element.setPointerCapture(event.pointerId);
  });
  // The rest is heard on the document: an element redrawn away loses the capture, and the
  // pointer may then be anywhere.
  document.addEventListener("pointermove", (event) => {
    if (press?.pointer !== event.pointerId) return;
    if (!press.element.isConnected) {
      cancel();
      return;
    }
    if (!press.lifted) {
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < THRESHOLD) return;
      press.lifted = true;
      lift(press.element, event);
    }
    follow(press.element, event);
  });
  document.addEventListener("pointerup", (event) => {
    if (press?.pointer !== event.pointerId) return;
    const { element, lifted } = press;
    press = null;
    if (!lifted) return;
    // The click that follows this pointerup, in the same task, is the drop's.
    dropped = true;
    setTimeout(() => {
      dropped = false;
    });
    drop(element, event);
  });
  const lost = (event) => {
    if (press?.pointer === event.pointerId) cancel();
  };
  document.addEventListener("pointercancel", lost);
  document.addEventListener("lostpointercapture", lost);
  area.addEventListener(
    "click",
    (event) => {
      if (!dropped) return;
      event.stopImmediatePropagation();
      event.preventDefault();
    },
    true,
  );
  return { cancel, dragging: () => press?.lifted === true };
}
