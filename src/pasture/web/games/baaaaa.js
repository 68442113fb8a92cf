// Baaaaa!: the mountain (4 faces x 3 floors), the flock, the wolf, the shepherd and the
// hut; the pastures and the larder; the shared sheep cards; the wolf card of the turn.
import { h, s, svgBox, put, button } from "../dom.js";
import { t, tn, has, list } from "../i18n.js";
import { sheep, wolf, shepherd, hut } from "../art.js";
import { actionBar } from "./generic.js";

const ARROWS = { up: "↑", left: "←", right: "→", down: "↓" };
const W = 112;
const H = 86;

const where = (space) => t("baaaaa.where", { floor: Math.floor(space / 4) + 1, face: (space % 4) + 1 });
const cardName = (c) => (has(`baaaaa.card.${c}`) ? t(`baaaaa.card.${c}`) : c);

const MOVES = { up1: ["up", 1], up2: ["up", 2], left1: ["left", 1], right1: ["right", 1], left2: ["left", 2], right2: ["right", 2], trio: ["up", 1] };

function step(space, dir) {
  const floor = Math.floor(space / 4);
  const face = space % 4;
  if (dir === "up") return floor < 2 ? space + 4 : -1;
  if (dir === "left") return floor * 4 + ((face + 1) % 4); // B-1: left of face d is d+1
  if (dir === "right") return floor * 4 + ((face + 3) % 4);
  return -1;
}

/** Where a sheep moved by `card` from `space` ends: {at: a space or null, end: "wolf" |
 * "hut" | "space" | null}. The preview on the mountain and the choice's label use it. */
function landing(card, space, v) {
  const move = MOVES[card];
  if (!move) return { at: null, end: null };
  const safe = v.sated || v.shepherd === v.wolf;
  let at = space;
  for (let i = 0; i < move[1]; i++) {
    at = step(at, move[0]);
    if (at < 0) return { at: null, end: null };
    if (at === v.wolf && !safe) return { at, end: "wolf" };
    if (at === v.hut) return { at, end: "hut" };
  }
  return { at, end: "space" };
}

function fate(card, space, v) {
  const { at, end } = landing(card, space, v);
  if (end === "wolf") return ` — ${t("baaaaa.fate.wolf")}`;
  if (end === "hut") return ` — ${t("baaaaa.fate.hut")}`;
  if (end === "space") return ` ${t("baaaaa.fate.to", { where: where(at) })}`;
  return "";
}

export function label(a, ctx) {
  if (a.kind === "play") {
    if (a.space === null) return t("baaaaa.label.no_effect", { card: cardName(a.card) });
    if (a.card === "shepherd") return t("baaaaa.label.shepherd", { where: where(a.space) });
    return `${cardName(a.card)}: ${tn("baaaaa.sheep_from", a.count, { where: where(a.space) })}${fate(a.card, a.space, ctx.view)}`;
  }
  if (a.kind === "take") return t("baaaaa.label.take", { where: where(a.space) });
  if (a.kind === "wolf_card") return t("baaaaa.label.wolf_card", { card: cardName(a.card) });
  return a.kind;
}

export function narrate(e, ctx) {
  switch (e.type) {
    case "sheep_card": {
      let line;
      if (e.space === null) line = ctx.tw("baaaaa.log.no_effect", e.seat, { card: cardName(e.card) });
      else if (e.card === "shepherd") line = ctx.tw("baaaaa.log.shepherd", e.seat, { card: cardName(e.card), where: where(e.space) });
      else line = ctx.tw("baaaaa.log.played", e.seat, { card: cardName(e.card), sheep: tn("baaaaa.sheep_at", e.count, { where: where(e.space) }) });
      if (e.saved) line += ` — ${tn("baaaaa.log.saved", e.saved)}`;
      if (e.taken) line += ` — ${tn("baaaaa.log.lost", e.taken)}`;
      return line + ".";
    }
    case "wolf_card": {
      let line = t("baaaaa.log.wolf_card", { card: cardName(e.card) });
      if (e.wolf_from !== e.wolf_to && e.wolf_to !== null && e.wolf_to !== undefined) line += ` — ${t("baaaaa.log.wolf_goes", { where: where(e.wolf_to) })}`;
      if (e.taken > 0) line += ` — ${tn("baaaaa.log.takes", e.taken)}`;
      if (e.saved > 0) line += ` — ${tn("baaaaa.log.reach", e.saved)}`;
      if (e.placed !== undefined && e.placed !== null) {
        line += ` — ${t(e.taken < 0 ? "baaaaa.log.back_larder" : "baaaaa.log.back_pastures", { where: where(e.placed) })}`;
      } else if (e.taken < 0) line += ` — ${t("baaaaa.log.escapes")}`;
      return line + ".";
    }
    case "wolf_takes":
      return ctx.tw("baaaaa.log.wolf_takes", e.by, { where: where(e.space) });
    case "wolf_draw":
      return "card" in e ? t("baaaaa.log.you_draw", { card: cardName(e.card) }) : t("baaaaa.log.wolf_draws", { n: e.drawn });
    case "wolf_discard":
      return t("baaaaa.log.wolf_discards", { card: cardName(e.card) });
    case "reshuffle":
      return tn("baaaaa.log.reshuffle", e.deck);
    case "game_over":
      return `${t("game.over")} ${e.summary || ""}`;
    default:
      return null;
  }
}

export function prompt(ctx) {
  const v = ctx.view;
  if (v.phase === "over" || ctx.ended) return t("game.over");
  const kinds = new Set(ctx.legal.map((a) => a.kind));
  if (ctx.turn && kinds.has("take")) return t("baaaaa.prompt.take");
  if (ctx.turn && kinds.has("wolf_card")) return t("baaaaa.prompt.wolf");
  if (ctx.turn) return t("baaaaa.prompt.play");
  const who = v.to_act.length ? v.to_act.map((x) => ctx.name(x)) : [ctx.name(v.current)];
  return tn("baaaaa.prompt.choosing", who.length, { names: list(who) });
}

const LEFT = 76; // room for the floor names
/** Faces are drawn 4, 3, 2, 1 from left to right, so that B-1's *left* (face d to face
 * d+1) moves a piece to the left on screen, as it does for someone facing the mountain. */
const column = (face) => 3 - face;

function cell(space) {
  const floor = Math.floor(space / 4);
  return { x: LEFT + column(space % 4) * W, y: 20 + (2 - floor) * H };
}

function mountain(ctx, plays) {
  const v = ctx.view;
  const ui = ctx.ui;
  const svg = svgBox(LEFT + 4 * W + 10, 20 + 3 * H + 40, { class: "mountain", role: "group", "aria-label": t("baaaaa.mountain") });
  svg.append(s("path", { d: `M${LEFT - 20} ${20 + 3 * H + 6} L${LEFT + 2 * W - 40} 4 L${LEFT + 2 * W + 40} 4 L${LEFT + 4 * W + 6} ${20 + 3 * H + 6} Z`, class: "mountain-bg" }));
  const preview = ui.space !== null && ui.space !== undefined && ui.card ? landing(ui.card, ui.space, v) : { at: null, end: null };
  const lastTo = new Set();
  for (const e of ctx.recent) {
    if (e.type === "sheep_card" && e.to !== null && e.to !== undefined) lastTo.add(e.to);
    if (e.type === "wolf_card" && e.wolf_to !== null && e.wolf_to !== undefined) lastTo.add(e.wolf_to);
  }
  const bySpace = new Map();
  for (const a of plays) if (a.space !== null) bySpace.set(a.space, [...(bySpace.get(a.space) || []), a]);
  for (let space = 0; space < 12; space++) {
    const { x, y } = cell(space);
    const n = v.sheep[space];
    const acts = bySpace.get(space) || [];
    const live = acts.length > 0;
    const pick = () => {
      // A click only chooses: where the sheep lands is shown, and a choice confirms it.
      if (!live || ctx.busy) return;
      ui.space = ui.space === space ? null : space;
      ctx.rerender();
    };
    const title = `${where(space)}: ${tn("baaaaa.n_sheep", n)}${v.wolf === space ? `, ${t("baaaaa.the_wolf")}` : ""}${v.shepherd === space ? `, ${t("baaaaa.the_shepherd")}` : ""}${v.hut === space ? `, ${t("baaaaa.the_hut")}` : ""}`;
    const g = s("g", {
      class: `space${live ? " live" : ""}${ui.space === space ? " picked" : ""}${preview.at === space ? " landing" : ""}${lastTo.has(space) ? " fresh" : ""}`,
      "data-space": space, role: live ? "button" : "img", tabindex: live ? 0 : null, "aria-label": title,
      onclick: pick,
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } },
    },
    s("title", {}, title),
    s("rect", { x: x + 3, y: y + 3, width: W - 6, height: H - 6, rx: 10, class: `space-bg floor-${Math.floor(space / 4)}` }));
    if (v.hut === space) g.append(hut(x + 60, y + 6, 0.45));
    if (n) {
      g.append(sheep(x + 8, y + 24, 0.5, 0));
      g.append(s("text", { x: x + 62, y: y + 62, class: "flock-count" }, `×${n}`));
    }
    if (v.wolf === space) g.append(wolf(x + 66, y + 40, 0.42));
    if (v.shepherd === space) g.append(shepherd(x + 4, y + 4, 0.42));
    if (preview.at === space) {
      g.append(s("text", { x: x + W / 2, y: y + 18, "text-anchor": "middle", class: "landing-note" },
        t(`baaaaa.preview.${preview.end}`)));
    }
    svg.append(g);
  }
  for (let face = 0; face < 4; face++) {
    svg.append(s("text", { x: LEFT + column(face) * W + W / 2, y: 20 + 3 * H + 22, "text-anchor": "middle", class: "face-name" }, t("baaaaa.face", { n: face + 1 })));
  }
  for (let floor = 0; floor < 3; floor++) {
    svg.append(s("text", { x: LEFT - 8, y: 20 + (2 - floor) * H + H / 2 + 5, "text-anchor": "end", class: "floor-name" }, t("baaaaa.floor", { n: floor + 1 })));
  }
  svg.append(s("text", { x: LEFT + 4 * W + 4, y: 20 + 3 * H + 36, "text-anchor": "end", class: "face-note" }, t("baaaaa.face_note")));
  return svg;
}

function sheepCard(kind, count, attrs) {
  const dir = kind.replace(/\d$/, "");
  const steps = kind.match(/\d$/) ? kind.slice(-1) : "";
  const art = kind === "trio" ? "↑↑↑" : kind === "shepherd" ? "⚑" : `${ARROWS[dir] || ""}${steps}`;
  return h("button", { type: "button", class: "b-card", "data-card": kind, ...attrs },
    h("span", { class: "b-art", "aria-hidden": "true" }, art),
    h("span", {}, cardName(kind)),
    count > 1 ? h("span", { class: "b-count" }, `×${count}`) : null);
}

export function render(root, ctx) {
  const v = ctx.view;
  const ui = ctx.ui;
  if (ui.version !== ctx.version) { ui.version = ctx.version; ui.space = null; }
  const plays = ctx.legal.filter((a) => a.kind === "play" && a.card === ui.card);
  const takes = ctx.legal.filter((a) => a.kind === "take");
  const playable = new Set(ctx.legal.filter((a) => a.kind === "play").map((a) => a.card));
  if (ui.card && !playable.has(ui.card)) ui.card = null;
  const spaceActs = takes.length ? takes : plays;
  const cards = h("div", { class: "b-cards" }, ...Object.entries(v.sheep_cards).map(([kind, n]) =>
    sheepCard(kind, n, {
      disabled: !playable.has(kind) || ctx.busy || null,
      "aria-pressed": String(ui.card === kind),
      class: `b-card${ui.card === kind ? " chosen" : ""}`,
      onclick: () => { ui.card = ui.card === kind ? null : kind; ui.space = null; ctx.rerender(); },
    })));
  const choices = [];
  if (ui.card) {
    const none = plays.find((a) => a.space === null);
    if (none) choices.push({ label: label(none, ctx), action: none });
    if (ui.space !== null) for (const a of plays.filter((p) => p.space === ui.space)) choices.push({ label: label(a, ctx), action: a });
  }
  if (takes.length && ui.space !== null) {
    for (const a of takes.filter((t) => t.space === ui.space)) choices.push({ label: label(a, ctx), action: a });
  }
  const wolfChoices = ctx.legal.filter((a) => a.kind === "wolf_card").map((a) => ({ label: label(a, ctx), action: a }));
  const last = v.last_wolf_card;
  put(root,
    h("div", { class: "round-line" },
      h("span", { class: "pill" }, t("baaaaa.turn", { n: v.turn })),
      h("span", {}, t("baaaaa.in_pastures", { n: v.pastures })),
      h("span", {}, t("baaaaa.in_larder", { n: v.larder })),
      h("span", {}, t("baaaaa.on_mountain", { n: v.sheep.reduce((a, b) => a + b, 0) })),
      v.sated ? h("span", { class: "badge ok" }, t("baaaaa.sated")) : null,
      v.wolf_seat !== null && v.wolf_seat !== undefined ? h("span", { class: "badge warn" }, t("baaaaa.plays_wolf", { name: ctx.name(v.wolf_seat) })) : null),
    h("div", { class: "b-layout" },
      h("div", { class: "panel" }, mountain(ctx, spaceActs),
        h("div", { class: "flock-bar" }, h("span", { class: "saved" }, t("baaaaa.pastures", { n: v.pastures })), h("span", { class: "taken" }, t("baaaaa.larder", { n: v.larder })))),
      h("div", { class: "panel b-side" },
        h("h2", {}, t("baaaaa.sheep_cards")),
        cards,
        ctx.turn && !takes.length && playable.size ? h("p", { class: "muted small" }, t(ui.card ? (ui.space !== null ? "baaaaa.hint.confirm" : "baaaaa.hint.space") : "baaaaa.hint.card")) : null,
        Object.keys(v.sheep_cards_set_aside).length ? h("p", { class: "muted small" }, `${t("swipsheep.set_aside")}: ${Object.entries(v.sheep_cards_set_aside).map(([k, n]) => `${cardName(k)}${n > 1 ? " ×" + n : ""}`).join(", ")}`) : null,
        h("h2", {}, t("baaaaa.wolf_deck")),
        h("div", { class: "wolf-card-row" },
          h("div", { class: `w-card${ctx.recent.some((e) => e.type === "wolf_card") ? " fresh" : ""}` },
            svgBox(100, 80, { "aria-hidden": "true" }, wolf(20, 0, 0.8)),
            h("strong", { class: "last-wolf" }, last ? cardName(last.card) : t("baaaaa.no_card_yet")),
            h("small", {}, last ? t("baaaaa.turned_last") : "")),
          h("div", {}, h("p", {}, tn("baaaaa.deck_left", v.wolf_deck)),
            v.wolf_hand ? h("p", { class: "secret" }, t("baaaaa.your_wolf_cards", { cards: v.wolf_hand.map(cardName).join(", ") || "—" }))
              : v.wolf_hand_size ? h("p", {}, `${tn("baaaaa.wolf_holds", v.wolf_hand_size)}${v.wolf_hand_known && v.wolf_hand_known.length ? ` (${t("baaaaa.known", { cards: v.wolf_hand_known.map(cardName).join(", ") })})` : ""}.`) : null,
            h("p", { class: "muted small" }, t("baaaaa.to_come", { cards: Object.entries(v.wolf_unseen).map(([k, n]) => `${cardName(k)}${n > 1 ? " ×" + n : ""}`).join(", ") || "—" })))))),
    choices.length ? actionBar(ctx, choices) : null,
    wolfChoices.length ? actionBar(ctx, wolfChoices, t("baaaaa.wolf_cards")) : null,
    ui.card ? button(t("baaaaa.another_card"), () => { ui.card = null; ui.space = null; ctx.rerender(); }, { class: "small" }) : null,
  );
}

/** The result in the page's language (the server's summary is English). */
export function summary(ctx) {
  const v = ctx.view;
  const tally = { saved: v.pastures, taken: v.larder };
  if (v.pastures > v.larder) return t("baaaaa.summary.saved", tally);
  if (v.pastures < v.larder) return t(v.wolf_seat === null || v.wolf_seat === undefined ? "baaaaa.summary.lost" : "baaaaa.summary.wolf", tally);
  return t("baaaaa.summary.draw", tally);
}
