// The pages' theme, light or dark: the system's (`prefers-color-scheme`) unless the player
// chose one with the switch in the header, which every page has and which is remembered in
// this browser's localStorage for every page. A classic script in the head, not a module: it
// runs before the page is first drawn, so that a dark page never flashes light.

(() => {
  const KEY = "parlor.theme";
  const system = window.matchMedia("(prefers-color-scheme: dark)");
  /** A choice the browser would not keep: it holds for this page. */
  let unkept = null;

  /** The theme chosen: "light", "dark", or "system" where none was. */
  function chosen() {
    if (unkept) return unkept;
    try {
      const kept = localStorage.getItem(KEY);
      if (kept === "light" || kept === "dark") return kept;
    } catch {
      // No storage: the system's theme.
    }
    return "system";
  }

  function apply() {
    const choice = chosen();
    const theme = choice === "system" ? (system.matches ? "dark" : "light") : choice;
    document.documentElement.dataset.theme = theme;
    const toggle = document.getElementById("theme");
    if (toggle) toggle.value = choice;
  }

  apply();
  system.addEventListener("change", apply);
  // Another tab's choice applies here too.
  window.addEventListener("storage", (event) => {
    if (event.key === KEY || event.key === null) apply();
  });
  document.addEventListener("DOMContentLoaded", () => {
    const toggle = document.getElementById("theme");
    toggle.value = chosen();
    toggle.addEventListener("change", () => {
      try {
        if (toggle.value === "system") localStorage.removeItem(KEY);
        else localStorage.setItem(KEY, toggle.value);
      } catch {
        unkept = toggle.value;
      }
      apply();
    });
  });
})();
