// The page of `scorepad serve`: one push (Server-Sent Events) brings the game as it stands
// after every change; the page draws it, and a player's page offers the calls the rules
// allow now. The whole game is the exported page in a frame, loaded again on a change
// (at the move it showed, if the reader had stepped away from the end).
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("live-data").textContent);
  const words = data.words;
  const $ = (selector) => document.querySelector(selector);
  const frame = $("details.game iframe");
  const answer = $(".answer");
  let latest = null;
  let answered = 0;  // when the last call was answered: its answer stays until a later change

  function text(selector, value) {
    const element = $(selector);
    element.textContent = value || "";
    return element;
  }

  function draw(now) {
    const problem = $(".problem");
    if (now.problem) {  // the record cannot be read (being edited): the game as last read stays
      problem.textContent = now.problem;
      problem.hidden = false;
      $(".calls").replaceChildren();
      return;
    }
    problem.hidden = true;
    const turn = text(".turn", now.turn_words);
    turn.classList.toggle("yours", now.your_turn);
    text(".ends", now.ends);
    $(".scores").replaceChildren(...now.sides.map((side) => {
      const item = document.createElement("li");
      item.classList.toggle("turn", side.turn);
      item.classList.toggle("yours", side.yours);
      const name = document.createElement("bdi");
      name.className = "name";
      name.textContent = side.name;
      const score = document.createElement("span");
      score.className = "score";
      score.textContent = side.score;
      const needs = document.createElement("span");
      needs.className = "needs";
      needs.textContent = side.needs;
      const left = document.createElement("span");
      left.append(name, document.createElement("br"), needs);
      item.append(left, score);
      return item;
    }));
    text(".last", now.last);
    text(".chance", now.chance);
    $(".calls").replaceChildren(...now.calls.map((offer) => {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.call = offer.what;
      button.textContent = offer.label;
      button.addEventListener("click", () => call(offer.what, button));
      return button;
    }));
  }

  function call(what, button) {
    if (!latest || !latest.seen) return;
    button.disabled = true;
    answer.className = "answer";
    answer.textContent = words.sending;
    fetch("call", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ what: what, seen: latest.seen, nonce: data.nonce }),
      credentials: "omit",
      cache: "no-store",
    }).then((response) => response.json()).then((said) => {
      answer.classList.toggle("refused", Boolean(said.refused));
      answer.textContent = said.refused ? said.refused : said.done;
      answered = performance.now();
    }).catch(() => {
      answer.classList.add("refused");
      answer.textContent = words.lost;
    }).finally(() => { button.disabled = false; });
  }

  // The frame is loaded when first opened, and again after each change while open.
  let framed = null;
  function refresh() {
    if (!latest || latest.problem || !frame.closest("details").open || framed === latest.version) return;
    let hash = "";
    try { hash = frame.contentWindow.location.hash; } catch (error) { hash = ""; }
    framed = latest.version;
    const address = "game?v=" + latest.version + hash;
    if (frame.contentWindow && frame.getAttribute("src")) frame.contentWindow.location.replace(address);
    else frame.setAttribute("src", address);
  }
  frame.closest("details").addEventListener("toggle", refresh);

  const source = new EventSource("events");
  source.addEventListener("message", (event) => {
    const now = JSON.parse(event.data);
    if (answered && latest && now.version !== latest.version && performance.now() - answered > 3000) {
      answer.textContent = "";
      answered = 0;
    }
    latest = now;
    draw(now);
    refresh();
    document.body.dataset.version = now.version;
  });
  source.addEventListener("error", () => {
    const problem = $(".problem");
    problem.textContent = words.lost;
    problem.hidden = false;
  });
  source.addEventListener("open", () => {
    if (!latest || !latest.problem) $(".problem").hidden = true;
  });
})();
