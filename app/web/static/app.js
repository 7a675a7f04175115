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
// A date the page printed in words (data-typed: the value it was printed from) stays in words
// while the box still holds that value.
(function () {
  function copy(input) {
    var cell = document.querySelector(".sheet-head .sheet-fields > ." + input.id.slice(6) + " > dd");
    if (!cell) { return; }
    var value = input.value.trim();
    if (cell.hasAttribute("data-typed") && cell.getAttribute("data-typed") === value) { return; }
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
  if (!input || !name || !date || !window.FileReader || !window.TextDecoder) { return; }
  // The file's bytes as the server decodes them (engine/records/pbn_text.py decode): UTF-16 with or
  // without a byte order mark, else UTF-8, else Windows-1252 (a Latin-1 "Séance" was prefilled as
  // "S\ufffdance" when the file was read as UTF-8 whatever it was; issue 36).
  function decodeFile(b) {
    var enc = null;
    if (b.length >= 2 && b[0] === 0xFF && b[1] === 0xFE) { enc = "utf-16le"; }
    else if (b.length >= 2 && b[0] === 0xFE && b[1] === 0xFF) { enc = "utf-16be"; }
    else if (b.length >= 4) {
      var n = Math.min(b.length, 4096) & ~1, evenNul = 0, oddNul = 0;
      for (var i = 0; i < n; i += 2) { if (b[i] === 0) { evenNul++; } if (b[i + 1] === 0) { oddNul++; } }
      if (oddNul * 2 >= n / 2 && evenNul === 0) { enc = "utf-16le"; }
      else if (evenNul * 2 >= n / 2 && oddNul === 0) { enc = "utf-16be"; }
    }
    if (enc) { try { return new TextDecoder(enc, { fatal: true }).decode(b, { stream: true }); } catch (e) { /* not UTF-16 */ } }
    try { return new TextDecoder("utf-8", { fatal: true }).decode(b, { stream: true }); } catch (e) { /* not UTF-8 */ }
    return new TextDecoder("windows-1252").decode(b);
  }
  input.addEventListener("change", function () {
    var file = input.files && input.files[0];
    if (!file) { return; }
    var reader = new FileReader();
    reader.onload = function () {
      var text = reader.result ? decodeFile(new Uint8Array(reader.result)) : "";
      var ev = /\[Event "([^"]*[^"?#\s][^"]*)"\]/.exec(text) || /<EVENT_DESCRIPTION>([^<]+)</.exec(text);
      var d = /\[Date "(\d{4})\.(\d{2})\.(\d{2})"\]/.exec(text);
      var u = /<DATE>(\d{2})\/(\d{2})\/(\d{4})</.exec(text);
      if (ev && !name.value) { name.value = ev[1].trim(); }
      if (!date.value) {
        if (d) { date.value = d[1] + "-" + d[2] + "-" + d[3]; } else if (u) { date.value = u[3] + "-" + u[2] + "-" + u[1]; }
      }
    };
    reader.readAsArrayBuffer(file.slice(0, 65536));
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

  // the strain of a typed contract as engine/model/contract_text.py reads it ("4♥", "4 kiery", "4Ki",
  // "3BA", "3 БК", "3ΧΑΧ"), or null (a word naming two suits, Polish K, is not guessed: the server says
  // why). The words are the server's own (contract_words(lang): data-words on the contract box), folded
  // as the server folds them: lower case, no diacritics (NFD without its marks), no spaces or full stops
  var WORDS = JSON.parse(contractInput.getAttribute("data-words") || "null") ||
              { strain: {}, doubling: {"": ""}, pass: {}, ambiguous: {} };
  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC")
      .replace(/\u03c2/g, "\u03c3").replace(/[\s.]+/g, "");
  }
  function doubling(tail) {
    if (Object.prototype.hasOwnProperty.call(WORDS.doubling, tail)) { return WORDS.doubling[tail]; }
    var x = tail.replace(/[\u0445\u03c7]/g, "x");  // Cyrillic ha, Greek chi typed for an X
    return Object.prototype.hasOwnProperty.call(WORDS.doubling, x) ? WORDS.doubling[x] : null;
  }
  function typedStrain(value) {
    var m = /^([1-7])(.+)$/.exec(fold(value));
    if (!m) { return null; }
    var rest = m[2], best = null, longest = -1;
    Object.keys(WORDS.strain).forEach(function (word) {  // the longest word read: "5 kar" is karo
      if (rest.indexOf(word) === 0 && word.length > longest && doubling(rest.slice(word.length)) !== null) {
        best = WORDS.strain[word];
        longest = word.length;
      }
    });
    return best;
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

// The claim page: the statement as one ordered list of steps. Each button appends a step (with the
// suit, card, player, count or cards kept chosen beside it) to the numbered list, said in words
// from the page's catalogue (#steps-text-data, app/i18n/statement.py's words_data); each step can
// be moved up or down or removed. The list is written into the text field the form posts
// (st_steps, one step a line, the form app/i18n/statement.py reads); without JavaScript the
// director types that field. The claimer follows the declarer until the director picks him.
(function () {
  "use strict";
  var form = document.getElementById("form-claim");
  var list = document.getElementById("steps-list");
  var builder = document.getElementById("step-builder");
  var field = document.getElementById("cl-st-steps");
  if (!form || !list || !builder || !field) { return; }
  var data = JSON.parse(document.getElementById("steps-text-data").textContent);
  var SEATS = ["N", "E", "S", "W"];
  var SUITS = ["S", "H", "D", "C"];
  var RANKS = "AKQJT98765432";
  var SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  var none = document.getElementById("steps-none");
  var message = document.getElementById("steps-msg");
  var lang = document.documentElement.lang || "en";
  var plural = window.Intl && Intl.PluralRules ? new Intl.PluralRules(lang) : null;
  function $(id) { return document.getElementById(id); }

  // "{seat}", "{seat:gen}", "{suit:acc}": a value with forms (a suit, a seat) in the form asked
  function fmt(template, params) {
    return template.replace(/\{(\w+)(?::(\w+))?\}/g, function (m, k, spec) {
      if (!(k in params)) { return m; }
      var v = params[k];
      return v !== null && typeof v === "object" ? (spec ? v[spec] : v.name) || v.name : String(v);
    });
  }
  function say(key, n, params) {
    var forms = data.templates[key] || {};
    var form = plural && typeof n === "number" ? plural.select(n) : "other";
    return fmt(forms[form] || forms.other || key, params);
  }
  function label(card) { return SYMBOL[card.charAt(0)] + card.charAt(1).replace("T", "10"); }

  // a step {do, suit, card, seat, count, card2, suit2, keep} in words, as app/i18n/statement.py says it
  function words(st) {
    var p = { n: st.count || 1, cards: (st.keep || []).map(label).join(" ") };
    if (st.suit) { p.suit = data.suits[st.suit]; }
    if (st.suit2) { p.suit2 = data.suits[st.suit2]; }
    if (st.seat) { p.seat = data.seats[st.seat]; p.seat2 = data.seats[data.partner[st.seat]]; }
    if (st.card) { p.card = label(st.card); }
    if (st.card2) { p.card2 = label(st.card2); }
    var key = "claim_step_" + st.do;
    if ((st.do === "finesse" || st.do === "ruffing_finesse") && st.seat) { key += "_against"; }
    if (st.do === "concede" && st.card2) { key = "claim_step_concede_loser"; p.card = p.card2; }
    if (st.do === "discard") { key += st.card2 ? "_on" : "_suit"; }
    var said = say(key, p.n, p);
    if (st.do === "ruffing_finesse" && st.card2) { said += say("claim_step_if_not_covered", 1, p); }
    return said.charAt(0).toUpperCase() + said.slice(1);
  }
  // the same step in the text form ("ruff C N 2"), what the server reads back
  function line(st) {
    var kind = { draw_trumps: "draw trumps", cross_ruff: "cross-ruff", ruffing_finesse: "ruffing finesse" }[st.do]
      || st.do;
    var parts = [kind];
    var count = st.count && st.count > 1 ? String(st.count) : "";
    switch (st.do) {
      case "cash": parts.push(st.suit); break;
      case "lead": case "unblock": parts.push(st.card); break;
      case "finesse": parts.push(st.card, st.seat || ""); break;
      case "ruff": parts.push(st.suit, st.seat, count); break;
      case "cross_ruff": parts.push(st.suit, st.seat, st.suit2); break;
      case "concede": parts.push(st.suit, count, st.card2 || ""); break;
      case "discard": parts.push(st.card, st.card2 ? "on " + st.card2 : st.suit); break;
      case "ruffing_finesse": parts.push(st.card, st.seat || "", st.card2 || ""); break;
      case "squeeze": parts = parts.concat(st.keep); break;
    }
    return parts.filter(Boolean).join(" ");
  }

  // the cards of the deal still in the hands, by seat: the stored board's deal less the play typed,
  // or the deal typed, or the position's four hands; null when none is known
  function hands() {
    var source = form.querySelector("input[name=source]:checked");
    var byPosition = source && source.value === "position";
    var out = null;
    function add(seat, text) {
      text.split(".").forEach(function (ranks, s) {
        if (s > 3) { return; }
        ranks.toUpperCase().replace(/10/g, "T").split("").forEach(function (r) {
          if (RANKS.indexOf(r) >= 0) { out = out || {}; out[SUITS[s] + r] = seat; }
        });
      });
    }
    if (byPosition) {
      SEATS.forEach(function (seat) { var f = $("cl-hand-" + seat); if (f && f.value.trim()) { add(seat, f.value.trim()); } });
      return out;
    }
    var deal = form.getAttribute("data-deal") || ($("cl-deal") ? $("cl-deal").value.trim() : "");
    var m = /^([NESW]):(.+)$/i.exec(deal);
    if (!m) { return null; }
    var first = SEATS.indexOf(m[1].toUpperCase());
    m[2].trim().split(/\s+/).forEach(function (hand, i) { if (i < 4 && hand !== "-") { add(SEATS[(first + i) % 4], hand); } });
    var play = $("cl-play") ? $("cl-play").value : "";
    play.split(/[\s,;]+/).forEach(function (tok) {
      var t = tok.toUpperCase().replace("10", "T");
      var c = /^[SHDC][2-9TJQKA]$/.test(t) ? t : (/^[2-9TJQKA][SHDC]$/.test(t) ? t.charAt(1) + t.charAt(0) : "");
      if (out && c) { delete out[c]; }
    });
    return out;
  }
  function options(select, cards, blank) {
    var kept = Array.prototype.filter.call(select.options, function (o) { return o.selected; })
      .map(function (o) { return o.value; });
    select.textContent = "";
    if (blank) { var b = document.createElement("option"); b.value = ""; b.textContent = "\u2014"; select.appendChild(b); }
    cards.forEach(function (c) {
      var o = document.createElement("option");
      o.value = c.card;
      o.textContent = label(c.card) + (c.seat ? " (" + data.seats[c.seat].name + ")" : "");
      o.selected = kept.indexOf(c.card) >= 0;
      select.appendChild(o);
    });
  }
  // the card selects: the claiming side's cards (the lead a card is thrown on: anyone's)
  function refreshCards() {
    var owner = hands();
    var by = $("cl-by").value;
    var side = [by, data.partner[by]];
    var all = [];
    SUITS.forEach(function (s) {
      RANKS.split("").forEach(function (r) {
        var card = s + r;
        if (!owner || owner[card]) { all.push({ card: card, seat: owner ? owner[card] : "" }); }
      });
    });
    var ours = owner ? all.filter(function (c) { return side.indexOf(c.seat) >= 0; }) : all;
    options($("ph-card"), ours, true);
    options($("ph-card2"), all, true);
    options($("ph-keep"), ours, false);
  }

  var steps = [];  // [{line, words}] in order
  function write() {
    field.value = steps.map(function (s) { return s.line; }).join("\n");
  }
  function render(focus) {
    list.textContent = "";
    steps.forEach(function (s, i) {
      var li = document.createElement("li");
      li.setAttribute("data-line", s.line);
      var span = document.createElement("span");
      span.className = "step-words";
      span.textContent = s.words;
      li.appendChild(span);
      [["up", i > 0], ["down", i < steps.length - 1], ["remove", true]].forEach(function (b) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = "step-" + b[0];
        button.setAttribute("data-move", b[0]);
        button.setAttribute("data-index", String(i));
        button.textContent = say("claim_step_" + b[0], 1, {});
        button.setAttribute("aria-label", say("claim_step_" + b[0] + "_aria", 1, { step: i + 1 }));
        button.disabled = !b[1];
        li.appendChild(document.createTextNode(" "));
        li.appendChild(button);
      });
      list.appendChild(li);
    });
    none.hidden = steps.length > 0;
    write();
    if (focus) {
      var target = list.querySelector("li:nth-child(" + (focus.index + 1) + ") button[data-move=" + focus.move + "]");
      if (!target || target.disabled) { target = list.querySelector("li:nth-child(" + (focus.index + 1) + ") button[data-move=remove]"); }
      if (target) { target.focus(); }
    }
  }

  function need(key, control) { message.textContent = say(key, 1, {}); control.focus(); return null; }
  function picked() {
    var count = parseInt($("ph-count").value, 10);
    return { suit: $("ph-suit").value, suit2: $("ph-suit2").value, card: $("ph-card").value,
             card2: $("ph-card2").value, seat: $("ph-seat").value,
             count: count >= 1 && count <= 13 ? count : 1,
             keep: Array.prototype.filter.call($("ph-keep").options, function (o) { return o.selected; })
               .map(function (o) { return o.value; }) };
  }
  function build(kind) {
    var p = picked();
    var st = { do: kind };
    switch (kind) {
      case "cash": st.suit = p.suit; break;
      case "lead": case "unblock": if (!p.card) { return need("claim_need_card", $("ph-card")); } st.card = p.card; break;
      case "finesse":
        if (!p.card) { return need("claim_need_card", $("ph-card")); }
        st.card = p.card; st.seat = p.seat; break;
      case "ruff":
        if (!p.seat) { return need("claim_need_seat", $("ph-seat")); }
        st.suit = p.suit; st.seat = p.seat; st.count = p.count; break;
      case "cross_ruff":
        if (!p.seat) { return need("claim_need_seat", $("ph-seat")); }
        st.suit = p.suit; st.seat = p.seat; st.suit2 = p.suit2; break;
      case "concede": st.suit = p.suit; st.count = p.count; st.card2 = p.card2; break;
      case "discard":
        if (!p.card) { return need("claim_need_card", $("ph-card")); }
        st.card = p.card; st.card2 = p.card2; st.suit = p.suit; break;
      case "ruffing_finesse":
        if (!p.card) { return need("claim_need_card", $("ph-card")); }
        st.card = p.card; st.seat = p.seat; st.card2 = p.card2; break;
      case "squeeze":
        if (!p.keep.length) { return need("claim_need_keep", $("ph-keep")); }
        st.keep = p.keep; break;
    }
    return st;
  }

  builder.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-add], button[data-clear]");
    if (!button) { return; }
    if (button.hasAttribute("data-clear")) { steps = []; message.textContent = ""; render(null); return; }
    var st = build(button.getAttribute("data-add"));
    if (!st) { return; }
    var w = words(st);
    steps.push({ line: line(st), words: w });
    render(null);
    message.textContent = say("claim_step_added", 1, { step: steps.length, words: w });
    $("ph-card2").value = "";
    $("ph-count").value = "1";
    Array.prototype.forEach.call($("ph-keep").options, function (o) { o.selected = false; });
  });
  list.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-move]");
    if (!button) { return; }
    var i = parseInt(button.getAttribute("data-index"), 10);
    var move = button.getAttribute("data-move");
    var j = move === "up" ? i - 1 : move === "down" ? i + 1 : -1;
    if (j >= 0 && j < steps.length) {
      var s = steps[i]; steps[i] = steps[j]; steps[j] = s;
      render({ index: j, move: move });
    } else if (move === "remove") {
      steps.splice(i, 1);
      render({ index: Math.min(i, steps.length - 1), move: "remove" });
    }
  });

  // the claimer (by) follows the declarer until the director picks a claimer himself
  var by = $("cl-by");
  var declarers = [$("cl-declarer"), $("cl-pos-declarer")].filter(Boolean);
  var byPicked = declarers.some(function (d) { return d.value && d.value !== by.value; });
  by.addEventListener("change", function () { byPicked = true; refreshCards(); });
  declarers.forEach(function (d) {
    d.addEventListener("change", function () {
      if (!byPicked && SEATS.indexOf(d.value) >= 0) { by.value = d.value; refreshCards(); }
    });
  });
  ["cl-play", "cl-deal", "cl-hand-N", "cl-hand-E", "cl-hand-S", "cl-hand-W"].forEach(function (id) {
    if ($(id)) { $(id).addEventListener("change", refreshCards); $(id).addEventListener("input", refreshCards); }
  });
  Array.prototype.forEach.call(form.querySelectorAll("input[name=source]"), function (r) {
    r.addEventListener("change", refreshCards);
  });

  // the steps the server read from the field (a field it could not read stays a field to correct)
  if (list.getAttribute("data-read") !== "1") { return; }
  steps = Array.prototype.map.call(list.querySelectorAll("li[data-line]"), function (li) {
    return { line: li.getAttribute("data-line"), words: li.querySelector(".step-words").textContent };
  });
  builder.hidden = false;
  $("steps-text").hidden = true;
  refreshCards();
  render(null);
})();
