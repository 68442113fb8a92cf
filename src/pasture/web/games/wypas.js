// Wypas: your hand, everyone's pens and rows (wolves, black sheep), the baca's auction
// (lots, laid bids, face-down bluff cards as backs), the victory track, special cards
// playable at any moment, the reaction window with its countdown, Dolly values chosen
// when placed, and a bleat button that bleats.
import { h, s, svgBox, put, button } from "../dom.js";
import { t, tn, has, list } from "../i18n.js";
import { sheep, wolf, dog, cardBack } from "../art.js";
import { actionBar } from "./generic.js";
import { bleat } from "../sound.js";

const COLOURS = { red: "#c0392b", orange: "#e67e22", yellow: "#d4a017", green: "#2e9d57", magenta: "#b03a8c" };
/** Colour is never the only sign: each colour has a letter and a mark of its own, drawn on
 * the card, so cards tell apart under any colour vision. */
const MARKS = { red: ["R", "●"], orange: ["O", "▲"], yellow: ["Y", "■"], green: ["G", "◆"], magenta: ["M", "★"] };
const SPECIALS = ["thief", "sheepdog", "black_sheep", "wolf"];
const special = (kind) => t(`wypas.card.${kind}`);
const phaseName = (phase) => (has(`wypas.phase.${phase}`) ? t(`wypas.phase.${phase}`) : phase);
const colourName = (colour) => (has(`wypas.colour.${colour}`) ? t(`wypas.colour.${colour}`) : colour);
/** A sheep card by colour and value ("red 5", "5 rouge"). */
const sheepText = (colour, value) => t("wypas.card.sheep", { colour: colourName(colour), value });
const REACTION_SECONDS = 20; // the server's default reaction window (pasture serve --reaction-timeout)
const BLEAT_MS = 10000;

export function cardName(kind) {
  if (!kind) return t("card.face_down");
  if (SPECIALS.includes(kind)) return special(kind);
  if (kind === "super_dolly") return t("wypas.card.super_dolly");
  if (kind.startsWith("dolly_")) return t("wypas.card.dolly", { colour: colourName(kind.slice(6)) });
  const [colour, value] = kind.split("_");
  return sheepText(colour, value);
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
  const label = kind ? cardName(kind) + (value !== null && !/\d$/.test(kind) ? ` ${t("wypas.as", { value: colour ? sheepText(colour, value) : value })}` : "") : t("card.face_down");
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
    const word = SPECIALS.includes(kind) ? special(kind).toUpperCase() : kind === "super_dolly" ? "SUPER DOLLY" : kind.startsWith("dolly") ? "DOLLY" : "";
    if (word) parts.push(s("text", { x: W / 2, y: H - 8, "text-anchor": "middle", class: "w-word" }, word));
  }
  return svgBox(W, H, { class: `wcard ${extra}`, "aria-label": label, "data-card": kind || "back", ...attrs }, ...parts);
}

function expand(counts) {
  const out = [];
  for (const [kind, n] of Object.entries(counts || {})) for (let i = 0; i < n; i++) out.push(kind);
  return out;
}

/** "your pen 2" / "Ola's pen 2" (pen of a seat, in the page's language). */
const penOf = (ctx, seat, pen) => t(seat === ctx.seat ? "wypas.your_pen" : "wypas.pen_of", { name: ctx.name(seat), n: pen + 1 });
const penName = (pen) => t("wypas.pen", { n: pen + 1 });

export function label(a, ctx) {
  switch (a.kind) {
    case "hide_lot": return t("wypas.label.hide_lot", { card: cardName(a.card) });
    case "name_lot": return t("wypas.label.name_lot", { n: a.lot + 1 });
    case "lay": return a.hidden ? t("wypas.label.lay_hidden", { card: cardName(a.card), value: a.value }) : t("wypas.label.lay", { card: cardName(a.card), value: a.value });
    case "done": return doneLabel(ctx);
    case "pass": return t("wypas.label.pass");
    case "tie_break": return t("wypas.label.tie_break", { name: ctx.name(a.seat) });
    case "place": return t("wypas.label.place", { pen: penName(a.pen), card: sheepText(a.colour, a.value) });
    case "shear": return t("wypas.label.shear", { pen: penName(a.pen) });
    case "no_reaction": return t("wypas.label.no_reaction");
    case "thief": return t("wypas.label.thief", { name: ctx.name(a.target) });
    case "wolf": return t("wypas.label.wolf", { pen: penOf(ctx, a.seat, a.pen) });
    case "black_sheep": return t("wypas.label.black_sheep", { pen: penOf(ctx, a.seat, a.pen) });
    case "sheepdog": return a.seat === null ? t("wypas.label.sheepdog_cancel") : t("wypas.label.sheepdog", { pen: penOf(ctx, a.seat, a.pen) });
    case "steal": return t("wypas.label.steal", { card: cardName(a.card) });
    case "swap": return t("wypas.label.swap", { n: a.index + 1 });
    default: return a.kind;
  }
}

function doneLabel(ctx) {
  const phase = ctx.view.phase;
  if (phase === "bid") return ctx.view.auction.bluff_bid ? t("wypas.done.bluff") : t("wypas.done.bid");
  if (phase === "redyk") return t("wypas.done.redyk");
  if (phase === "shear") return t("wypas.done.shear");
  return t("wypas.done.done");
}

export function narrate(e, ctx) {
  const by = (key, seat, params = {}, object = null) => ctx.tw(`wypas.log.${key}`, seat, params, object);
  switch (e.type) {
    case "dealt": return null;
    case "turn": return ctx.tw("wypas.log.turn", e.baca, { turn: e.turn });
    case "lot_drawn": return "card" in e ? t("wypas.log.lot_drawn", { card: cardName(e.card) }) : null;
    case "lots": return t("wypas.log.lots", { lots: e.lots.map((c) => (c ? cardName(c) : t("wypas.one_face_down"))).join(", ") });
    case "auction": return by("auction", e.opener, { n: e.lot + 1 });
    case "laid": {
      const card = e.face_down ? (e.card ? t("wypas.face_down_card", { card: cardName(e.card) }) : t("wypas.a_card_face_down")) : cardName(e.card);
      return by("laid", e.seat, { card, counts: e.value !== undefined ? ` (${t("wypas.counts", { n: e.value })})` : "" });
    }
    case "passed": return by("passed", e.seat);
    case "raised": return by("raised", e.seat, { bid: e.bid });
    case "checked": return by("checked", e.seat, { bid: e.bid });
    case "showdown": return t("wypas.log.showdown", { totals: Object.entries(e.totals).map(([seat, total]) => `${ctx.who(Number(seat))} ${total}`).join(", ") });
    case "tie": return t("wypas.log.tie", { names: list(e.seats.map((x) => ctx.who(x))), baca: ctx.who(e.baca) });
    case "tie_broken": return t("wypas.log.tie_broken", { name: ctx.who(e.seat) });
    case "no_auction": return t("wypas.log.no_auction");
    case "setup": return by("setup", e.baca);
    case "deck_exhausted": return t("wypas.log.deck_exhausted");
    case "turn_limit": return t("wypas.log.turn_limit", { n: e.turns });
    case "lot_won": {
      const card = e.card ? ` (${cardName(e.card)})` : "";
      return e.how === "baca" ? by("lot_won_baca", e.winner, { n: e.lot + 1, card }) : by("lot_won", e.winner, { n: e.lot + 1, card, bid: e.bid });
    }
    case "redyk": return t("wypas.log.redyk");
    case "redyk_done": return null;
    case "shearing": return t("wypas.log.shearing");
    case "drawing": return t("wypas.log.drawing");
    case "special": {
      const on = e.card === "thief" ? ` ${t("wypas.on", { what: ctx.who(e.target) })}` : e.pen !== null && e.target !== null && e.target !== undefined ? ` ${t("wypas.on", { what: penOf(ctx, e.target, e.pen) })}` : e.cancels !== null && e.cancels !== undefined ? ` ${t("wypas.to_cancel")}` : "";
      return by("special", e.seat, { card: special(e.card), on });
    }
    case "resolve": return t("wypas.log.resolve");
    case "thief_looks": return by("thief_looks", e.seat, { whose: e.victim === ctx.seat ? t("wypas.your_hand") : t("wypas.hand_of", { name: ctx.name(e.victim) }) });
    case "stolen": return by("stolen", e.seat, { card: "card" in e ? cardName(e.card) : t("swipsheep.a.card"), from: ctx.who(e.victim) }, e.victim);
    case "placed": return by("placed", e.seat, { card: cardName(e.card), pen: penName(e.pen), as: sheepText(e.colour, e.value) });
    case "black_sheep_swap": return t("wypas.log.black_sheep_swap", { card: cardName(e.card), pen: penOf(ctx, e.owner, e.pen) });
    case "cancelled": return t("wypas.log.cancelled", { card: special(e.card), name: ctx.who(e.seat) });
    case "sheared": {
      let line = by(e.bleat ? "sheared_bleat" : "sheared", e.seat, { pen: penName(e.pen) });
      if (e.wolf) line += ` (${t("wypas.log.wolf_took")})`;
      line += e.fleece ? `: ${t("wypas.log.fleece", { n: e.points })}` : `: ${t("wypas.log.no_fleece")}`;
      if (e.bonus) line += `, +${e.bonus} ${t("wypas.bonus")}`;
      return line + ".";
    }
    case "shear_done": return null;
    case "wolf_placed": return t("wypas.log.wolf_placed", { pen: penOf(ctx, e.seat, e.pen) });
    case "wolf_driven_off": return t("wypas.log.wolf_driven_off", { pen: penOf(ctx, e.seat, e.pen) });
    case "fizzled": return t("wypas.log.fizzled");
    case "reshuffle": return tn("wypas.log.reshuffle", e.deck);
    case "final_go": return by("final_go", e.seat);
    case "game_over": return t("game.over");
    default: return null;
  }
}

export function prompt(ctx) {
  const v = ctx.view;
  if (v.phase === "over" || ctx.ended) return t("game.over");
  const kinds = new Set(ctx.legal.map((a) => a.kind));
  if (v.reaction && kinds.has("no_reaction")) return t("wypas.prompt.react");
  if (v.reaction) return t("wypas.prompt.reacting");
  if (kinds.has("steal")) return t("wypas.prompt.steal");
  if (kinds.has("swap")) return t("wypas.prompt.swap");
  const names = v.to_act.map((x) => ctx.name(x));
  if (!ctx.turn) return `${names.length ? list(names) : t("wypas.someone")}: ${phaseName(v.phase)}.`;
  switch (v.phase) {
    case "hide": return t("wypas.prompt.hide");
    case "name": return t("wypas.prompt.name");
    case "bid": return t("wypas.prompt.bid", { high: v.auction.high });
    case "tie": return t("wypas.prompt.tie");
    case "redyk": return t("wypas.prompt.redyk");
    case "shear": return t("wypas.prompt.shear");
    default: return t("wypas.prompt.move");
  }
}

function track(ctx) {
  // One row per player, one column per fleece count: readable at phone width too.
  const v = ctx.view;
  const moved = new Set(ctx.recent.filter((e) => e.type === "sheared" && e.fleece).map((e) => e.seat));
  return h("table", { class: "track", "aria-label": t("wypas.track_label") },
    h("thead", {}, h("tr", {}, h("th", {}, ""), ...[0, 1, 2, 3, 4, 5].map((i) => h("th", { class: i === 5 ? "last" : "" }, i === 5 ? "5 ✦" : String(i))), h("th", {}, t("wypas.points")))),
    h("tbody", {}, ...Array.from({ length: v.players }, (_, seat) =>
      h("tr", { class: moved.has(seat) ? "fresh" : "" },
        h("th", { class: "track-name" }, h("span", { class: "token-key" }, String(seat + 1)), ctx.name(seat)),
        ...[0, 1, 2, 3, 4, 5].map((i) => h("td", { class: i === 5 ? "last" : "" },
          Math.min(v.fleeces[seat], 5) === i ? h("span", { class: `token t${seat}`, title: `${ctx.name(seat)}: ${tn("wypas.n_fleeces", v.fleeces[seat])}` }, String(seat + 1)) : null)),
        h("td", { class: "pts" }, String(v.scores[seat]))))));
}

function pens(ctx, seat) {
  const v = ctx.view;
  const fresh = new Set(ctx.recent.filter((e) => (e.type === "placed" || e.type === "wolf_placed" || e.type === "black_sheep_swap") && (e.seat === seat || e.owner === seat)).map((e) => e.pen));
  return h("div", { class: `wy-seat seat-panel${seat === ctx.seat ? " me" : ""}${v.to_act.includes(seat) ? " acting" : ""}`, "data-seat": seat },
    h("div", { class: "seat-name" }, ctx.name(seat), seat === ctx.seat ? ` (${t("who.you")})` : "", seat === v.baca ? h("span", { class: "badge warn" }, "baca") : null),
    h("div", { class: "small muted" }, `${tn("swipsheep.in_hand", v.hand_sizes[seat])} · ${tn("wypas.n_fleeces", v.fleeces[seat])} · ${tn("wypas.n_points", v.scores[seat])}`),
    h("div", { class: "pens" }, ...v.pens[seat].map((pen, i) =>
      h("div", { class: `pen${fresh.has(i) ? " fresh" : ""}${pen.wolf ? " wolfed" : ""}`, "data-pen": i },
        h("div", { class: "pen-head" }, `${t("wypas.pen_title", { n: i + 1 })}: ${rowText(pen)}`),
        h("div", { class: "pen-row" },
          ...pen.cards.map((c) => wcard(c.black ? "black_sheep" : c.card, { value: c.black ? null : c.value, colour: c.colour, extra: "small" })),
          pen.wolf ? h("span", { class: "pen-wolf", title: t("wypas.wolf_on_pen") }, svgBox(100, 90, { "aria-label": t("wypas.a_wolf") }, wolf(0, 0, 1))) : null,
          !pen.cards.length ? h("span", { class: "muted small" }, t("wypas.row.empty")) : null)))));
}

function rowText(pen) {
  if (pen.row === "empty") return t("wypas.row.empty");
  if (pen.row === "single") return t("wypas.row.single", { card: sheepText(pen.colour, pen.value) });
  if (pen.row === "run") return t("wypas.row.run", { colour: colourName(pen.colour), value: pen.value });
  if (pen.row === "set") return t("wypas.row.set", { value: pen.value });
  return pen.row;
}

function auction(ctx) {
  const v = ctx.view;
  const a = v.auction;
  if (!a.lots.length && !v.drawn_cards) return null;
  const lots = a.lots.map((lot, i) =>
    h("div", { class: `lot${a.lot === i ? " current" : ""}`, "data-lot": i },
      wcard(lot.card, { extra: lot.face_down && !lot.card ? "" : "" }),
      h("small", {}, `${t("wypas.lot", { n: i + 1 })}${lot.face_down ? ` (${t("wypas.face_down")})` : ""}`),
      lot.winner !== null ? h("small", { class: "won" }, t("wypas.won_by", { name: ctx.who(lot.winner) })) : a.lot === i ? h("small", { class: "badge warn" }, t("wypas.on_sale")) : null));
  const bids = a.bids.map((cards, seat) =>
    cards.length || a.passed[seat] || a.checked.includes(seat)
      ? h("div", { class: "bid", "data-bid-seat": seat },
        h("span", { class: "bid-who" }, `${ctx.name(seat)}: `),
        ...cards.map((c) => wcard(c.card, { value: c.face_down && !c.revealed ? c.value : null, extra: `small${c.face_down ? " bluff" : ""}` })),
        h("strong", {}, ` ${a.totals[seat]}`),
        a.passed[seat] ? h("span", { class: "badge" }, t("wypas.badge.passed")) : null,
        a.checked.includes(seat) ? h("span", { class: "badge ok" }, t("wypas.badge.checked")) : null,
        a.high_bidder === seat ? h("span", { class: "badge warn" }, t("wypas.badge.highest")) : null)
      : null);
  return h("section", { class: "panel auction" },
    h("h2", {}, t("wypas.auction")),
    v.drawn_cards ? h("div", { class: "drawn" }, h("span", {}, `${t("wypas.you_drew")} `), ...expand(v.drawn_cards).map((k) => wcard(k, { extra: "small" }))) : null,
    h("div", { class: "lots" }, ...lots),
    a.lot !== null ? h("p", {}, `${t("wypas.highest_bid", { n: a.high })}${a.high_bidder !== null ? ` — ${ctx.who(a.high_bidder)}` : ""}${a.bluff_bid ? ` — ${t("wypas.bluff_bid")}` : ""}`) : null,
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
    h("h2", {}, t("wypas.reaction")),
    h("ol", {}, ...r.queue.map((q) => h("li", {}, `${ctx.name(q.seat)}: ${special(q.card)}${q.target !== null ? ` ${t("wypas.on", { what: q.card === "thief" ? ctx.who(q.target) : penOf(ctx, q.target, q.pen) })}` : q.cancels !== null ? ` (${t("wypas.cancels_before")})` : ""}`))),
    h("p", { class: "small" }, `${t("wypas.waiting_for", { names: list(r.waiting.map((x) => ctx.who(x))) || t("wypas.nobody") })} · `, secs, ` ${t("wypas.then_passes")}`),
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
    h("h2", {}, t("swipsheep.hand")),
    hand.length ? h("div", { class: "hand" }, ...cards) : h("p", { class: "muted" }, t("wypas.hand_empty")),
    Object.keys(v.my_face_down_discards || {}).length ? h("p", { class: "muted small" }, t("wypas.face_down_discards", { cards: expand(v.my_face_down_discards).map(cardName).join(", ") })) : null,
    options.length ? actionBar(ctx, options.map((a) => ({ label: label(a, ctx), action: a })), t(dolly ? "wypas.choose_value" : "wypas.how", { card: cardName(ui.card) })) : null,
    usable.size && !ui.card ? h("p", { class: "muted small" }, t(v.phase === "bid" ? "wypas.hint.bid" : "wypas.hint.pen")) : null);
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
    label: `${label(a, ctx)}${bleated() ? " — Baaa!" : ` (${t("wypas.silently")})`}`,
    action: { ...a, bleat: Boolean(bleated()) },
    class: bleated() ? "primary" : "",
  }));
  if (bleated()) ctx.later(() => ctx.rerender(), BLEAT_MS - (Date.now() - ui.bleatAt) + 50);
  put(root,
    h("div", { class: "round-line" },
      h("span", { class: "pill" }, t("wypas.turn_of", { n: v.turn, max: v.options.max_turns })),
      h("span", {}, `Baca: ${ctx.name(v.baca)}`),
      h("span", {}, phaseName(v.phase)),
      h("span", { class: "muted" }, t("wypas.deck_discard", { deck: v.deck, discard: Object.values(v.discard).reduce((x, y) => x + y, 0) + v.discard_face_down })),
      v.options.bluff ? h("span", { class: "badge" }, t("wypas.bluff_rule")) : null,
      button("Baaa!", doBleat, { class: `bleat${bleated() ? " on" : ""}`, id: "bleat", title: t("wypas.bleat_title"), "aria-pressed": String(Boolean(bleated())) })),
    reaction(ctx),
    v.thief_sees ? h("section", { class: "panel secret" }, h("h2", {}, t("wypas.thief_sees")), h("div", { class: "hand" }, ...expand(v.thief_sees).map((k) => wcard(k)))) : null,
    turnActs.length || shearEntries.length ? actionBar(ctx, [...shearEntries, ...turnActs.map((a) => ({ label: label(a, ctx), action: a }))], t("wypas.your_move")) : null,
    specials.length ? h("div", { class: "specials" }, actionBar(ctx, specials.map((a) => ({ label: label(a, ctx), action: a, class: "special" })), t("wypas.specials"))) : null,
    v.seat !== null && v.hand ? handPanel(ctx) : null,
    auction(ctx),
    h("div", { class: "panel" }, h("h2", {}, t("wypas.track")), track(ctx)),
    h("div", { class: "wy-seats" }, ...Array.from({ length: v.players }, (_, seat) => pens(ctx, seat))),
  );
}
