// Wypas: your hand, everyone's pens and rows (wolves, black sheep), the baca's auction
// (lots, laid bids, face-down bluff cards as backs), the victory track, special cards
// playable at any moment, the reaction window with its countdown, Dolly values chosen
// when placed, and a bleat button that bleats.
import { h, s, svgBox, put, plural, button } from "../dom.js";
import { sheep, wolf, dog, cardBack } from "../art.js";
import { actionBar } from "./generic.js";
import { bleat } from "../sound.js";

const COLOURS = { red: "#c0392b", orange: "#e67e22", yellow: "#d4a017", green: "#2e9d57", magenta: "#b03a8c" };
/** Colour is never the only sign: each colour has a letter and a mark of its own, drawn on
 * the card, so cards tell apart under any colour vision. */
const MARKS = { red: ["R", "●"], orange: ["O", "▲"], yellow: ["Y", "■"], green: ["G", "◆"], magenta: ["M", "★"] };
const SPECIALS = { thief: "Thief", sheepdog: "Sheepdog", black_sheep: "Black Sheep", wolf: "Wolf" };
const PHASES = {
  choose_baca: "choosing the first baca", deal: "dealing", hide: "the baca lays the lots",
  name: "naming a lot", bid: "auction", tie: "the baca breaks a tie", redyk: "Redyk: filling the pens",
  shear: "shearing", over: "game over",
};
const REACTION_SECONDS = 20; // the server's default reaction window (pasture serve --reaction-timeout)
const BLEAT_MS = 10000;

export function cardName(kind) {
  if (!kind) return "a face-down card";
  if (SPECIALS[kind]) return SPECIALS[kind];
  if (kind === "super_dolly") return "Super Dolly";
  if (kind.startsWith("dolly_")) return `Dolly (${kind.slice(6)})`;
  const [colour, value] = kind.split("_");
  return `${colour} ${value}`;
}

function colourOf(kind) {
  if (!kind) return null;
  if (kind.startsWith("dolly_")) return kind.slice(6);
  const c = kind.split("_")[0];
  return COLOURS[c] ? c : null;
}

/** A Wypas card as SVG (kind null: its back). `shown` overrides the value drawn. */
export function wcard(kind, { value = null, colour = null, extra = "", attrs = {} } = {}) {
  const W = 56;
  const H = 78;
  const label = kind ? cardName(kind) + (value !== null && !/\d$/.test(kind) ? ` as ${colour ? colour + " " : ""}${value}` : "") : "a face-down card";
  const parts = [s("title", {}, label)];
  if (!kind) {
    parts.push(cardBack(W, H, value !== null ? String(value) : ""));
  } else {
    const col = COLOURS[colour || colourOf(kind)] || "#6b7563";
    const rainbow = kind === "super_dolly" && !colour;
    parts.push(s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 7, fill: "#fffaf0", stroke: rainbow ? "#8e44ad" : col, "stroke-width": 3 }));
    if (kind === "thief") {
      parts.push(s("path", { d: "M10 30 q18 -14 36 0 l-4 10 q-14 -6 -28 0 z", fill: "#222" }));
      parts.push(s("circle", { cx: 20, cy: 34, r: 3, fill: "#fff" }), s("circle", { cx: 36, cy: 34, r: 3, fill: "#fff" }));
    } else if (kind === "wolf") parts.push(wolf(8, 14, 0.4));
    else if (kind === "sheepdog") parts.push(dog(8, 14, 0.4));
    else if (kind === "black_sheep") {
      const g = sheep(4, 20, 0.48, 12);
      for (const c of g.querySelectorAll("circle")) c.setAttribute("fill", "#2b2b2b");
      parts.push(g);
    } else {
      parts.push(sheep(4, 24, 0.48, kind.startsWith("dolly") || kind === "super_dolly" ? 2 : 0));
      const v = value !== null ? value : Number(kind.split("_")[1]);
      if (!Number.isNaN(v)) parts.push(s("text", { x: 8, y: 20, class: "w-num", fill: col }, String(v)));
      const mark = MARKS[colour || colourOf(kind)];
      if (mark) parts.push(s("text", { x: W - 6, y: 18, "text-anchor": "end", class: "w-colour", fill: col, "data-colour": colour || colourOf(kind) }, `${mark[1]}${mark[0]}`));
    }
    const word = SPECIALS[kind] ? SPECIALS[kind].toUpperCase() : kind === "super_dolly" ? "SUPER DOLLY" : kind.startsWith("dolly") ? "DOLLY" : "";
    if (word) parts.push(s("text", { x: W / 2, y: H - 8, "text-anchor": "middle", class: "w-word" }, word));
  }
  return svgBox(W, H, { class: `wcard ${extra}`, "aria-label": label, "data-card": kind || "back", ...attrs }, ...parts);
}

function expand(counts) {
  const out = [];
  for (const [kind, n] of Object.entries(counts || {})) for (let i = 0; i < n; i++) out.push(kind);
  return out;
}

const penName = (pen) => `pen ${pen + 1}`;
const whose = (ctx, seat) => (seat === ctx.seat ? "your" : `${ctx.name(seat)}'s`);

export function label(a, ctx) {
  const who = (seat) => (seat === ctx.seat ? "your" : `${ctx.name(seat)}'s`);
  switch (a.kind) {
    case "hide_lot": return `Lay ${cardName(a.card)} face down`;
    case "name_lot": return `Auction lot ${a.lot + 1}`;
    case "lay": return a.hidden ? `Lay ${cardName(a.card)} face down, declared ${a.value}` : `Lay ${cardName(a.card)} as ${a.value}`;
    case "done": return doneLabel(ctx);
    case "pass": return "Pass on this lot";
    case "tie_break": return `Give the lot to ${ctx.name(a.seat)}`;
    case "place": return `Into ${penName(a.pen)} as ${a.colour} ${a.value}`;
    case "shear": return `Shear ${penName(a.pen)}`;
    case "no_reaction": return "No reaction";
    case "thief": return `Thief on ${ctx.name(a.target)}`;
    case "wolf": return `Wolf on ${who(a.seat)} ${penName(a.pen)}`;
    case "black_sheep": return `Black Sheep on ${who(a.seat)} ${penName(a.pen)}`;
    case "sheepdog": return a.seat === null ? "Sheepdog: cancel the last special card" : `Sheepdog: drive the Wolf off ${who(a.seat)} ${penName(a.pen)}`;
    case "steal": return `Steal ${cardName(a.card)}`;
    case "swap": return `Swap the sheep at position ${a.index + 1}`;
    default: return a.kind;
  }
}

function doneLabel(ctx) {
  const phase = ctx.view.phase;
  if (phase === "bid") return ctx.view.auction.bluff_bid ? "Done laying (raise or check)" : "Done laying: that is my bid";
  if (phase === "redyk") return "Done with my pens";
  if (phase === "shear") return "Done shearing";
  return "Done";
}

export function narrate(e, ctx) {
  const W = (seat) => ctx.Who(seat);
  switch (e.type) {
    case "dealt": return null;
    case "turn": return `Turn ${e.turn}: ${ctx.who(e.baca)} ${e.baca === ctx.seat ? "are" : "is"} the baca.`;
    case "lot_drawn": return "card" in e ? `You drew ${cardName(e.card)} for the auction.` : null;
    case "lots": return `The lots: ${e.lots.map((c) => (c ? cardName(c) : "one face down")).join(", ")}.`;
    case "auction": return `${W(e.opener)} opened the auction of lot ${e.lot + 1}.`;
    case "laid": return `${W(e.seat)} laid ${e.face_down ? (e.card ? `${cardName(e.card)} face down` : "a card face down") : cardName(e.card)}${e.value !== undefined ? ` (counts ${e.value})` : ""}.`;
    case "passed": return `${W(e.seat)} passed.`;
    case "raised": return `${W(e.seat)} bid ${e.bid}.`;
    case "checked": return `${W(e.seat)} checked the bluff at ${e.bid}.`;
    case "showdown": return `Showdown! True totals: ${Object.entries(e.totals).map(([seat, total]) => `${ctx.who(Number(seat))} ${total}`).join(", ")}.`;
    case "tie": return `A tie between ${e.seats.map((x) => ctx.who(x)).join(" and ")}: the baca, ${ctx.who(e.baca)}, decides.`;
    case "tie_broken": return `The baca gave the lot to ${ctx.who(e.seat)}.`;
    case "no_auction": return "No cards left to draw: no auction this turn.";
    case "setup": return `${W(e.baca)} ${e.baca === ctx.seat ? "are" : "is"} the first baca and deal${e.baca === ctx.seat ? "" : "s"} 5 cards to everyone.`;
    case "deck_exhausted": return "The deck and the discard pile are empty: some cards could not be dealt.";
    case "turn_limit": return `The turn limit (${e.turns}) is reached.`;
    case "lot_won": return `${W(e.winner)} won lot ${e.lot + 1}${e.card ? ` (${cardName(e.card)})` : ""}${e.how === "baca" ? " as the baca" : ` with ${e.bid}`}.`;
    case "redyk": return "Redyk: everyone may put sheep in their pens.";
    case "redyk_done": return null;
    case "shearing": return "Shearing time!";
    case "drawing": return "Everyone draws 3 cards.";
    case "special": {
      const on = e.card === "thief" ? ` on ${ctx.who(e.target)}` : e.pen !== null && e.target !== null && e.target !== undefined ? ` on ${whose(ctx, e.target)} ${penName(e.pen)}` : e.cancels !== null && e.cancels !== undefined ? " to cancel the last special card" : "";
      return `${W(e.seat)} played ${SPECIALS[e.card] || e.card}${on}! Everyone may react.`;
    }
    case "resolve": return "The special cards take effect.";
    case "thief_looks": return `${W(e.seat)} looked at ${whose(ctx, e.victim)} hand.`;
    case "stolen": return `${W(e.seat)} stole ${"card" in e ? cardName(e.card) : "a card"} from ${ctx.who(e.victim)}.`;
    case "placed": return `${W(e.seat)} put ${cardName(e.card)} into ${penName(e.pen)} as ${e.colour} ${e.value}.`;
    case "black_sheep_swap": return `A Black Sheep replaced ${cardName(e.card)} in ${whose(ctx, e.owner)} ${penName(e.pen)}.`;
    case "cancelled": return `${SPECIALS[e.card] || e.card} by ${ctx.who(e.seat)} was cancelled by a Sheepdog.`;
    case "sheared": {
      let t = `${W(e.seat)} sheared ${penName(e.pen)}${e.bleat ? " — Baaa!" : " silently"}`;
      if (e.wolf) t += " (the Wolf took the best sheep)";
      t += e.fleece ? `: a fleece worth ${e.points}` : ": no fleece";
      if (e.bonus) t += `, +${e.bonus} bonus`;
      return t + ".";
    }
    case "shear_done": return null;
    case "wolf_placed": return `A Wolf prowls on ${whose(ctx, e.seat)} ${penName(e.pen)}.`;
    case "wolf_driven_off": return `A Sheepdog drove the Wolf off ${whose(ctx, e.seat)} ${penName(e.pen)}.`;
    case "fizzled": return "A special card found nothing to do.";
    case "reshuffle": return `The discard pile is shuffled into a new deck (${e.deck} cards).`;
    case "final_go": return `${W(e.seat)} get${e.seat === ctx.seat ? "" : "s"} a final shearing go.`;
    case "game_over": return "The game is over.";
    default: return null;
  }
}

export function prompt(ctx) {
  const v = ctx.view;
  if (v.phase === "over" || ctx.ended) return "The game is over.";
  const kinds = new Set(ctx.legal.map((a) => a.kind));
  if (v.reaction && kinds.has("no_reaction")) return "A special card was played: react with a special card of yours, or let it be.";
  if (v.reaction) return "Waiting for everyone to react to the special card.";
  if (kinds.has("steal")) return "Your Thief sees their hand: choose the card to steal.";
  if (kinds.has("swap")) return "Your Black Sheep: choose the sheep it replaces.";
  const names = v.to_act.map((x) => ctx.who(x)).join(", ");
  if (!ctx.turn) return `${names ? names[0].toUpperCase() + names.slice(1) : "Someone"}: ${PHASES[v.phase] || v.phase}.`;
  switch (v.phase) {
    case "hide": return "You are the baca: choose which drawn card to lay face down.";
    case "name": return "Choose the lot to auction.";
    case "bid": return `Your bid: lay cards from your hand (click one) to beat ${v.auction.high}, or pass.`;
    case "tie": return "You are the baca: give the tied lot to one of the tied players.";
    case "redyk": return "Redyk: click a sheep card to put it in a pen, or say you are done.";
    case "shear": return "Shear your rows — bleat first, or the fleece scores nothing!";
    default: return "Your move.";
  }
}

function track(ctx) {
  // One row per player, one column per fleece count: readable at phone width too.
  const v = ctx.view;
  const moved = new Set(ctx.recent.filter((e) => e.type === "sheared" && e.fleece).map((e) => e.seat));
  return h("table", { class: "track", "aria-label": "The victory track: fleeces per player" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), ...[0, 1, 2, 3, 4, 5].map((i) => h("th", { class: i === 5 ? "last" : "" }, i === 5 ? "5 ✦" : String(i))), h("th", {}, "points"))),
    h("tbody", {}, ...Array.from({ length: v.players }, (_, seat) =>
      h("tr", { class: moved.has(seat) ? "fresh" : "" },
        h("th", { class: "track-name" }, h("span", { class: "token-key" }, String(seat + 1)), ctx.name(seat)),
        ...[0, 1, 2, 3, 4, 5].map((i) => h("td", { class: i === 5 ? "last" : "" },
          Math.min(v.fleeces[seat], 5) === i ? h("span", { class: `token t${seat}`, title: `${ctx.name(seat)}: ${plural(v.fleeces[seat], "fleece")}` }, String(seat + 1)) : null)),
        h("td", { class: "pts" }, String(v.scores[seat]))))));
}

function pens(ctx, seat) {
  const v = ctx.view;
  const fresh = new Set(ctx.recent.filter((e) => (e.type === "placed" || e.type === "wolf_placed" || e.type === "black_sheep_swap") && (e.seat === seat || e.owner === seat)).map((e) => e.pen));
  return h("div", { class: `wy-seat seat-panel${seat === ctx.seat ? " me" : ""}${v.to_act.includes(seat) ? " acting" : ""}`, "data-seat": seat },
    h("div", { class: "seat-name" }, ctx.name(seat), seat === ctx.seat ? " (you)" : "", seat === v.baca ? h("span", { class: "badge warn" }, "baca") : null),
    h("div", { class: "small muted" }, `${plural(v.hand_sizes[seat], "card")} in hand · ${plural(v.fleeces[seat], "fleece")} · ${v.scores[seat]} points`),
    h("div", { class: "pens" }, ...v.pens[seat].map((pen, i) =>
      h("div", { class: `pen${fresh.has(i) ? " fresh" : ""}${pen.wolf ? " wolfed" : ""}`, "data-pen": i },
        h("div", { class: "pen-head" }, `Pen ${i + 1}: ${rowText(pen)}`),
        h("div", { class: "pen-row" },
          ...pen.cards.map((c) => wcard(c.black ? "black_sheep" : c.card, { value: c.black ? null : c.value, colour: c.colour, extra: "small" })),
          pen.wolf ? h("span", { class: "pen-wolf", title: "A Wolf is on this pen" }, svgBox(100, 90, { "aria-label": "a Wolf" }, wolf(0, 0, 1))) : null,
          !pen.cards.length ? h("span", { class: "muted small" }, "empty") : null)))));
}

function rowText(pen) {
  if (pen.row === "empty") return "empty";
  if (pen.row === "single") return `one ${pen.colour} ${pen.value}`;
  if (pen.row === "run") return `${pen.colour} run up to ${pen.value}`;
  if (pen.row === "set") return `set of ${pen.value}s`;
  return pen.row;
}

function auction(ctx) {
  const v = ctx.view;
  const a = v.auction;
  if (!a.lots.length && !v.drawn_cards) return null;
  const lots = a.lots.map((lot, i) =>
    h("div", { class: `lot${a.lot === i ? " current" : ""}`, "data-lot": i },
      wcard(lot.card, { extra: lot.face_down && !lot.card ? "" : "" }),
      h("small", {}, `Lot ${i + 1}${lot.face_down ? " (face down)" : ""}`),
      lot.winner !== null ? h("small", { class: "won" }, `won by ${ctx.who(lot.winner)}`) : a.lot === i ? h("small", { class: "badge warn" }, "on sale") : null));
  const bids = a.bids.map((cards, seat) =>
    cards.length || a.passed[seat] || a.checked.includes(seat)
      ? h("div", { class: "bid", "data-bid-seat": seat },
        h("span", { class: "bid-who" }, `${ctx.name(seat)}: `),
        ...cards.map((c) => wcard(c.card, { value: c.face_down && !c.revealed ? c.value : null, extra: `small${c.face_down ? " bluff" : ""}` })),
        h("strong", {}, ` ${a.totals[seat]}`),
        a.passed[seat] ? h("span", { class: "badge" }, "passed") : null,
        a.checked.includes(seat) ? h("span", { class: "badge ok" }, "checked") : null,
        a.high_bidder === seat ? h("span", { class: "badge warn" }, "highest") : null)
      : null);
  return h("section", { class: "panel auction" },
    h("h2", {}, "The baca's auction"),
    v.drawn_cards ? h("div", { class: "drawn" }, h("span", {}, "You drew: "), ...expand(v.drawn_cards).map((k) => wcard(k, { extra: "small" }))) : null,
    h("div", { class: "lots" }, ...lots),
    a.lot !== null ? h("p", {}, `Highest bid: ${a.high}${a.high_bidder !== null ? " by " + ctx.who(a.high_bidder) : ""}${a.bluff_bid ? " — a bluff bid (face-down card)" : ""}`) : null,
    h("div", { class: "bids" }, ...bids));
}

function reaction(ctx) {
  const v = ctx.view;
  const r = v.reaction;
  if (!r) return null;
  const ui = ctx.ui;
  const key = JSON.stringify(r.queue);
  if (ui.reactionKey !== key) {
    ui.reactionKey = key;
    ui.reactionStart = Date.now();
    ui.reactionTotal = undefined;
  }
  // The server's window lasts --reaction-timeout seconds (20 by default); a server that
  // sends the seconds left (view message `deadline`, or table `reaction_timeout`) is exact.
  if (ui.reactionKey === key && ui.reactionTotal === undefined) {
    ui.reactionTotal = ctx.deadline ?? ctx.table.reaction_timeout ?? REACTION_SECONDS;
  }
  const total = ui.reactionTotal;
  const left = () => Math.max(0, total - (Date.now() - ui.reactionStart) / 1000);
  const bar = h("div", { class: "countdown" }, h("div", { style: { width: `${(100 * left()) / total}%` } }));
  const secs = h("span", { class: "secs" }, `${Math.ceil(left())} s`);
  ctx.every(() => {
    bar.firstChild.style.width = `${(100 * left()) / total}%`;
    secs.textContent = `${Math.ceil(left())} s`;
  }, 250);
  return h("section", { class: "panel reaction", role: "alert" },
    h("h2", {}, "Reaction window"),
    h("ol", {}, ...r.queue.map((q) => h("li", {}, `${ctx.Who(q.seat)}: ${SPECIALS[q.card] || q.card}${q.target !== null ? (q.card === "thief" ? ` on ${ctx.who(q.target)}` : ` on ${whose(ctx, q.target)} ${penName(q.pen)}`) : q.cancels !== null ? " (cancels the card before)" : ""}`))),
    h("p", { class: "small" }, `Waiting for: ${r.waiting.map((x) => ctx.who(x)).join(", ") || "nobody"} · about `, secs, " left, then it passes"),
    bar);
}

function handPanel(ctx) {
  const v = ctx.view;
  const ui = ctx.ui;
  const hand = expand(v.hand);
  const cardActs = ctx.legal.filter((a) => ["lay", "place"].includes(a.kind));
  const usable = new Set(cardActs.map((a) => a.card));
  if (ui.card && !usable.has(ui.card)) ui.card = null;
  const fresh = ctx.recent.filter((e) => e.type === "stolen" && e.seat === ctx.seat && e.card).map((e) => e.card);
  const cards = hand.map((kind, i) => {
    const isNew = fresh.includes(kind);
    if (isNew) fresh.splice(fresh.indexOf(kind), 1);
    return h("button", {
      type: "button",
      class: `card-button${ui.card === kind && ui.index === i ? " chosen" : ""}`,
      "data-card": kind,
      disabled: !usable.has(kind) || ctx.busy || null,
      "aria-pressed": String(ui.card === kind && ui.index === i),
      onclick: () => { const same = ui.card === kind && ui.index === i; ui.card = same ? null : kind; ui.index = same ? null : i; ctx.rerender(); },
    }, wcard(kind, { extra: isNew ? "new" : "" }));
  });
  const options = ui.card ? cardActs.filter((a) => a.card === ui.card) : [];
  const dolly = ui.card && (ui.card.startsWith("dolly") || ui.card === "super_dolly");
  return h("section", { class: "panel hand-panel" },
    h("h2", {}, "Your hand"),
    hand.length ? h("div", { class: "hand" }, ...cards) : h("p", { class: "muted" }, "Your hand is empty."),
    Object.keys(v.my_face_down_discards || {}).length ? h("p", { class: "muted small" }, `Your face-down discards: ${expand(v.my_face_down_discards).map(cardName).join(", ")}`) : null,
    options.length ? actionBar(ctx, options.map((a) => ({ label: label(a, ctx), action: a })), dolly ? `${cardName(ui.card)}: choose its value` : `${cardName(ui.card)}: how?`) : null,
    usable.size && !ui.card ? h("p", { class: "muted small" }, v.phase === "bid" ? "Click a card to lay it on the lot." : "Click a sheep card to put it in a pen.") : null);
}

export function render(root, ctx) {
  const v = ctx.view;
  const ui = ctx.ui;
  if (ui.version !== ctx.version) { ui.version = ctx.version; }
  const specialKinds = ["thief", "wolf", "black_sheep", "sheepdog"];
  const specials = ctx.legal.filter((a) => specialKinds.includes(a.kind));
  const turnActs = ctx.legal.filter((a) => !specialKinds.includes(a.kind) && !["lay", "place", "shear"].includes(a.kind));
  const shears = ctx.legal.filter((a) => a.kind === "shear" && a.bleat);
  const bleated = () => ui.bleatAt && Date.now() - ui.bleatAt < BLEAT_MS;
  const doBleat = () => { bleat(); ui.bleatAt = Date.now(); ctx.rerender(); };
  if (!ui.keys) {
    ui.keys = true;
    document.addEventListener("keydown", (e) => {
      if (e.key === "b" && !["INPUT", "SELECT"].includes(e.target.tagName)) doBleat();
    });
  }
  const shearEntries = shears.map((a) => ({
    label: `${label(a, ctx)}${bleated() ? " — Baaa!" : " (silently: scores 0)"}`,
    action: { ...a, bleat: Boolean(bleated()) },
    class: bleated() ? "primary" : "",
  }));
  if (bleated()) ctx.later(() => ctx.rerender(), BLEAT_MS - (Date.now() - ui.bleatAt) + 50);
  put(root,
    h("div", { class: "round-line" },
      h("span", { class: "pill" }, `Turn ${v.turn} of at most ${v.options.max_turns}`),
      h("span", {}, `Baca: ${ctx.name(v.baca)}`),
      h("span", {}, PHASES[v.phase] || v.phase),
      h("span", { class: "muted" }, `Deck ${v.deck} · discard ${Object.values(v.discard).reduce((x, y) => x + y, 0) + v.discard_face_down}`),
      v.options.bluff ? h("span", { class: "badge" }, "bluff rule") : null,
      button("Baaa!", doBleat, { class: `bleat${bleated() ? " on" : ""}`, id: "bleat", title: "Bleat (key B)", "aria-pressed": String(Boolean(bleated())) })),
    reaction(ctx),
    v.thief_sees ? h("section", { class: "panel secret" }, h("h2", {}, "Your Thief sees"), h("div", { class: "hand" }, ...expand(v.thief_sees).map((k) => wcard(k)))) : null,
    turnActs.length || shearEntries.length ? actionBar(ctx, [...shearEntries, ...turnActs.map((a) => ({ label: label(a, ctx), action: a }))], "Your move") : null,
    specials.length ? h("div", { class: "specials" }, actionBar(ctx, specials.map((a) => ({ label: label(a, ctx), action: a, class: "special" })), "Special cards — play them any time")) : null,
    v.seat !== null && v.hand ? handPanel(ctx) : null,
    auction(ctx),
    h("div", { class: "panel" }, h("h2", {}, "Victory track"), track(ctx)),
    h("div", { class: "wy-seats" }, ...Array.from({ length: v.players }, (_, seat) => pens(ctx, seat))),
  );
}
