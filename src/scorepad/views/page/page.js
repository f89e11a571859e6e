// The replay of `scorepad export`: move by move through the whole game with buttons, the
// arrow keys and swipes; the address fragment #r3m12 is round 3 after move 12. It draws
// by showing the first tiles of a round's final layout: a tile never moves once placed.
// Each round's article carries its steps as JSON (read when the replay first comes to it):
//   grown: the layout after each tile, [left, top, width, height, [[end, count, x, y], ...]]
//          (its view box and the count at each open end, in pixels);
//   steps: [tiles on the table, the move, what it scored, the totals after it (0: as
//          before), 1 for the hands' step], from before the lead to the hands.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const articles = [...document.querySelectorAll("#rounds article.round")];
  const section = document.getElementById("replay");
  if (!articles.length || !section) return;
  const svg = section.querySelector("svg");
  const NS = "http://www.w3.org/2000/svg";
  const narrow = window.matchMedia("(max-width: 40rem)");
  const read = new Map();  // round index -> its steps, parsed
  let at = { r: 0, m: 0 };
  let shown = null;  // the round whose tiles the board holds, and how they are turned

  function round(r) {
    if (!read.has(r)) read.set(r, JSON.parse(articles[r].querySelector("script.steps").textContent));
    return read.get(r);
  }

  function say(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
  }

  // The board holds a copy of the round's tiles; a long round is turned on a narrow
  // screen, as its final layout is.
  function board(r) {
    const flat = articles[r].querySelector("svg.layout.flat");
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

  function totalsAt(steps, m) {  // a step without totals keeps the last ones given
    while (!steps[m][3]) m -= 1;
    return steps[m][3];
  }

  function draw() {
    const now = round(at.r);
    const step = now.steps[at.m];
    const turned = board(at.r);
    const tiles = step[0];
    const grown = tiles ? now.grown[tiles - 1] : null;
    // The view grows with the layout: tiles keep their size until the layout outgrows the
    // width. Turned a quarter (rotate(90) takes (x, y) to (-y, x)), the box turns with it.
    let box = [0, 0, 48, 48];
    if (grown) box = turned ? [-(grown[1] + grown[3]), grown[0], grown[3], grown[2]] : grown.slice(0, 4);
    svg.setAttribute("viewBox", box.join(" "));
    svg.setAttribute("width", String(box[2]));
    svg.querySelectorAll("g.tile").forEach((tile) => {
      tile.setAttribute("visibility", Number(tile.dataset.o) < tiles ? "visible" : "hidden");
    });
    const marks = grown ? grown[4] : [];
    const ends = svg.querySelector("g.ends");
    if (ends) {
      ends.replaceChildren();
      for (const [label, count, x, y] of marks) {
        const text = document.createElementNS(NS, "text");
        text.setAttribute("x", String(turned ? -y : x));
        text.setAttribute("y", String(turned ? x : y));
        text.textContent = label + " " + count;
        ends.appendChild(text);
      }
    }
    const last = now.steps[now.steps.length - 1];
    const moves = now.steps.length - 1 - (last[4] ? 1 : 0);
    const where = section.querySelector(".where");
    if (step[4]) where.textContent = say(data.words.at_hands, { round: now.round });
    else if (at.m === 0) where.textContent = say(data.words.at_start, { round: now.round });
    else where.textContent = say(data.words.at, { round: now.round, move: at.m, moves: moves });
    section.querySelector(".move").textContent = step[1] + (step[2] ? " — " + step[2] : "");
    section.querySelector(".ends-now").textContent = marks.length
      ? data.words.ends + ": " + marks.map((end) => end[0] + " " + end[1]).join(" + ") : "";
    const totals = totalsAt(now.steps, at.m);
    section.querySelectorAll(".totals b").forEach((b, side) => { b.textContent = totals[side]; });
  }

  function remember() {  // the address names the move shown, for a link to it
    const fragment = "#r" + round(at.r).round + "m" + at.m;
    if (location.hash !== fragment) history.replaceState(null, "", fragment);
  }

  function go(how) {
    const last = articles.length - 1;
    const steps = (r) => round(r).steps.length - 1;
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
    const r = articles.findIndex((article) => article.id === "round-" + Number(found[1]));
    if (r < 0) return false;
    at = { r: r, m: Math.min(Number(found[2]), round(r).steps.length - 1) };
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
