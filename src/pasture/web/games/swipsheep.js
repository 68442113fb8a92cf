// Swip'Sheep: the hand, passing one card left and one right, laid wolves, attacks one by
// one, and the round's scores.
import { h, button, plural, put } from "../dom.js";
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

function cardWord(kind) {
  return kind ? cardTitle(kind).toLowerCase().replace(/^1 sheep$/, "a 1-sheep card").replace(/^(\d) sheep$/, "a $1-sheep card").replace(/^wolf$/, "a wolf").replace(/^dog$/, "a dog") : "nothing";
}

export function label(action, ctx) {
  const view = ctx.view;
  if (action.kind === "pass") {
    let text = `Pass ${cardWord(action.left)} left to ${ctx.name(left(view, ctx.seat))}`;
    if (action.right) text += ` and ${cardWord(action.right)} right to ${ctx.name(right(view, ctx.seat))}`;
    return text;
  }
  if (action.kind === "attack") return `Attack ${ctx.name(action.target)}`;
  return action.kind;
}

export function narrate(e, ctx) {
  switch (e.type) {
    case "pass_phase":
      return `Round ${e.round}: the cards are dealt; everyone chooses what to pass.`;
    case "passed":
      return `${ctx.Who(e.from)} passed ${"card" in e ? cardWord(e.card) : "a card"} to ${ctx.who(e.to)}.`;
    case "wolves_tonight": {
      const laid = e.laid.map((n, seat) => (n ? `${ctx.who(seat)} ×${n}` : null)).filter(Boolean);
      return `Are there wolves tonight? ${laid.length ? "Wolves laid: " + laid.join(", ") + "." : "No wolves tonight."}`;
    }
    case "attack": {
      let line = `${ctx.does(e.attacker, "attack")} ${ctx.who(e.target)}`;
      if (e.defended) line += ` — a dog defends! ${ctx.does(e.drawer, "draw")} from the attacker`;
      if (e.empty_hand) return line + " — but there is nothing to take.";
      return line + ".";
    }
    case "drew":
      return `${ctx.Who(e.drawer)} drew ${"card" in e ? cardWord(e.card) : "a card"} from ${ctx.who(e.victim)}.`;
    case "round_scored":
      return `Round ${e.round} ends. Sheep scored: ${e.sheep.map((n, seat) => `${ctx.who(seat)} +${n}`).join(", ")}.`;
    case "game_over":
      return "The game is over.";
    default:
      return null; // dealing and secret choices are shown by the board itself
  }
}

export function prompt(ctx) {
  const view = ctx.view;
  const me = ctx.seat;
  if (view.phase === "over" || ctx.ended) return "The game is over.";
  if (view.phase === "deal") return "The cards are being dealt.";
  if (view.phase === "pass") {
    if (ctx.turn) {
      return `Choose one card to pass left to ${ctx.name(left(view, me))} and one to pass right to ${ctx.name(right(view, me))}, then confirm.`;
    }
    const waiting = view.to_act.map((s) => ctx.who(s));
    return `Waiting for ${waiting.join(", ")} to choose the cards to pass.`;
  }
  if (view.phase === "attack") {
    if (ctx.turn) return "Your wolf attacks: choose whom.";
    return `${ctx.name(view.attacker)}'s wolf is choosing whom to attack.`;
  }
  return "";
}

function seatPanel(ctx, seat, hits) {
  const view = ctx.view;
  const me = ctx.seat;
  const acting = view.to_act.includes(seat);
  const badges = [];
  if (seat === view.first_player) badges.push(h("span", { class: "badge", title: "first player this round" }, "first"));
  if (view.phase === "pass" && view.chosen && view.chosen[seat]) badges.push(h("span", { class: "badge ok" }, "✓ chosen"));
  if (view.attacker === seat && view.phase === "attack") badges.push(h("span", { class: "badge warn" }, "attacking"));
  const attack = ctx.legal.find((a) => a.kind === "attack" && a.target === seat);
  const backs = Math.min(view.hand_sizes[seat], 8);
  return h("div", {
    class: `seat-panel${acting ? " acting" : ""}${seat === me ? " me" : ""}${hits.has(seat) ? " hit" : ""}`,
    "data-seat": seat,
  },
    h("div", { class: "seat-name" }, ctx.name(seat), seat === me ? " (you)" : ""),
    h("div", { class: "badges" }, ...badges),
    h("div", { class: "mini-hand", "aria-label": plural(view.hand_sizes[seat], "card") + " in hand" },
      ...Array.from({ length: backs }, () => card(null, { class: "card tiny" })),
      h("span", { class: "count" }, plural(view.hand_sizes[seat], "card"))),
    view.laid_wolves[seat]
      ? h("div", { class: "laid", "aria-label": `${view.laid_wolves[seat]} wolves laid` },
        ...Array.from({ length: view.laid_wolves[seat] }, () => card("wolf", { class: "card tiny" })))
      : null,
    h("div", { class: "sheep-score" }, `${plural(view.scores[seat], "sheep", "sheep")} scored`),
    attack ? button(`Attack ${ctx.name(seat)}`, () => ctx.act(attack), { class: "danger", disabled: ctx.busy || null, "data-attack": seat }) : null,
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
      "aria-label": `${cardTitle(kind)}${side ? ", passing " + side : ""}`,
      onclick: () => pick(i),
    }, card(kind), side ? h("span", { class: "tag" }, side === "left" ? "← left" : "right →") : null);
  });
  const slot = (side, kind, to) =>
    h("div", { class: `pass-slot ${side}` }, side === "left" ? `← to ${ctx.name(to)}: ` : `→ to ${ctx.name(to)}: `,
      kind ? h("strong", {}, cardTitle(kind)) : h("span", { class: "muted" }, "click a card"));
  return h("section", { class: "panel hand-panel" },
    h("h2", {}, "Your hand — choose the cards to pass"),
    h("div", { class: "hand" }, ...cards),
    h("div", { class: "pass-slots" }, slot("left", leftKind, left(view, me)), slot("right", rightKind, right(view, me))),
    actionBar(ctx, action ? [{ label: "Confirm the pass", action, class: "primary", attrs: { id: "confirm-pass" } }] : [], "Pass"),
    !action ? h("p", { class: "muted small" }, choice.left === null ? "First click: the card for the left." : "Second click: the card for the right.") : null,
    choice.left !== null || choice.right !== null
      ? button("Start over", () => { ui.pass = { left: null, right: null }; ctx.rerender(); }, { class: "small" })
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
    note = h("p", {}, `You pass ${cardWord(view.my_pass.left)} left and ${cardWord(view.my_pass.right)} right — waiting for the others.`);
  }
  return h("section", { class: "panel hand-panel" },
    h("h2", {}, "Your hand"),
    hand.length ? h("div", { class: "hand" }, ...cards) : h("p", { class: "muted" }, "No cards in hand."),
    note);
}

function lastRound(ctx) {
  const last = ctx.view.last_round;
  if (!last) return null;
  return h("section", { class: "panel round-scores" },
    h("h2", {}, `Round ${last.round} scores`),
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
      h("span", { class: "pill" }, `Round ${view.round} of ${view.rounds}`),
      h("span", {}, `Deck: ${plural(view.deck, "card")}`),
      Object.keys(view.set_aside || {}).length ? h("span", { class: "muted" }, `Set aside: ${expand(view.set_aside).map(cardTitle).join(", ")}`) : null),
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
      label: `Attack ${ctx.name(a.target)} (${plural(view.hand_sizes[a.target], "card")})`,
      action: a,
      class: "danger",
    })), "Your wolf attacks"));
  }
  put(root, lastRound(ctx));
}
