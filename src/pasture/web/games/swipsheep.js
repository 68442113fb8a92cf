// Swip'Sheep: the hand, passing one card left and one right, laid wolves, attacks one by
// one, and the round's scores.
import { h, button, put } from "../dom.js";
import { t, tn, list } from "../i18n.js";
import { card, cardTitle } from "./cards.js";
import { actionBar } from "./generic.js";

const ORDER = ["sheep1", "sheep2", "sheep3", "wolf", "dog"];

function expand(counts) {
  const out = [];
  for (const kind of ORDER) for (let i = 0; i < (counts[kind] || 0); i++) out.push(kind);
  for (const [kind, n] of Object.entries(counts)) if (!ORDER.includes(kind)) for (let i = 0; i < n; i++) out.push(kind);
  return out;
}

const left = (view, seat) => (seat + 1) % view.players;
const right = (view, seat) => (seat - 1 + view.players) % view.players;

/** "a 2-sheep card", "a wolf": a card named inside a sentence. */
function cardWord(kind) {
  return t(`swipsheep.a.${kind || "nothing"}`);
}

export function label(action, ctx) {
  const view = ctx.view;
  if (action.kind === "pass") {
    const l = { card: cardWord(action.left), name: ctx.name(left(view, ctx.seat)) };
    if (!action.right) return t("swipsheep.label.pass_left", l);
    return t("swipsheep.label.pass", { ...l, card2: cardWord(action.right), name2: ctx.name(right(view, ctx.seat)) });
  }
  if (action.kind === "attack") return t("swipsheep.label.attack", { name: ctx.name(action.target) });
  return action.kind;
}

export function narrate(e, ctx) {
  switch (e.type) {
    case "pass_phase":
      return t("swipsheep.log.pass_phase", { round: e.round });
    case "passed":
      return ctx.tw("swipsheep.log.passed", e.from, { card: "card" in e ? cardWord(e.card) : t("swipsheep.a.card"), to: ctx.who(e.to) }, e.to);
    case "wolves_tonight": {
      const laid = e.laid.map((n, seat) => (n ? `${ctx.who(seat)} ×${n}` : null)).filter(Boolean);
      return laid.length ? t("swipsheep.log.wolves", { laid: laid.join(", ") }) : t("swipsheep.log.no_wolves");
    }
    case "attack": {
      let line = ctx.tw("swipsheep.log.attack", e.attacker, { target: ctx.who(e.target) }, e.target);
      if (e.defended) line += ` — ${ctx.tw("swipsheep.log.defended", e.drawer)}`;
      if (e.empty_hand) line += ` — ${t("swipsheep.log.empty_hand")}`;
      return line + ".";
    }
    case "drew":
      return ctx.tw("swipsheep.log.drew", e.drawer, { card: "card" in e ? cardWord(e.card) : t("swipsheep.a.card"), from: ctx.who(e.victim) }, e.victim);
    case "round_scored":
      return t("swipsheep.log.round_scored", { round: e.round, scores: e.sheep.map((n, seat) => `${ctx.who(seat)} +${n}`).join(", ") });
    case "game_over":
      return t("game.over");
    default:
      return null; // dealing and secret choices are shown by the board itself
  }
}

export function prompt(ctx) {
  const view = ctx.view;
  const me = ctx.seat;
  if (view.phase === "over" || ctx.ended) return t("game.over");
  if (view.phase === "deal") return t("swipsheep.prompt.deal");
  if (view.phase === "pass") {
    if (ctx.turn) return t("swipsheep.prompt.pass", { left: ctx.name(left(view, me)), right: ctx.name(right(view, me)) });
    return t("swipsheep.prompt.waiting_pass", { names: list(view.to_act.map((s) => ctx.who(s))) });
  }
  if (view.phase === "attack") {
    if (ctx.turn) return t("swipsheep.prompt.attack");
    return t("swipsheep.prompt.attacking", { name: ctx.name(view.attacker) });
  }
  return "";
}

function seatPanel(ctx, seat, hits) {
  const view = ctx.view;
  const me = ctx.seat;
  const acting = view.to_act.includes(seat);
  const badges = [];
  if (seat === view.first_player) badges.push(h("span", { class: "badge", title: t("swipsheep.first_title") }, t("swipsheep.first")));
  if (view.phase === "pass" && view.chosen && view.chosen[seat]) badges.push(h("span", { class: "badge ok" }, `✓ ${t("swipsheep.chosen")}`));
  if (view.attacker === seat && view.phase === "attack") badges.push(h("span", { class: "badge warn" }, t("swipsheep.attacking")));
  const attack = ctx.legal.find((a) => a.kind === "attack" && a.target === seat);
  const backs = Math.min(view.hand_sizes[seat], 8);
  return h("div", {
    class: `seat-panel${acting ? " acting" : ""}${seat === me ? " me" : ""}${hits.has(seat) ? " hit" : ""}`,
    "data-seat": seat,
  },
    h("div", { class: "seat-name" }, ctx.name(seat), seat === me ? ` (${t("who.you")})` : ""),
    h("div", { class: "badges" }, ...badges),
    h("div", { class: "mini-hand", "aria-label": tn("swipsheep.in_hand", view.hand_sizes[seat]) },
      ...Array.from({ length: backs }, () => card(null, { class: "card tiny" })),
      h("span", { class: "count" }, tn("n.cards", view.hand_sizes[seat]))),
    view.laid_wolves[seat]
      ? h("div", { class: "laid", "aria-label": tn("swipsheep.wolves_laid", view.laid_wolves[seat]) },
        ...Array.from({ length: view.laid_wolves[seat] }, () => card("wolf", { class: "card tiny" })))
      : null,
    h("div", { class: "sheep-score" }, tn("swipsheep.scored", view.scores[seat])),
    attack ? button(t("swipsheep.label.attack", { name: ctx.name(seat) }), () => ctx.act(attack), { class: "danger", disabled: ctx.busy || null, "data-attack": seat }) : null,
  );
}

function passPicker(ctx, hand) {
  const view = ctx.view;
  const me = ctx.seat;
  const ui = ctx.ui;
  // Keep the half-made choice while others choose; start over when the hand changes.
  const key = `${view.round}:${JSON.stringify(view.hand)}`;
  if (ui.passKey !== key) {
    ui.pass = { left: null, right: null };
    ui.passKey = key;
  }
  const choice = ui.pass;
  const pick = (i) => {
    if (choice.left === i) choice.left = null;
    else if (choice.right === i) choice.right = null;
    else if (choice.left === null) choice.left = i;
    else if (choice.right === null) choice.right = i;
    else choice.right = i;
    ctx.rerender();
  };
  const leftKind = choice.left === null ? null : hand[choice.left];
  const rightKind = choice.right === null ? null : hand[choice.right];
  const action = ctx.legal.find((a) => a.kind === "pass" && a.left === leftKind && a.right === rightKind);
  const cards = hand.map((kind, i) => {
    const side = choice.left === i ? "left" : choice.right === i ? "right" : null;
    return h("button", {
      type: "button",
      class: `card-button${side ? " chosen chosen-" + side : ""}`,
      "data-card": kind,
      "data-index": i,
      "aria-pressed": String(Boolean(side)),
      "aria-label": side ? t(`swipsheep.passing_${side}`, { card: cardTitle(kind) }) : cardTitle(kind),
      onclick: () => pick(i),
    }, card(kind), side ? h("span", { class: "tag" }, side === "left" ? `← ${t("swipsheep.left")}` : `${t("swipsheep.right")} →`) : null);
  });
  const slot = (side, kind, to) =>
    h("div", { class: `pass-slot ${side}` }, `${side === "left" ? "←" : "→"} ${t("swipsheep.to", { name: ctx.name(to) })}: `,
      kind ? h("strong", {}, cardTitle(kind)) : h("span", { class: "muted" }, t("swipsheep.click_card")));
  return h("section", { class: "panel hand-panel" },
    h("h2", {}, t("swipsheep.hand_pass")),
    h("div", { class: "hand" }, ...cards),
    h("div", { class: "pass-slots" }, slot("left", leftKind, left(view, me)), slot("right", rightKind, right(view, me))),
    actionBar(ctx, action ? [{ label: t("swipsheep.confirm"), action, class: "primary", attrs: { id: "confirm-pass" } }] : [], t("swipsheep.pass")),
    !action ? h("p", { class: "muted small" }, choice.left === null ? t("swipsheep.first_click") : t("swipsheep.second_click")) : null,
    choice.left !== null || choice.right !== null
      ? button(t("swipsheep.start_over"), () => { ui.pass = { left: null, right: null }; ctx.rerender(); }, { class: "small" })
      : null,
  );
}

function handPanel(ctx, hand, fresh) {
  const view = ctx.view;
  const marked = [...fresh];
  const cards = hand.map((kind) => {
    const at = marked.indexOf(kind);
    if (at >= 0) marked.splice(at, 1);
    return card(kind, { class: `card${at >= 0 ? " new" : ""}` });
  });
  let note = null;
  if (view.my_pass) {
    note = h("p", {}, t("swipsheep.my_pass", { left: cardWord(view.my_pass.left), right: cardWord(view.my_pass.right) }));
  }
  return h("section", { class: "panel hand-panel" },
    h("h2", {}, t("swipsheep.hand")),
    hand.length ? h("div", { class: "hand" }, ...cards) : h("p", { class: "muted" }, t("swipsheep.no_cards")),
    note);
}

function lastRound(ctx) {
  const last = ctx.view.last_round;
  if (!last) return null;
  return h("section", { class: "panel round-scores" },
    h("h2", {}, t("swipsheep.round_scores", { round: last.round })),
    h("table", {},
      h("tbody", {}, ...last.hands.map((hand, seat) =>
        h("tr", {},
          h("td", {}, ctx.name(seat)),
          h("td", { class: "tiny-cards" }, ...expand(hand).map((k) => card(k, { class: "card tiny" }))),
          h("td", {}, `+${last.sheep[seat]}`))))));
}

export function render(root, ctx) {
  const view = ctx.view;
  const me = ctx.seat;
  const hits = new Set();
  const fresh = [];
  for (const e of ctx.recent) {
    if (e.type === "attack") hits.add(e.target);
    if (e.type === "passed" && e.to === me && e.card) fresh.push(e.card);
    if (e.type === "drew" && e.drawer === me && e.card) fresh.push(e.card);
  }
  put(root, 
    h("div", { class: "round-line" },
      h("span", { class: "pill" }, t("swipsheep.round_of", { round: view.round, rounds: view.rounds })),
      h("span", {}, `${t("swipsheep.deck")}: ${tn("n.cards", view.deck)}`),
      Object.keys(view.set_aside || {}).length ? h("span", { class: "muted" }, `${t("swipsheep.set_aside")}: ${expand(view.set_aside).map(cardTitle).join(", ")}`) : null),
    h("div", { class: "seats" }, ...Array.from({ length: view.players }, (_, seat) => seatPanel(ctx, seat, hits))),
  );
  if (me !== null && me !== undefined && view.hand) {
    const hand = expand(view.hand);
    const passing = ctx.legal.some((a) => a.kind === "pass");
    put(root, passing ? passPicker(ctx, hand) : handPanel(ctx, hand, fresh));
  }
  const attacks = ctx.legal.filter((a) => a.kind === "attack");
  if (attacks.length) {
    put(root, actionBar(ctx, attacks.map((a) => ({
      label: `${t("swipsheep.label.attack", { name: ctx.name(a.target) })} (${tn("n.cards", view.hand_sizes[a.target])})`,
      action: a,
      class: "danger",
    })), t("swipsheep.prompt.attack")));
  }
  put(root, lastRound(ctx));
}
