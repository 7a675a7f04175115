// The page works without JavaScript; this wires the print buttons and, on the play-entry page,
// the click-to-play table: the director clicks (or types) the cards in the order played, and
// every card is written into the plain-text play field (one trick per line) the form submits.
document.addEventListener("click", function (event) {
  var button = event.target.closest("[data-print]");
  if (button) { window.print(); }
});

// Times of an event without a time zone of its own: shown in the browser's zone (issue 25);
// the page says UTC without JavaScript.
(function () {
  var times = document.querySelectorAll("time[data-local]");
  if (!times.length || !window.Intl) { return; }
  var zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  var pad = function (n) { return (n < 10 ? "0" : "") + n; };
  Array.prototype.forEach.call(times, function (el) {
    var d = new Date(el.getAttribute("datetime"));
    if (isNaN(d.getTime())) { return; }
    el.textContent = d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) + " " +
      pad(d.getHours()) + ":" + pad(d.getMinutes()) + (zone ? " (" + zone + ")" : "");
  });
})();

// The ruling sheet's event, date, table, round and director: what is typed in "Details for the
// printed sheet" is on the sheet at once (without JavaScript the form's Rule button carries them).
(function () {
  function copy(input) {
    var cell = document.querySelector(".sheet-head .sheet-fields > ." + input.id.slice(6) + " > dd");
    if (!cell) { return; }
    var value = input.value.trim();
    cell.textContent = value;
    cell.classList.toggle("blank", !value);
  }
  var inputs = Array.prototype.slice.call(document.querySelectorAll(".sheet-inputs input[id^='sheet_']"));
  inputs.forEach(function (input) {
    input.addEventListener("input", function () { copy(input); });
  });
  if (inputs.length) { window.addEventListener("beforeprint", function () { inputs.forEach(copy); }); }
})();

// Signed in from a ruling (/signin answered with the ruling's form): back to the ruling at once.
(function () {
  var resume = document.querySelector("form[data-resume]");
  if (resume) { resume.submit(); }
})();

// "Save as a case": the new event's name and date only while "a new event" is chosen.
(function () {
  var select = document.getElementById("case-event");
  if (!select) { return; }
  var fields = Array.prototype.slice.call(document.querySelectorAll("[data-new-event]"));
  function sync() { fields.forEach(function (f) { f.hidden = select.value !== "new"; }); }
  select.addEventListener("change", sync);
  sync();
})();

// The upload: the event's name and date prefilled from the picked file's own tags (PBN's [Event] and
// [Date], USEBIO's EVENT_DESCRIPTION and DATE) where the director left them blank; the server reads
// the same tags when the fields stay blank (app/web/__init__.py _upload_details).
(function () {
  var input = document.getElementById("file");
  var name = document.getElementById("event_name");
  var date = document.getElementById("event_date");
  if (!input || !name || !date || !window.FileReader) { return; }
  input.addEventListener("change", function () {
    var file = input.files && input.files[0];
    if (!file) { return; }
    var reader = new FileReader();
    reader.onload = function () {
      var text = String(reader.result || "");
      var ev = /\[Event "([^"]*[^"?#\s][^"]*)"\]/.exec(text) || /<EVENT_DESCRIPTION>([^<]+)</.exec(text);
      var d = /\[Date "(\d{4})\.(\d{2})\.(\d{2})"\]/.exec(text);
      var u = /<DATE>(\d{2})\/(\d{2})\/(\d{4})</.exec(text);
      if (ev && !name.value) { name.value = ev[1].trim(); }
      if (!date.value) {
        if (d) { date.value = d[1] + "-" + d[2] + "-" + d[3]; } else if (u) { date.value = u[3] + "-" + u[2] + "-" + u[1]; }
      }
    };
    reader.readAsText(file.slice(0, 65536));
  });
})();

(function () {
  "use strict";
  var form = document.getElementById("form-play");
  var clicker = document.getElementById("clicker");
  if (!form || !clicker) { return; }

  var SEATS = ["N", "E", "S", "W"];
  var SUITS = ["S", "H", "D", "C"];
  var RANKS = "23456789TJQKA";
  var SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var FROM_SYMBOL = { "\u2660": "S", "\u2664": "S", "\u2665": "H", "\u2661": "H", "\u2666": "D", "\u2662": "D",
                      "\u2663": "C", "\u2667": "C" };
  var text = JSON.parse(document.getElementById("clicker-text").textContent);
  var contractInput = document.getElementById("contract");
  var declarerSelect = document.getElementById("declarer");
  var playField = document.getElementById("play");
  var cardInput = document.getElementById("card-input");
  var turnLine = document.getElementById("turn");
  var message = document.getElementById("clicker-msg");
  var centre = document.getElementById("current-trick");
  var list = document.getElementById("trick-list");
  var buttons = Array.prototype.slice.call(clicker.querySelectorAll("button.card-btn"));

  // who holds each card, from the hand record (PBN deal "N:spades.hearts.diamonds.clubs ...")
  var owner = {};
  (function readDeal(deal) {
    var first = SEATS.indexOf(deal.charAt(0).toUpperCase());
    deal.slice(2).trim().split(/\s+/).forEach(function (hand, i) {
      var seat = SEATS[(first + i) % 4];
      hand.split(".").forEach(function (ranks, s) {
        ranks.toUpperCase().split("").forEach(function (r) { owner[SUITS[s] + r] = seat; });
      });
    });
  })(form.getAttribute("data-deal"));

  var played = [];
  var textOwned = true;  // false while the text field holds text that is not (yet) cards of this deal

  // "{seat}", or "{seat:gen}": a seat in the case the catalogue's sentence asks for (app/i18n/seats.py)
  function fmt(template, params) {
    return template.replace(/\{(\w+)(?::(\w+))?\}/g, function (m, k, spec) {
      if (!(k in params)) { return m; }
      var v = params[k];
      return v !== null && typeof v === "object" ? (spec && v.cases[spec]) || v.name : v;
    });
  }
  function seatName(seat) { return text.seats[seat] || seat; }
  // a seat as fmt fills it in: the tables' name, and its cases (seats.json: seat_<N|E|S|W>.<case>)
  function seatWord(seat) { return { name: seatName(seat), cases: text.seat_cases[seat] || {} }; }
  function label(card) { return SYMBOL[card.charAt(0)] + card.charAt(1).replace("T", "10"); }
  function rank(card) { return RANKS.indexOf(card.charAt(1)); }
  function nextSeat(seat) { return SEATS[(SEATS.indexOf(seat) + 1) % 4]; }

  // "h7", "H7", "7h", "10s", "ts", "♥7" -> "H7"; null when it is not a card
  function readCard(raw) {
    var t = raw.trim().replace(/[\u2660-\u2667]/g, function (c) { return FROM_SYMBOL[c] || c; }).toUpperCase();
    var m = /^([SHDC])(10|[2-9TJQKA])$/.exec(t) || /^(10|[2-9TJQKA])([SHDC])$/.exec(t);
    if (!m) { return null; }
    var suit = /[SHDC]/.test(m[1]) ? m[1] : m[2];
    var r = /[SHDC]/.test(m[1]) ? m[2] : m[1];
    return suit + (r === "10" ? "T" : r);
  }

  // the contract's trump suit ("" in no trump) and the opening leader, or null when not given
  function contract() {
    var strain = typedStrain(contractInput.value);
    var declarer = declarerSelect.value;
    if (strain === null || SEATS.indexOf(declarer) < 0) { return null; }
    return { trump: strain === "NT" ? "" : strain, leader: nextSeat(declarer) };
  }

  // the strain of a typed contract as engine/model/contract_text.py reads it ("4♥", "3BA", "3БК",
  // "3ΧΑΧ"), or null (a letter naming two suits, Polish K, is not guessed: the server says why)
  var NO_TRUMP = { pl: ["BA"], ru: ["\u0411\u041a"], el: ["\u03a7\u0391"] };
  var LETTERS = { pl: { P: "S", T: "C" },
                  ru: { "\u041f": "S", "\u0427": "H", "\u0411": "D", "\u0422": "C" } };
  function typedStrain(value) {
    var lang = document.documentElement.lang;
    var m = /^([1-7])(.+)$/.exec(value.toUpperCase().replace(/\s+/g, "").replace(/\u0386/g, "\u0391"));
    if (!m) { return null; }
    var rest = m[2];
    for (var n = 0; n <= 2 && n < rest.length; n++) {
      var token = rest.slice(0, rest.length - n);
      var dbl = rest.slice(rest.length - n).replace(/[\u0425\u03a7]/g, "X");
      if (["", "X", "XX", "R", "*", "**"].indexOf(dbl) < 0) { continue; }
      if (/^(S|H|D|C)$/.test(token)) { return token; }
      if (FROM_SYMBOL[token]) { return FROM_SYMBOL[token]; }
      if (token === "NT" || token === "N" || (NO_TRUMP[lang] || []).indexOf(token) >= 0) { return "NT"; }
      if ((LETTERS[lang] || {})[token]) { return LETTERS[lang][token]; }
    }
    return null;
  }

  // the tricks so far: each {cards: [{card, seat, revoke}], winner}; and whose turn it is
  function replay(c) {
    var tricks = [];
    var gone = {};
    var turn = c ? c.leader : null;
    var trick = null;
    played.forEach(function (card) {
      var seat = owner[card];
      if (!trick) { trick = { cards: [], winner: null }; tricks.push(trick); }
      var led = trick.cards.length ? trick.cards[0].card.charAt(0) : null;
      var revoke = false;
      if (led && card.charAt(0) !== led) {  // did not follow: did he hold the suit led? (Law 61A)
        revoke = Object.keys(owner).some(function (k) {
          return owner[k] === seat && k.charAt(0) === led && !gone[k];
        });
      }
      trick.cards.push({ card: card, seat: seat, revoke: revoke });
      gone[card] = true;
      turn = nextSeat(seat);
      if (trick.cards.length === 4) {
        var best = trick.cards[0];
        trick.cards.forEach(function (x) {
          var s = x.card.charAt(0), b = best.card.charAt(0);
          if (c && c.trump && s === c.trump && b !== c.trump) { best = x; }
          else if (s === b && rank(x.card) > rank(best.card)) { best = x; }
        });
        trick.winner = best.seat;
        turn = best.seat;
        trick = null;
      }
    });
    return { tricks: tricks, turn: turn, gone: gone };
  }

  function render() {
    var c = contract();
    var state = replay(c);
    var done = played.length === 52;
    buttons.forEach(function (b) {
      var card = b.getAttribute("data-card");
      b.hidden = !!state.gone[card];
      b.disabled = !c || done || b.getAttribute("data-seat") !== state.turn;
    });
    clicker.querySelectorAll(".suit-line").forEach(function (line) {  // a suit played out shows as a void
      var left = line.querySelectorAll("button.card-btn:not([hidden])").length;
      var dash = line.querySelector(".void");
      if (dash) { dash.hidden = left > 0; }
    });
    clicker.querySelectorAll(".hand").forEach(function (h) {
      h.classList.toggle("on-turn", !!c && !done && h.getAttribute("data-seat") === state.turn);
    });
    var n = state.tricks.length;
    var open = n && !state.tricks[n - 1].winner ? state.tricks[n - 1] : null;
    if (!c) { turnLine.textContent = text.need; }
    else if (done) { turnLine.textContent = text.done; }
    else {
      turnLine.textContent = fmt(open ? text.turn : text.lead,
                                 { seat: seatWord(state.turn), trick: open ? n : n + 1 });
    }
    centre.textContent = "";
    var shown = open || (n ? state.tricks[n - 1] : null);  // the trick on the table, or the last one quitted
    centre.classList.toggle("quitted", !open && !!shown);
    (shown ? shown.cards : []).forEach(function (x) { centre.appendChild(cardNode(x, true)); });
    list.textContent = "";
    state.tricks.forEach(function (t, i) {
      var tr = document.createElement("tr");
      tr.setAttribute("data-trick", String(i + 1));
      var th = document.createElement("th");
      th.scope = "row";
      th.textContent = String(i + 1);
      tr.appendChild(th);
      SEATS.forEach(function (seat) {
        var td = document.createElement("td");
        t.cards.forEach(function (x, k) {
          if (x.seat !== seat) { return; }
          td.appendChild(cardNode(x, false));
          if (k === 0) { td.className = "led"; }
          if (t.winner === seat) { td.className += " winner"; }
        });
        tr.appendChild(td);
      });
      var won = document.createElement("td");
      won.textContent = t.winner ? seatName(t.winner) : "";
      tr.appendChild(won);
      if (t.cards.some(function (x) { return x.revoke; })) { tr.classList.add("has-revoke"); }
      list.appendChild(tr);
    });
    var lines = state.tricks.map(function (t) {
      return t.cards.map(function (x) { return x.card; }).join(" ");
    });
    if (textOwned) { playField.value = lines.join("\n"); }
    return state;
  }

  function cardNode(x, withSeat) {
    var node = document.createElement(x.revoke ? "mark" : "span");
    node.className = "tcard" + (x.revoke ? " revoke" : "");
    node.setAttribute("data-card", x.card);
    if (withSeat) {
      var seat = document.createElement("small");
      seat.textContent = seatName(x.seat) + " ";
      node.appendChild(seat);
    }
    var suit = document.createElement("span");
    suit.className = /[HD]/.test(x.card.charAt(0)) ? "red" : "black";
    suit.textContent = SYMBOL[x.card.charAt(0)];
    node.appendChild(suit);
    node.appendChild(document.createTextNode(x.card.charAt(1).replace("T", "10")));
    if (x.revoke) {
      var tag = document.createElement("strong");
      tag.className = "tag";
      tag.textContent = " " + text.revoke_word;
      node.appendChild(tag);
    }
    return node;
  }

  function play(card) {
    var c = contract();
    var state = replay(c);
    if (!c) { message.textContent = text.need; return false; }
    if (state.gone[card]) { message.textContent = fmt(text.played, { card: label(card) }); return false; }
    if (owner[card] !== state.turn) {
      message.textContent = fmt(text.not_turn, { card: label(card), seat: seatWord(owner[card]),
                                                 turn: seatWord(state.turn) });
      return false;
    }
    played.push(card);
    textOwned = true;
    var after = render();
    var last = after.tricks[after.tricks.length - 1];
    var x = last.cards[last.cards.length - 1];
    message.textContent = x.revoke ? fmt(text.revoke, { seat: seatWord(x.seat), suit: SYMBOL[last.cards[0].card.charAt(0)] })
                                   : "";
    return true;
  }

  // the text field, read back (after a refused form, or text pasted in): used when every piece is a card
  function readField() {
    var cards = [];
    var ok = playField.value.split(/\n/).every(function (line) {
      return line.split(/[\s,;]+/).filter(Boolean).every(function (tok) {
        var card = readCard(tok);
        if (!card || !owner[card] || cards.indexOf(card) >= 0) { return false; }
        cards.push(card);
        return true;
      });
    });
    if (ok) { played = cards; }
    return ok;  // false: the text is kept as typed (the server reports what is wrong with it)
  }

  clicker.addEventListener("click", function (event) {
    var b = event.target.closest("button.card-btn");
    if (b && !b.disabled) { play(b.getAttribute("data-card")); }
  });
  document.getElementById("undo").addEventListener("click", function () {
    if (played.length) { played.pop(); textOwned = true; message.textContent = ""; render(); }
  });
  cardInput.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") { return; }
    event.preventDefault();  // Enter plays the card; it does not submit the form
    var card = readCard(cardInput.value);
    if (!card || !owner[card]) {
      message.textContent = fmt(text.not_card, { text: cardInput.value.trim() || "\u2014" });
      return;
    }
    if (play(card)) { cardInput.value = ""; }
  });
  contractInput.addEventListener("input", render);
  var leaderBefore = contract() ? contract().leader : null;
  declarerSelect.addEventListener("change", function () {
    var c = contract();
    var leader = c ? c.leader : null;
    // the cards entered were read from the old opening lead: say so, never re-read them silently
    message.textContent = played.length && leader && leader !== leaderBefore
      ? fmt(text.leader_changed, { declarer: seatWord(declarerSelect.value), seat: seatWord(leader) }) : "";
    leaderBefore = leader;
    render();
  });
  playField.addEventListener("change", function () { textOwned = readField(); render(); });

  clicker.hidden = false;
  var intro = document.getElementById("play-intro");
  if (intro && intro.getAttribute("data-js-text")) { intro.textContent = intro.getAttribute("data-js-text"); }
  var diagram = document.getElementById("record-diagram");
  if (diagram) { diagram.hidden = true; }
  textOwned = readField();
  render();
})();

// A big file's screening (/screenings/{job}): move the progress bar every second from the job's
// progress, and reload the page when the job ends (it then lists the games). Without JavaScript a
// <noscript> meta refresh reloads the page every 2 seconds instead.
(function () {
  "use strict";
  var box = document.getElementById("screening");
  var bar = document.getElementById("screening-progress");
  if (!box || !bar || !window.fetch) { return; }
  var count = document.getElementById("screening-count");
  var text = box.getAttribute("data-count-text");
  function poll() {
    fetch(box.getAttribute("data-progress-url"), { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (p) {
        if (p.state !== "queued" && p.state !== "running") { window.location.reload(); return; }
        bar.max = p.total;
        bar.value = p.done;
        count.textContent = text.replace("{done}", p.done).replace("{total}", p.total);
        window.setTimeout(poll, 1000);
      })
      .catch(function () { window.setTimeout(poll, 3000); });
  }
  window.setTimeout(poll, 1000);
})();

// The claim page: the statement's phrase buttons fill the structured fields the form submits
// ("draw trumps", "cash suit X", "finesse X through Y", "cross-ruff", "give up a trick in X",
// "no statement"); the director can also type the fields.
(function () {
  "use strict";
  var box = document.getElementById("phrases");
  if (!box) { return; }
  function field(id) { return document.getElementById(id); }
  function add(id, word) {
    var f = field(id);
    f.value = (f.value.trim() ? f.value.trim() + " " : "") + word;
  }
  box.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-phrase]");
    if (!button) { return; }
    var suit = field("ph-suit").value;
    var seat = field("ph-seat").value;
    var card = field("ph-card").value.trim().toUpperCase().replace("10", "T");
    var phrase = button.getAttribute("data-phrase");
    if (phrase === "draw_trumps") {
      field("cl-st-trumps").value = "draws_first";
    } else if (phrase === "cash") {
      add("cl-st-order", "suit:" + suit);
    } else if (phrase === "finesse") {
      if (!/^[SHDC][2-9TJQKA]$/.test(card)) { field("ph-card").focus(); return; }
      add("cl-st-finesses", card + ":" + seat);
    } else if (phrase === "crossruff") {
      add("cl-st-ruffs", suit + ":" + seat);
      if (field("cl-st-trumps").value === "not_mentioned") { field("cl-st-trumps").value = "mentioned"; }
    } else if (phrase === "give_up") {
      var f = field("cl-st-concede");
      var words = f.value.trim() ? f.value.trim().split(/\s+/) : [];
      var done = false;
      words = words.map(function (w) {
        var m = /^([SHDC]):?(\d*)$/i.exec(w);
        if (m && m[1].toUpperCase() === suit && !done) { done = true; return suit + ":" + ((parseInt(m[2] || "1", 10)) + 1); }
        return w;
      });
      if (!done) { words.push(suit + ":1"); }
      f.value = words.join(" ");
    } else if (phrase === "none") {
      ["cl-st-order", "cl-st-finesses", "cl-st-ruffs", "cl-st-concede", "cl-st-unblock"].forEach(function (id) {
        field(id).value = "";
      });
      field("cl-st-trumps").value = "not_mentioned";
    }
  });
})();
