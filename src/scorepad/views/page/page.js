// The replay of `scorepad export`: the board beside (or above) the move list, move by move
// through the whole game with buttons, keys, swipes, a click on a move or on the score
// race; the address fragment #r3m12 is round 3 after move 12 (m0: before the lead, the
// step after the last move: the hands). It draws by showing the first tiles of a round's
// final layout: a tile never moves once placed. Each round of the list carries its steps
// as JSON (read when the replay first comes to it):
//   grown: the open ends each tile changed or opened, [[end, count, x, y], ...] (the
//          count at the end and where it is written, in pixels): an end stays open;
//   line, arms: when each tile of the line (W to E) and of each side arm was placed;
//   hands: each player's hand at the round's end as tiles ("6622": 6-6 and 2-2; "": none;
//          null: a pip total, or no hands yet);
//   lacks: [step, numbers] for each draw and pass: the numbers open then ("46");
//   shown: [step, player, tile] for each tile shown by accident ("11"), only where any is;
//   best: for each play, the best its known tiles could have scored: "15 64W", with "?"
//          where the hand was not known whole;
//   steps: [tiles on the table, the totals after it (0: as before), each player's tiles
//          in hand, the boneyard, whose turn (-1: nobody's), 1 for the hands' step].
// Who played or drew at a step, and which tile, the script reads from the steps (whose
// hand shrank or grew) and the final layout (the tiles in the order placed).
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("replay-data").textContent);
  const words = data.words;
  const parts = [...document.querySelectorAll("nav.moves section.list-round")];
  const section = document.getElementById("replay");
  if (!parts.length || !section) return;
  const stage = section.querySelector(".stage");
  const list = section.querySelector("nav.moves");
  const svg = stage.querySelector("svg.layout");
  const NS = "http://www.w3.org/2000/svg";
  const narrow = window.matchMedia("(max-width: 40rem)");
  const numbers = parts.map((part) => Number(/^r(\d+)m0$/.exec(part.querySelector("h3").id)[1]));
  const counts = parts.map((part) => part.querySelectorAll("li").length + part.querySelectorAll("p.hands").length + 1);
  const starts = [0];  // the race's step of each round's start
  counts.forEach((n, r) => starts.push(starts[r] + n - 1));
  const read = new Map();  // round index -> its steps, parsed
  let at = { r: 0, m: 0 };
  let shown = null;  // the round whose tiles the board holds, and how they are turned
  let current = null;  // the entry of the list shown as the current one
  let playing = null;  // the autoplay's timer

  function round(r) {
    if (!read.has(r)) {
      const now = JSON.parse(parts[r].querySelector("script.steps").textContent);
      let ends = [];  // each tile's ends are the ones it changed, the others as before
      now.grown = now.grown.map((changed) => {
        ends = ends.slice();
        for (const end of changed) {
          const i = ends.findIndex((before) => before[0] === end[0]);
          if (i < 0) ends.push(end); else ends[i] = end;
        }
        return ends;
      });
      read.set(r, now);
    }
    return read.get(r);
  }

  function say(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
  }

  function article(r) {
    return document.getElementById("round-" + numbers[r]);
  }

  // The board holds a copy of the round's tiles; a long round is turned on a narrow
  // screen, as its final layout is.
  function board(r) {
    const flat = article(r) && article(r).querySelector("svg.layout.flat");
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

  // A tile as "64" (the higher half first) and as the page writes it, "6-4".
  const key = (a, b) => (a > b ? a + "" + b : b + "" + a);
  const written = (k) => k[0] + "-" + k[1];

  // Each move of round r: {kind: "play", "draw" or "other" (a pass, a muggins call), p, tile}.
  function movesOf(r) {
    const now = round(r);
    if (now.moves) return now.moves;
    const flat = article(r) && article(r).querySelector("svg.layout.flat");
    const names = [];
    if (flat) {
      flat.querySelectorAll("g.tile").forEach((tile) => {
        const halves = tile.querySelector("title").textContent.split(",")[0].split("-");
        names[Number(tile.dataset.o)] = key(halves[0], halves[1]);
      });
    }
    now.moves = [];
    for (let m = 1; m < now.steps.length && !now.steps[m][5]; m += 1) {
      const a = now.steps[m - 1], b = now.steps[m];
      if (b[0] > a[0]) now.moves.push({ kind: "play", p: b[2].findIndex((n, q) => n < a[2][q]), tile: names[b[0] - 1] });
      else {
        const q = b[2].findIndex((n, q) => n > a[2][q]);
        now.moves.push(q >= 0 ? { kind: "draw", p: q } : { kind: "other", p: a[4] });
      }
    }
    now.names = names;
    return now.moves;
  }

  // What the record proves each player holds after step m of round r (docs/review.md, "The
  // known hand"): the tiles they play later with no draw of theirs between, and, when they
  // draw no more, their hand at the round's end as tiles; a tile they showed, from the
  // showing until it is played, and since their last draw before it.
  function known(r, m) {
    const now = round(r), all = movesOf(r);
    return now.steps[m][2].map((held, p) => {
      const tiles = [];
      let drew = false;
      for (let j = m; j < all.length && !drew; j += 1) {
        if (all[j].p !== p) continue;
        if (all[j].kind === "draw") drew = true;
        else if (all[j].kind === "play") tiles.push(all[j].tile);
      }
      const end = now.hands && now.hands[p];
      if (!drew && typeof end === "string") for (let i = 0; i < end.length; i += 2) tiles.push(key(end[i], end[i + 1]));
      for (const [s, q, t] of now.shown || []) {
        if (q !== p || tiles.includes(t)) continue;
        const gone = s <= m
          ? all.slice(s, m).some((x) => x.kind === "play" && x.tile === t)  // played since the showing
          : all.slice(m, s - 1).some((x) => x.p === p && x.kind === "draw");  // drawn before it
        if (!gone) tiles.push(t);
      }
      return tiles;
    });
  }

  // The tracker: each of the 28 tiles on the table, known held or unseen; per number how
  // many are on the table; what each draw and pass proves a player lacked.
  const tracker = stage.querySelector(".tracker");
  if (!narrow.matches) tracker.open = true;  // beside the list there is room; on a phone it stays a line
  function track(r, m, holds) {
    const now = round(r), step = now.steps[m];
    movesOf(r);
    const table = new Set(now.names.slice(0, step[0]));
    const owner = new Map();
    holds.forEach((tiles, p) => tiles.forEach((t) => owner.set(t, p)));
    const grid = tracker.querySelector(".all-tiles");
    if (!grid.children.length) {  // the 28 made once, from 6-6 down to 0-0
      for (let a = 6; a >= 0; a -= 1) {
        for (let b = a; b >= 0; b -= 1) {
          const span = document.createElement("span");
          span.textContent = written(key(a, b));
          span.dataset.t = key(a, b);
          grid.appendChild(span);
        }
      }
    }
    for (const span of grid.children) {
      const t = span.dataset.t, p = owner.get(t);
      if (table.has(t)) { span.className = "on"; span.title = words.on_table; }
      else if (p !== undefined) { span.className = "held " + sideOf(p); span.title = data.players[p]; }
      else { span.className = "unseen"; span.title = words.unseen; }
    }
    const held = owner.size - [...owner.keys()].filter((t) => table.has(t)).length;
    tracker.querySelector("summary").textContent = say(words.tracker, { table: table.size, held: held, unseen: 28 - table.size - held });
    const out = [0, 1, 2, 3, 4, 5, 6].map((n) => n + ": " + [...table].filter((t) => t.includes(String(n))).length);
    tracker.querySelector(".out").textContent = say(words.out, { list: out.join(" · ") });
    const last = new Map();  // each player's last draw or pass up to the step
    for (const [at, numbers] of now.lacks) if (at <= m) last.set(now.moves[at - 1].p, [at, numbers]);
    tracker.querySelector(".lacks").replaceChildren(...[...last].map(([p, [at, numbers]]) => {
      const li = document.createElement("li");
      const template = now.moves[at - 1].kind === "draw" ? words.drew_on : words.passed_on;
      li.textContent = say(template, { player: data.players[p], ends: numbers.split("").join(" | "), numbers: numbers.split("").join(words.and_no) });
      return li;
    }));
  }

  const sideOf = (p) => document.querySelectorAll("header .players li")[p].className;

  // A player's tiles drawn as on the table (flat, a pip pattern on each half).
  const PIPS = [[], [[12, 12]], [[6, 6], [18, 18]], [[6, 6], [12, 12], [18, 18]], [[6, 6], [18, 6], [6, 18], [18, 18]],
    [[6, 6], [18, 6], [12, 12], [6, 18], [18, 18]], [[6, 6], [18, 6], [6, 12], [18, 12], [6, 18], [18, 18]]];
  function handDrawn(tiles) {
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "-2 -2 " + (tiles.length * 52) + " 28");
    svg.setAttribute("width", String(tiles.length * 52 + 2));
    svg.setAttribute("aria-hidden", "true");
    tiles.forEach((t, i) => {
      const g = document.createElementNS(NS, "g");
      g.setAttribute("class", "tile");
      const face = document.createElementNS(NS, "g");
      face.setAttribute("class", "face");
      face.setAttribute("transform", "translate(" + i * 52 + " 0)");
      const part = (name, attributes) => {
        const e = document.createElementNS(NS, name);
        for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, String(v));
        face.appendChild(e);
      };
      part("rect", { width: 48, height: 24, rx: 4 });
      part("line", { x1: 24, y1: 3, x2: 24, y2: 21 });
      [Number(t[0]), Number(t[1])].forEach((n, half) => PIPS[n].forEach(([x, y]) => part("circle", { cx: x + 24 * half, cy: y, r: 2.6 })));
      g.appendChild(face);
      svg.appendChild(g);
    });
    return svg;
  }

  function totalsAt(steps, m) {  // a step without totals keeps the last ones given
    while (!steps[m][1]) m -= 1;
    return steps[m][1];
  }

  function entry(r, m) {
    return document.getElementById("r" + numbers[r] + "m" + m);
  }

  // The tiles on the table in words, as the final layout names them (tiles.title).
  function named(now, tiles) {
    const title = new Map();
    svg.querySelectorAll("g.tile").forEach((tile) => title.set(Number(tile.dataset.o), tile.querySelector("title").textContent));
    const some = (orders) => orders.filter((o) => o < tiles).map((o) => title.get(o)).join(", ");
    const lines = [];
    if (tiles) lines.push(words.line + ": " + some(now.line));
    for (const [end, orders] of now.arms) {
      if (orders.some((o) => o < tiles)) lines.push(say(words.arm, { end: data.ends[end] }) + ": " + some(orders));
    }
    return lines.length ? lines.join(". ") : words.no_tiles;
  }

  function draw() {
    const now = round(at.r);
    const step = now.steps[at.m];
    const turned = board(at.r);
    const tiles = step[0];
    const marks = tiles ? now.grown[tiles - 1] : [];
    const placed = at.m > 0 && tiles > now.steps[at.m - 1][0];
    // The view grows with the layout: tiles keep their size until the layout outgrows the
    // width. Its box holds the tiles shown and the ends' counts, with half a margin
    // (drawing.MARGIN) around, as the final layout's; turned a quarter (rotate(90) takes
    // (x, y) to (-y, x)), the box turns with it.
    const xs = marks.map((end) => end[2]), ys = marks.map((end) => end[3]);
    svg.querySelectorAll("g.tile").forEach((tile) => {
      const o = Number(tile.dataset.o);
      tile.setAttribute("visibility", o < tiles ? "visible" : "hidden");
      tile.classList.toggle("just", placed && o === tiles - 1);
      if (o < tiles) {
        const use = tile.querySelector("use");
        const x = Number(use.getAttribute("x")), y = Number(use.getAttribute("y"));
        const upright = use.getAttribute("href")[1] === "u";
        xs.push(x, x + (upright ? 24 : 48));
        ys.push(y, y + (upright ? 48 : 24));
      }
    });
    let box = [0, 0, 48, 48];
    if (tiles) {
      const left = Math.min(...xs) - 18, top = Math.min(...ys) - 18;
      const grown = [left, top, Math.max(...xs) + 18 - left, Math.max(...ys) + 18 - top].map((v) => Math.round(v * 10) / 10);
      box = turned ? [-(grown[1] + grown[3]), grown[0], grown[3], grown[2]] : grown;
    }
    svg.setAttribute("viewBox", box.map((v) => Math.round(v * 10) / 10).join(" "));
    svg.setAttribute("width", String(box[2]));
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
    document.getElementById("board-name").textContent = named(now, tiles);
    const moves = counts[at.r] - 1 - (step[5] || now.steps[now.steps.length - 1][5] ? 1 : 0);
    const where = stage.querySelector(".where");
    if (step[5]) where.textContent = say(words.at_hands, { round: now.round });
    else if (at.m === 0) where.textContent = say(words.at_start, { round: now.round });
    else where.textContent = say(words.at, { round: now.round, move: at.m, moves: moves });
    const move = stage.querySelector(".move");
    const listed = entry(at.r, at.m);
    move.replaceChildren();
    if (at.m > 0 && listed) {
      for (const child of listed.childNodes) move.appendChild(child.nodeName === "A" ? document.createTextNode(child.textContent) : child.cloneNode(true));
    }
    const counted = marks.map((end) => [end[0], end[1] === "·" ? "0" : end[1]]);  // an arm not yet started counts 0
    const sum = counted.reduce((total, end) => total + Number(end[1]), 0);
    stage.querySelector(".ends-now").textContent = counted.length
      ? words.ends + ": " + counted.map((end) => end[0] + " " + end[1]).join(" + ") + " = " + sum : "";
    const held = step[2].map((n, p) => data.players[p] + " " + n).join(", ");
    const turn = step[4] >= 0 ? " · " + say(words.to_play, { player: data.players[step[4]] }) : "";
    stage.querySelector(".held").textContent = say(words.held, { list: held }) + " · " + say(words.boneyard, { n: step[3] }) + turn;
    const holds = known(at.r, at.m);
    const said = holds.map((tiles, p) => {
      if (!step[2][p]) return "";  // out: nothing to know
      const list = tiles.map(written).join(" ") || words.none_known;
      const whole = tiles.length === step[2][p];
      return data.players[p] + " " + (whole ? say(words.known_whole, { tiles: list }) : say(words.known_part, { tiles: list, n: tiles.length, held: step[2][p] }));
    }).filter(Boolean);
    stage.querySelector(".known").textContent = say(words.known, { list: said.join(" · ") });
    const best = stage.querySelector(".best");
    best.textContent = "";
    if (at.m > 0 && !step[5] && movesOf(at.r)[at.m - 1].kind === "play") {
      const [points, play] = now.best[step[0] - 1].split(" ");
      const end = play.slice(2).replace("?", "");
      const tile = written(play.slice(0, 2)) + (end ? " " + data.ends[end] : "");
      best.textContent = say(play.endsWith("?") ? words.best_known : words.best, { tile: tile, points: points });
    }
    const hands = stage.querySelector(".hand-tiles");
    hands.replaceChildren();
    if (step[5]) {
      holds.forEach((tiles, p) => {
        if (!tiles.length) return;
        const row = document.createElement("p");
        row.append(data.players[p] + " ", handDrawn(tiles));
        hands.appendChild(row);
      });
    }
    track(at.r, at.m, holds);
    const totals = totalsAt(now.steps, at.m);
    stage.querySelectorAll(".totals b").forEach((b, side) => { b.textContent = totals[side]; });
    follow(listed);
    race();
    const first = at.r === 0 && at.m === 0;
    const last = at.r === parts.length - 1 && at.m === counts[at.r] - 1;
    const focused = document.activeElement;
    stage.querySelectorAll("[data-go=first], [data-go=back], [data-go=round-back]").forEach((b) => { b.disabled = first; });
    stage.querySelectorAll("[data-go=last], [data-go=forward], [data-go=round-forward]").forEach((b) => { b.disabled = last; });
    const spots = marked("");
    stage.querySelector("[data-go=mark-forward]").disabled = !spots.some((s) => before(at, s));
    stage.querySelector("[data-go=mark-back]").disabled = !spots.some((s) => before(s, at));
    // A button disabled under the focus would drop it to the page, where Home and End
    // scroll instead of stepping: the focus stays on the replay's buttons.
    if (focused && focused.disabled && stage.contains(focused)) toggle.focus();
    if (last) pause();
  }

  // The current entry highlighted, and kept in view where the list scrolls by itself
  // (beside the board); on a phone the list is under the board and the page stays put.
  // Measured once before the next frame, not at each step: measuring at once made every
  // step lay the whole page out again.
  // The list's rounds out of sight are laid out only as they come near (content-visibility):
  // until then their height is a guess, and scrolling to the entry by guessed heights can
  // miss it. Once scrolled, the rounds around it are laid out: it is looked for again in
  // the next frames, until it is in view.
  let placing = 0;
  function place(tries) {
    placing = 0;
    if (!current || list.scrollHeight <= list.clientHeight + 1) return;
    const box = list.getBoundingClientRect(), at = current.getBoundingClientRect();
    if (at.top >= box.top && at.bottom <= box.bottom) return;
    list.scrollTop += at.top - box.top - list.clientHeight / 3;
    // Each scroll lays out more rounds and corrects the guess (a list scrolled to its
    // guessed end grows once laid out): looked for again until in view, half a second at most.
    if ((tries || 0) < 30) placing = requestAnimationFrame(() => place((tries || 0) + 1));
  }
  // On a phone the list is under the board, out of sight at first: its rounds are laid out
  // only when the reader scrolls to it, and the current move is looked for then.
  new IntersectionObserver((seen) => {
    if (seen.some((e) => e.isIntersecting) && !placing) placing = requestAnimationFrame(() => place(0));
  }).observe(list);
  function follow(listed) {
    if (current === listed) return;
    if (current) { current.classList.remove("current"); current.removeAttribute("aria-current"); }
    current = listed;
    if (!listed) return;
    listed.classList.add("current");
    listed.setAttribute("aria-current", "step");
    if (!placing) placing = requestAnimationFrame(() => place(0));
  }

  // The score race: a marker on the step shown; a click goes to the step under it.
  const chart = document.querySelector("svg.race");
  const marker = chart && chart.querySelector("line.now");
  function xOf(step) {
    const left = Number(chart.dataset.left), right = Number(chart.dataset.right);
    return left + (step / Math.max(Number(chart.dataset.steps), 1)) * (right - left);
  }
  // The review's marks on the race: a tick above the chart at each marked play, in the
  // colour of the player's side.
  if (chart && marker) {
    const top = Number(marker.getAttribute("y1"));
    for (const mark of list.querySelectorAll(".mark.review")) {
      const at = position(mark.closest("[id]"));
      const p = Number((/\bp(\d+)\b/.exec(mark.className) || [0, 0])[1]);
      const tick = document.createElementNS(NS, "path");
      tick.setAttribute("class", "review-tick " + sideOf(p));
      tick.setAttribute("d", "M" + xOf(starts[at.r] + at.m) + "," + top + "l-4,-9h8z");
      const title = document.createElementNS(NS, "title");
      title.textContent = words.review_mark + ": " + data.players[p];
      tick.appendChild(title);
      chart.insertBefore(tick, marker);
    }
  }
  function race() {
    if (!marker) return;
    const x = String(xOf(starts[at.r] + at.m));
    marker.setAttribute("x1", x);
    marker.setAttribute("x2", x);
    marker.setAttribute("visibility", "visible");
  }
  function stepAt(step) {  // a step of the race as (round, move): a round's start is the step before it
    let r = 0;
    while (r < parts.length - 1 && starts[r + 1] < step) r += 1;
    return { r: r, m: Math.min(step - starts[r], counts[r] - 1) };
  }
  // Its labels stay 12 pixels high (three quarters of the text size) however wide the
  // chart is drawn; the box widens to the left for the scores' labels (on a phone, or with
  // large text, they would be cut), a score or a round's name that would run into the one
  // before is left out.
  const drawn = chart && [chart.viewBox.baseVal.x, chart.viewBox.baseVal.width];
  function labels() {
    if (!chart || !chart.clientWidth) return;
    const axis = [...chart.querySelectorAll("text.axis")];
    const root = 0.75 * parseFloat(getComputedStyle(document.documentElement).fontSize);
    const sized = (box) => root / (chart.clientWidth / box[1]);  // 12 px as drawn, in the box's units
    // The labels measured once, at the drawn box's size; their width grows with the size, so
    // the box that holds them is worked out without measuring again (each measure lays the
    // page out).
    let size = sized(drawn);
    chart.querySelectorAll("text").forEach((text) => { text.style.fontSize = size + "px"; });
    const wide = Math.max(0, ...axis.map((text) => text.getComputedTextLength())) / size;
    let box = drawn.slice();
    for (let i = 0; i < 8; i += 1) {
      size = sized(box);
      const left = Math.min(drawn[0], Number(chart.dataset.left) - 6 - wide * size - size / 4);
      box = [left, drawn[1] + drawn[0] - left];
    }
    chart.setAttribute("viewBox", [box[0], 0, box[1], chart.viewBox.baseVal.height].join(" "));
    size = sized(box);
    chart.querySelectorAll("text").forEach((text) => { text.style.fontSize = size + "px"; });
    let above = -Infinity;
    axis.reverse().forEach((text) => {  // from the top down: the top score stays
      text.removeAttribute("visibility");
      const y = Number(text.getAttribute("y"));
      if (y - above < size * 1.1) text.setAttribute("visibility", "hidden"); else above = y;
    });
    let free = -Infinity;
    chart.querySelectorAll("text.round-name").forEach((text) => {
      text.removeAttribute("visibility");
      const x = Number(text.getAttribute("x"));
      if (x < free) text.setAttribute("visibility", "hidden");
      else free = x + text.getComputedTextLength() + size * 0.6;
    });
  }

  function address() {
    return "#r" + numbers[at.r] + "m" + at.m;
  }

  // The address names the move shown, for a link to it. Browsers ignore a page that
  // changes its address too often (Chromium: a hundred times in ten seconds), as holding
  // an arrow key does: past a few a second, the address follows when the steps pause.
  let changes = [];
  let later = null;
  function remember(jumped) {
    clearTimeout(later);
    const now = performance.now();
    changes = changes.filter((t) => now - t < 10000);
    if (!jumped && changes.length >= 50) { later = setTimeout(() => remember(false), 1000); return; }
    const fragment = address();
    if (location.hash === fragment) return;
    changes.push(now);
    if (jumped) history.pushState(null, "", fragment); else history.replaceState(null, "", fragment);
  }

  // The entries with a mark of a kind (".muggins", ".review", "" for any), as (round, move);
  // found once, again only when the list changes (every step asks, for the mark buttons).
  const markedBy = new Map();
  new MutationObserver(() => markedBy.clear()).observe(list, { childList: true, subtree: true });
  const marked = (kind) => {
    if (!markedBy.has(kind)) markedBy.set(kind, [...list.querySelectorAll(".mark" + kind)].map((mark) => position(mark.closest("[id]"))));
    return markedBy.get(kind).slice();
  };

  function position(element) {  // (round, move) of an entry of the list
    const found = /^r(\d+)m(\d+)$/.exec(element.id);
    return { r: numbers.indexOf(Number(found[1])), m: Number(found[2]) };
  }

  function before(a, b) {
    return a.r < b.r || (a.r === b.r && a.m < b.m);
  }

  function go(how, player) {
    const last = parts.length - 1;
    const end = (r) => counts[r] - 1;
    let jumped = false;
    if (how === "forward") {
      if (at.m < end(at.r)) at.m += 1; else if (at.r < last) at = { r: at.r + 1, m: 0 };
    } else if (how === "back") {
      if (at.m > 0) at.m -= 1; else if (at.r > 0) at = { r: at.r - 1, m: end(at.r - 1) };
    } else if (how === "round-forward") {
      at = at.r < last ? { r: at.r + 1, m: 0 } : { r: last, m: end(last) };
    } else if (how === "round-back") {
      at = at.m > 0 || at.r === 0 ? { r: at.r, m: 0 } : { r: at.r - 1, m: 0 };
    } else if (how === "first") {
      at = { r: 0, m: 0 };
    } else if (how === "last") {
      at = { r: last, m: end(last) };
    } else if (/^(mark|muggins|review)-/.test(how)) {
      // M goes through the muggins marks, R through the review's, the buttons through both;
      // a player's tally in the header through that player's marks of its kind.
      const kind = { mark: "", muggins: ".muggins", review: ".review" }[how.split("-")[0]] + (player === undefined ? "" : ".p" + player);
      const spots = marked(kind);
      const found = how.endsWith("forward") ? spots.find((s) => before(at, s)) : spots.reverse().find((s) => before(s, at));
      if (!found && (player === undefined || !spots.length)) return;
      at = found || spots[0];  // a player's key starts again from the first
      jumped = true;
    } else if (how === "play") {
      if (playing) pause(); else play();
      return;
    }
    draw();
    remember(jumped);
  }

  function jump(to) {
    at = to;
    draw();
    remember(true);
  }

  const toggle = stage.querySelector("[data-go=play]");
  function play() {
    if (at.r === parts.length - 1 && at.m === counts[at.r] - 1) at = { r: 0, m: 0 };
    playing = setInterval(() => go("forward"), 1000);
    toggle.textContent = "⏸";
    toggle.setAttribute("aria-pressed", "true");
    toggle.setAttribute("aria-label", words.pause);
    toggle.title = words.pause;
    draw();
    remember(false);
  }
  function pause() {
    if (!playing) return;
    clearInterval(playing);
    playing = null;
    toggle.textContent = "▶";
    toggle.setAttribute("aria-pressed", "false");
    toggle.setAttribute("aria-label", words.play_auto);
    toggle.title = words.play_auto;
  }

  // Where the page opens without an address: the last step of the game that has tiles
  // on the table (the end of the game, or of the round being played). A game that ended
  // on a lead opens on the round before's end, not on one tile.
  function opening() {
    for (let r = parts.length - 1; r >= 0; r -= 1) {
      const steps = round(r).steps;
      const over = steps[steps.length - 1][4] === -1 && !steps[steps.length - 1][5];
      if (over && steps[steps.length - 1][0] === 1 && r > 0 && r === parts.length - 1) continue;
      for (let m = steps.length - 1; m >= 0; m -= 1) if (steps[m][0]) return { r: r, m: m };
    }
    return { r: 0, m: 0 };
  }

  // The step the address names; an address outside the game is corrected to the nearest
  // step in it (a move past the round's end: its last step; an unknown round: the opening).
  function fromFragment() {
    if (!/^#r/.test(location.hash)) return false;  // none, or a part of the page (#sheet)
    const found = /^#r(\d+)m(\d+)$/.exec(location.hash);
    const r = found ? numbers.indexOf(Number(found[1])) : -1;
    at = r < 0 ? opening() : { r: r, m: Math.min(Number(found[2]), counts[r] - 1) };
    if (location.hash !== address()) history.replaceState(null, "", address());
    return true;
  }

  stage.hidden = false;
  section.classList.add("live");
  stage.querySelectorAll("button[data-go]").forEach((button) => {
    button.addEventListener("click", () => go(button.dataset.go));
  });
  // A player's tally in the header: that player's next mark of its kind.
  document.querySelectorAll("header .players a[data-go]").forEach((key) => {
    key.addEventListener("click", (event) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      pause();
      go(key.dataset.go, Number(key.dataset.player));
      stage.scrollIntoView({ block: "nearest" });
    });
  });
  list.addEventListener("click", (event) => {
    const link = event.target.closest("a[href^='#r']");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = document.getElementById(link.getAttribute("href").slice(1));
    if (!target) return;
    event.preventDefault();
    pause();
    jump(position(target));
  });
  if (chart) {
    chart.addEventListener("click", (event) => {
      const box = chart.getBoundingClientRect();
      const x = chart.viewBox.baseVal.x + ((event.clientX - box.left) / box.width) * chart.viewBox.baseVal.width;
      const left = Number(chart.dataset.left), right = Number(chart.dataset.right);
      const step = Math.round(((x - left) / (right - left)) * Number(chart.dataset.steps));
      pause();
      jump(stepAt(Math.max(0, Math.min(step, Number(chart.dataset.steps)))));
      stage.scrollIntoView({ block: "nearest" });
    });
    new ResizeObserver(labels).observe(chart);
  }
  // The arrows step anywhere on the page (it never scrolls sideways); the keys that scroll
  // the page step by round only while the replay's buttons have the focus.
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    let how = { ArrowRight: "forward", ArrowLeft: "back", m: "muggins-forward", M: "muggins-back", r: "review-forward", R: "review-back", p: "play", P: "play" }[event.key];
    if (!how && stage.contains(document.activeElement)) {
      how = { PageDown: "round-forward", PageUp: "round-back", Home: "first", End: "last" }[event.key];
    }
    if (!how) return;
    event.preventDefault();
    if (how !== "play") pause();
    go(how);
  });
  let touch = null;
  const pad = stage.querySelector(".board");
  pad.addEventListener("touchstart", (event) => {
    touch = event.touches.length === 1 ? [event.touches[0].clientX, event.touches[0].clientY] : null;
  }, { passive: true });
  pad.addEventListener("touchend", (event) => {
    if (!touch) return;
    const dx = event.changedTouches[0].clientX - touch[0];
    const dy = event.changedTouches[0].clientY - touch[1];
    touch = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 1.5 * Math.abs(dy)) { pause(); go(dx < 0 ? "forward" : "back"); }
  });
  window.addEventListener("popstate", () => { if (!fromFragment()) at = opening(); draw(); });
  window.addEventListener("hashchange", () => { if (fromFragment()) draw(); });
  narrow.addEventListener("change", () => { shown = null; draw(); });
  if (!fromFragment()) at = opening();
  draw();
  labels();
  // A fragment scrolls the browser to its entry of the list: the board comes first, and
  // the entry is kept in view in the list.
  // The browser would scroll to it once the page is read (a phone would open on the list,
  // the board out of sight): the address goes without its fragment until then.
  if (/^#r/.test(location.hash)) {
    const step = address();
    history.replaceState(history.state, "", location.pathname + location.search);
    window.scrollTo(0, 0);
    place();
    window.addEventListener("load", () => {
      if (!location.hash) history.replaceState(history.state, "", step);  // unless a step was taken meanwhile
    }, { once: true });
  }
})();
