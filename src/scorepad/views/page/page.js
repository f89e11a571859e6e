// The replay of `scorepad export`: move by move through the whole game with buttons, the
// arrow keys and swipes; the address fragment #r3m12 is round 3 after move 12. It draws
// by showing the first tiles of a round's final layout: a tile never moves once placed.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const section = document.getElementById("replay");
  if (!data.rounds.length || !section) return;
  const svg = section.querySelector("svg");
  const NS = "http://www.w3.org/2000/svg";
  const narrow = window.matchMedia("(max-width: 40rem)");
  let at = { r: 0, m: 0 };
  let shown = null;  // the round whose tiles the board holds, and how they are turned

  function say(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
  }

  // The board holds a copy of the round's tiles; a long round is turned on a narrow
  // screen, as its final layout is.
  function board(r) {
    const round = data.rounds[r];
    const flat = document.querySelector("#round-" + round.round + " svg.layout.flat");
    const turned = Boolean(flat && flat.classList.contains("turns") && narrow.matches);
    const key = r + (turned ? "u" : "f");
    if (shown === key) return turned;
    shown = key;
    svg.replaceChildren();
    if (!flat) return false;
    const tiles = flat.querySelector("g.tiles").cloneNode(true);
    tiles.removeAttribute("id");
    const holder = document.createElementNS(NS, "g");
    if (turned) holder.setAttribute("transform", "rotate(90)");
    holder.appendChild(tiles);
    svg.appendChild(holder);
    const ends = document.createElementNS(NS, "g");
    ends.setAttribute("class", "ends");
    svg.appendChild(ends);
    return turned;
  }

  function draw() {
    const round = data.rounds[at.r];
    const step = round.steps[at.m];
    const turned = board(at.r);
    // The view grows with the layout: tiles keep their size until the layout outgrows the width.
    const box = step.n ? (turned ? step.turned : step.box) : ["0", "0", "48", "48"];
    svg.setAttribute("viewBox", box.join(" "));
    svg.setAttribute("width", box[2]);
    svg.querySelectorAll("g.tile").forEach((tile) => {
      tile.setAttribute("visibility", Number(tile.dataset.o) < step.n ? "visible" : "hidden");
    });
    const ends = svg.querySelector("g.ends");
    if (ends) {
      ends.replaceChildren();
      for (const [label, count, x, y] of step.ends) {
        const text = document.createElementNS(NS, "text");
        text.setAttribute("x", turned ? String(-Number(y)) : x);
        text.setAttribute("y", turned ? x : y);
        text.textContent = label + " " + count;
        ends.appendChild(text);
      }
    }
    const moves = round.steps.length - 1 - (round.steps[round.steps.length - 1].hands ? 1 : 0);
    const where = section.querySelector(".where");
    if (step.hands) where.textContent = say(data.words.at_hands, { round: round.round });
    else if (at.m === 0) where.textContent = say(data.words.at_start, { round: round.round });
    else where.textContent = say(data.words.at, { round: round.round, move: at.m, moves: moves });
    section.querySelector(".move").textContent = step.text + (step.got ? " — " + step.got : "");
    section.querySelector(".ends-now").textContent = step.ends.length
      ? data.words.ends + ": " + step.ends.map((end) => end[0] + " " + end[1]).join(" + ") : "";
    section.querySelectorAll(".totals b").forEach((b, side) => { b.textContent = step.totals[side]; });
  }

  function remember() {  // the address names the move shown, for a link to it
    const fragment = "#r" + data.rounds[at.r].round + "m" + at.m;
    if (location.hash !== fragment) history.replaceState(null, "", fragment);
  }

  function go(how) {
    const last = data.rounds.length - 1;
    const steps = (r) => data.rounds[r].steps.length - 1;
    if (how === "forward") {
      if (at.m < steps(at.r)) at.m += 1; else if (at.r < last) at = { r: at.r + 1, m: 0 };
    } else if (how === "back") {
      if (at.m > 0) at.m -= 1; else if (at.r > 0) at = { r: at.r - 1, m: steps(at.r - 1) };
    } else if (how === "round-forward") {
      at = at.r < last ? { r: at.r + 1, m: 0 } : { r: last, m: steps(last) };
    } else if (how === "round-back") {
      at = at.m > 0 || at.r === 0 ? { r: at.r, m: 0 } : { r: at.r - 1, m: 0 };
    } else if (how === "first") {
      at = { r: 0, m: 0 };
    } else if (how === "last") {
      at = { r: last, m: steps(last) };
    }
    draw();
    remember();
  }

  function fromFragment() {
    const found = /^#r(\d+)m(\d+)$/.exec(location.hash);
    if (!found) return false;
    const r = data.rounds.findIndex((round) => round.round === Number(found[1]));
    if (r < 0) return false;
    at = { r: r, m: Math.min(Number(found[2]), data.rounds[r].steps.length - 1) };
    return true;
  }

  section.hidden = false;
  section.querySelectorAll("button[data-go]").forEach((button) => {
    button.addEventListener("click", () => go(button.dataset.go));
  });
  // The arrows step anywhere on the page (it never scrolls sideways); the keys that scroll
  // the page step by round only while the replay's buttons have the focus.
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    let how = { ArrowRight: "forward", ArrowLeft: "back" }[event.key];
    if (!how && section.contains(document.activeElement)) {
      how = { PageDown: "round-forward", PageUp: "round-back", Home: "first", End: "last" }[event.key];
    }
    if (!how) return;
    event.preventDefault();
    go(how);
  });
  let touch = null;
  const pad = section.querySelector(".board");
  pad.addEventListener("touchstart", (event) => {
    touch = event.touches.length === 1 ? [event.touches[0].clientX, event.touches[0].clientY] : null;
  }, { passive: true });
  pad.addEventListener("touchend", (event) => {
    if (!touch) return;
    const dx = event.changedTouches[0].clientX - touch[0];
    const dy = event.changedTouches[0].clientY - touch[1];
    touch = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 1.5 * Math.abs(dy)) go(dx < 0 ? "forward" : "back");
  });
  window.addEventListener("hashchange", () => { if (fromFragment()) draw(); });
  narrow.addEventListener("change", () => { shown = null; draw(); });
  const linked = fromFragment();
  draw();
  if (linked) section.scrollIntoView();
})();
