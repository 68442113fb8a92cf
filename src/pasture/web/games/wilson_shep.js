// Wilson & Shep: the 4x4 field, Shep, 16 sheep pictures, swaps (animated), the flip
// count; Wilson sees where he hides.
import { h, s, svgBox, put, plural } from "../dom.js";
import { sheep, dog } from "../art.js";
import { actionBar } from "./generic.js";

const CELL = 100;
const name = (pos) => `${"ABCD"[Math.floor(pos / 4)]}${(pos % 4) + 1}`;
const REASONS = {
  found: "Shep found Wilson",
  eight_sheep: "the Shep team turned up too many sheep",
  move_cap: "the Shep team ran out of moves",
};

export function label(action, ctx) {
  switch (action.kind) {
    case "hide": return `Hide at ${name(action.at)}`;
    case "place": return `Put Shep on ${name(action.at)}`;
    case "swap": return `Swap ${name(action.a)} and ${name(action.b)}`;
    case "move": return `Move Shep to ${name(action.to)}`;
    default: return action.kind;
  }
}

export function narrate(e, ctx) {
  switch (e.type) {
    case "hidden":
      return "at" in e
        ? `Round ${e.round}: you hide at ${name(e.at)}.`
        : `Round ${e.round}: ${ctx.who(e.wilson)} ${e.wilson === ctx.seat ? "are" : "is"} Wilson and hides face down.`;
    case "placed":
      return `${ctx.Who(e.seat)} put Shep on ${name(e.at)}.`;
    case "swapped":
      return `Wilson swapped ${name(e.a)} and ${name(e.b)}.`;
    case "moved":
      return `${ctx.Who(e.seat)} moved Shep to ${name(e.to)}${e.turns_up ? " and turns the tile up" : ""}.`;
    case "turned_up":
      return `A sheep turned up at ${name(e.at)} (${plural(e.flips, "sheep", "sheep")} so far).`;
    case "round_over": {
      const why = REASONS[e.reason] || e.reason;
      const won = e.winner === "shep" ? "The Shep team wins the round" : `Wilson (${ctx.who(e.wilson)}) escapes`;
      return `Round ${e.round}: ${won} — ${why}. Wilson was at ${name(e.wilson_at)}.`;
    }
    case "game_over":
      return "The game is over.";
    default:
      return null;
  }
}

export function prompt(ctx) {
  const v = ctx.view;
  if (v.phase === "over" || ctx.ended) return "The game is over.";
  const wilson = ctx.who(v.wilson);
  const mover = v.shep_go !== null && v.shep_go !== undefined ? v.shep_go : v.to_act[0];
  switch (v.phase) {
    case "hide":
      return ctx.turn ? "You are Wilson: choose where to hide (click a tile)." : `${cap(wilson)} (Wilson) is hiding.`;
    case "place":
      return ctx.turn ? "Put Shep on a tile to start the search." : `${ctx.Who(mover)} is placing Shep.`;
    case "swap":
      return ctx.turn ? "Swap two neighbouring tiles: click one, then its neighbour." : `${cap(wilson)} (Wilson) is swapping two tiles.`;
    case "move":
      return ctx.turn ? "Move Shep to a neighbouring tile." : `${ctx.Who(mover)} is moving Shep.`;
    default:
      return `Waiting for ${v.to_act.map((x) => ctx.who(x)).join(", ")}.`;
  }
}

function cap(t) {
  return t[0].toUpperCase() + t.slice(1);
}

function targets(ctx) {
  // position -> actions that start there (swap: keyed by both ends)
  const out = new Map();
  const add = (pos, a) => out.set(pos, [...(out.get(pos) || []), a]);
  for (const a of ctx.legal) {
    if (a.kind === "hide" || a.kind === "place") add(a.at, a);
    else if (a.kind === "move") add(a.to, a);
    else if (a.kind === "swap") { add(a.a, a); add(a.b, a); }
  }
  return out;
}

function field(ctx) {
  const v = ctx.view;
  const ui = ctx.ui;
  if (ui.version !== ctx.version) { ui.version = ctx.version; ui.swapFrom = null; }
  const byPos = targets(ctx);
  const slide = new Map();
  for (const e of ctx.recent) if (e.type === "swapped") { slide.set(e.a, e.b); slide.set(e.b, e.a); }
  const turned = new Set(ctx.recent.filter((e) => e.type === "turned_up").map((e) => e.at));
  const svg = svgBox(4 * CELL, 4 * CELL, { class: "field", "aria-label": "The field" });
  const click = (pos) => {
    const acts = byPos.get(pos) || [];
    if (!acts.length || ctx.busy) return;
    if (acts[0].kind !== "swap") return ctx.act(acts[0]);
    if (ui.swapFrom === null || ui.swapFrom === pos) {
      ui.swapFrom = ui.swapFrom === pos ? null : pos;
      return ctx.rerender();
    }
    const swap = ctx.legal.find((a) => a.kind === "swap" && ((a.a === ui.swapFrom && a.b === pos) || (a.b === ui.swapFrom && a.a === pos)));
    if (swap) return ctx.act(swap);
    ui.swapFrom = pos;
    ctx.rerender();
  };
  for (let pos = 0; pos < 16; pos++) {
    const x = (pos % 4) * CELL;
    const y = Math.floor(pos / 4) * CELL;
    const picture = v.grid[pos];
    // At the end everyone learns where Wilson hid in the last round (the round_over event).
    const wasAt = v.phase === "over" && v.last_round ? v.last_round.wilson_at : null;
    const acts = byPos.get(pos) || [];
    let live = acts.length > 0;
    if (live && acts[0].kind === "swap" && ui.swapFrom !== null && ui.swapFrom !== pos) {
      live = acts.some((a) => a.a === ui.swapFrom || a.b === ui.swapFrom);
    }
    const classes = ["tile", picture === null ? "down" : "up"];
    if (live) classes.push("live");
    if (ui.swapFrom === pos) classes.push("picked");
    if (turned.has(pos)) classes.push("fresh");
    const style = {};
    if (slide.has(pos)) {
      const other = slide.get(pos);
      classes.push("slide");
      style["--dx"] = `${((other % 4) - (pos % 4)) * CELL}px`;
      style["--dy"] = `${(Math.floor(other / 4) - Math.floor(pos / 4)) * CELL}px`;
    }
    const title = `${name(pos)}: ${picture === null ? "face down" : "sheep " + (picture + 1)}${v.wilson_at === pos ? " — Wilson is here" : wasAt === pos ? " — Wilson was here" : ""}`;
    const g = s("g", {
      class: classes.join(" "),
      style,
      "data-pos": pos,
      role: live ? "button" : "img",
      tabindex: live ? 0 : null,
      "aria-label": title,
      onclick: () => click(pos),
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); click(pos); } },
    },
    s("title", {}, title),
    s("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 10, class: "tile-bg" }),
    picture === null
      ? s("path", { d: `M${x + 20} ${y + 70} q15 -20 30 0 q15 -20 30 0`, class: "tile-grass" })
      : sheep(x + 8, y + 18, 0.84, picture),
    picture !== null ? s("text", { x: x + 12, y: y + 22, class: "tile-num" }, String(picture + 1)) : null,
    v.wilson_at === pos || wasAt === pos ? s("g", { class: `wilson-mark${wasAt === pos ? " revealed" : ""}`, "data-wilson": pos },
      s("circle", { cx: x + 50, cy: y + 50, r: 30, class: "wilson-ring" }),
      s("text", { x: x + 50, y: y + 57, "text-anchor": "middle", class: "wilson-w" }, "W")) : null,
    s("text", { x: x + CELL - 10, y: y + CELL - 10, "text-anchor": "end", class: "tile-name" }, name(pos)),
    );
    svg.append(g);
  }
  if (v.shep !== null && v.shep !== undefined) {
    const x = (v.shep % 4) * CELL;
    const y = Math.floor(v.shep / 4) * CELL;
    svg.append(s("g", { class: "shep-piece", "aria-label": `Shep is on ${name(v.shep)}` },
      s("circle", { cx: x + 74, cy: y + 30, r: 24, fill: "#fff", stroke: "#6d4624", "stroke-width": 3 }),
      dog(x + 54, y + 10, 0.4)));
  }
  return svg;
}

export function render(root, ctx) {
  const v = ctx.view;
  const roleText = v.role === "wilson" ? "You are Wilson this round: stay hidden!" : v.role === "shep" ? "You are on the Shep team: find Wilson." : "You are watching.";
  const meter = (n, of, cls) => h("div", { class: `meter ${cls}` }, h("div", { style: { width: `${Math.min(100, (100 * n) / of)}%` } }));
  const players = h("div", { class: "seats" }, ...Array.from({ length: v.players }, (_, seat) =>
    h("div", { class: `seat-panel${seat === ctx.seat ? " me" : ""}${v.to_act.includes(seat) ? " acting" : ""}`, "data-seat": seat },
      h("div", { class: "seat-name" }, ctx.name(seat), seat === ctx.seat ? " (you)" : ""),
      h("div", { class: "badges" }, seat === v.wilson ? h("span", { class: "badge warn" }, "Wilson") : h("span", { class: "badge" }, "Shep team"),
        v.shep_go === seat && v.phase !== "hide" && v.phase !== "swap" ? h("span", { class: "badge ok" }, "moves Shep next") : null),
      h("div", {}, `${plural(v.tokens[seat], "reward token")}`))));
  const moves = ctx.legal.filter((a) => a.kind === "move" || a.kind === "place");
  put(root,
    h("div", { class: "round-line" },
      h("span", { class: "pill" }, `Round ${v.round} of ${v.rounds}`),
      h("span", { class: "role" }, roleText)),
    players,
    h("div", { class: "ws-layout" },
      h("div", { class: "panel field-panel" }, field(ctx)),
      h("div", { class: "panel ws-side" },
        h("h2", {}, "The search"),
        h("p", {}, `Sheep turned up: ${v.flips} of ${v.flip_limit}`), meter(v.flips, v.flip_limit, "flips"),
        h("p", {}, `Shep's moves: ${v.moves} of ${v.max_moves}`), meter(v.moves, v.max_moves, "moves"),
        v.wilson_at !== null && v.wilson_at !== undefined ? h("p", { class: "secret" }, `Only you see this: you are at ${name(v.wilson_at)}.`) : null,
        v.last_round ? h("p", { class: "muted" }, narrate({ type: "round_over", ...v.last_round }, ctx)) : null,
        v.history && v.history.length ? h("details", {}, h("summary", {}, `This round's steps (${v.history.length})`),
          h("ol", { class: "small" }, ...v.history.map((st) => h("li", {},
            st.step === "place" ? `Shep placed on ${name(st.at)}` : st.step === "swap" ? `swap ${name(st.a)} ↔ ${name(st.b)}` : `Shep to ${name(st.to)}${st.turned_up ? " (turned up)" : ""}`)))) : null)),
    moves.length && moves.length <= 4 ? actionBar(ctx, moves.map((a) => ({ label: label(a, ctx), action: a }))) : null,
  );
}
