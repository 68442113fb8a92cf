// Wilson & Shep: the 4x4 field, Shep, 16 sheep pictures, swaps (animated), the flip
// count; Wilson sees where he hides.
import { h, s, svgBox, put } from "../dom.js";
import { t, tn, list, has } from "../i18n.js";
import { api } from "../api.js";
import { sheep, dog } from "../art.js";
import { actionBar } from "./generic.js";

const CELL = 100;
const name = (pos) => `${"ABCD"[Math.floor(pos / 4)]}${(pos % 4) + 1}`;
const REASONS = ["found", "eight_sheep", "move_cap"];

// The edition's tile pictures ({name, key} by id, from GET /api/games), asked for once; a
// picture is named by its catalogue key, else by its edition name; by number until they come.
let pictures = null;
let asked = false;

function loadPictures(ctx) {
  if (asked) return;
  asked = true;
  api.games().then((games) => {
    const game = games.find((g) => g.name === "wilson_shep");
    pictures = (game && game.pictures) || [];
    ctx.rerender();
  }).catch(() => {
    pictures = [];
  });
}

export function pictureName(id) {
  const picture = pictures && pictures[id];
  if (!picture) return t("wilson_shep.tile.sheep", { n: id + 1 });
  return has(picture.key) ? t(picture.key) : picture.name;
}

export function label(action, ctx) {
  switch (action.kind) {
    case "hide": return t("wilson_shep.label.hide", { at: name(action.at) });
    case "place": return t("wilson_shep.label.place", { at: name(action.at) });
    case "swap": return t("wilson_shep.label.swap", { a: name(action.a), b: name(action.b) });
    case "move": return t("wilson_shep.label.move", { to: name(action.to) });
    default: return action.kind;
  }
}

export function narrate(e, ctx) {
  switch (e.type) {
    case "hidden":
      return "at" in e
        ? t("wilson_shep.log.hide_you", { round: e.round, at: name(e.at) })
        : ctx.tw("wilson_shep.log.hidden", e.wilson, { round: e.round });
    case "placed":
      return ctx.tw("wilson_shep.log.placed", e.seat, { at: name(e.at) });
    case "swapped":
      return t("wilson_shep.log.swapped", { a: name(e.a), b: name(e.b) });
    case "moved":
      return ctx.tw(e.turns_up ? "wilson_shep.log.moved_up" : "wilson_shep.log.moved", e.seat, { to: name(e.to) });
    case "turned_up":
      return tn("wilson_shep.log.turned_up", e.flips, { at: name(e.at) });
    case "round_over": {
      const why = REASONS.includes(e.reason) ? t(`wilson_shep.reason.${e.reason}`) : e.reason;
      const won = e.winner === "shep" ? t("wilson_shep.log.shep_wins") : t("wilson_shep.log.wilson_escapes", { name: ctx.who(e.wilson) });
      return t("wilson_shep.log.round_over", { round: e.round, won, why, at: name(e.wilson_at) });
    }
    case "game_over":
      return t("game.over");
    default:
      return null;
  }
}

export function prompt(ctx) {
  const v = ctx.view;
  if (v.phase === "over" || ctx.ended) return t("game.over");
  const wilson = ctx.name(v.wilson);
  const mover = ctx.name(v.shep_go !== null && v.shep_go !== undefined ? v.shep_go : v.to_act[0]);
  switch (v.phase) {
    case "hide":
      return ctx.turn ? t("wilson_shep.prompt.hide") : t("wilson_shep.prompt.hiding", { name: wilson });
    case "place":
      return ctx.turn ? t("wilson_shep.prompt.place") : t("wilson_shep.prompt.placing", { name: mover });
    case "swap":
      return ctx.turn ? t("wilson_shep.prompt.swap") : t("wilson_shep.prompt.swapping", { name: wilson });
    case "move":
      return ctx.turn ? t("wilson_shep.prompt.move") : t("wilson_shep.prompt.moving", { name: mover });
    default:
      return t("generic.waiting_for", { names: list(v.to_act.map((x) => ctx.who(x))) });
  }
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
  const svg = svgBox(4 * CELL, 4 * CELL, { class: "field", role: "group", "aria-label": t("wilson_shep.field") });
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
    const what = picture === null ? t("wilson_shep.tile.down") : pictureName(picture);
    const wilsonNote = v.wilson_at === pos ? ` — ${t("wilson_shep.tile.wilson_is")}` : wasAt === pos ? ` — ${t("wilson_shep.tile.wilson_was")}` : "";
    const title = `${name(pos)}: ${what}${wilsonNote}`;
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
    svg.append(s("g", { class: "shep-piece", role: "img", "aria-label": t("wilson_shep.shep_on", { at: name(v.shep) }) },
      s("circle", { cx: x + 74, cy: y + 30, r: 24, fill: "#fff", stroke: "#6d4624", "stroke-width": 3 }),
      dog(x + 54, y + 10, 0.4)));
  }
  return svg;
}

export function render(root, ctx) {
  loadPictures(ctx);
  const v = ctx.view;
  const roleText = v.role === "wilson" ? t("wilson_shep.role.wilson") : v.role === "shep" ? t("wilson_shep.role.shep") : t("table.watching");
  const meter = (n, of, cls) => h("div", { class: `meter ${cls}` }, h("div", { style: { width: `${Math.min(100, (100 * n) / of)}%` } }));
  const players = h("div", { class: "seats" }, ...Array.from({ length: v.players }, (_, seat) =>
    h("div", { class: `seat-panel${seat === ctx.seat ? " me" : ""}${v.to_act.includes(seat) ? " acting" : ""}`, "data-seat": seat },
      h("div", { class: "seat-name" }, ctx.name(seat), seat === ctx.seat ? ` (${t("who.you")})` : ""),
      h("div", { class: "badges" }, seat === v.wilson ? h("span", { class: "badge warn" }, "Wilson") : h("span", { class: "badge" }, t("wilson_shep.shep_team")),
        v.shep_go === seat && v.phase !== "hide" && v.phase !== "swap" ? h("span", { class: "badge ok" }, t("wilson_shep.moves_next")) : null),
      h("div", {}, tn("wilson_shep.tokens", v.tokens[seat])))));
  const moves = ctx.legal.filter((a) => a.kind === "move" || a.kind === "place");
  put(root,
    h("div", { class: "round-line" },
      h("span", { class: "pill" }, t("swipsheep.round_of", { round: v.round, rounds: v.rounds })),
      h("span", { class: "role" }, roleText)),
    players,
    h("div", { class: "ws-layout" },
      h("div", { class: "panel field-panel" }, field(ctx)),
      h("div", { class: "panel ws-side" },
        h("h2", {}, t("wilson_shep.search")),
        h("p", {}, t("wilson_shep.flips", { n: v.flips, of: v.flip_limit })), meter(v.flips, v.flip_limit, "flips"),
        h("p", {}, t("wilson_shep.moves", { n: v.moves, of: v.max_moves })), meter(v.moves, v.max_moves, "moves"),
        v.wilson_at !== null && v.wilson_at !== undefined ? h("p", { class: "secret" }, t("wilson_shep.only_you", { at: name(v.wilson_at) })) : null,
        v.last_round ? h("p", { class: "muted" }, narrate({ type: "round_over", ...v.last_round }, ctx)) : null,
        v.history && v.history.length ? h("details", {}, h("summary", {}, t("wilson_shep.steps", { n: v.history.length })),
          h("ol", { class: "small" }, ...v.history.map((st) => h("li", {},
            st.step === "place" ? t("wilson_shep.step.place", { at: name(st.at) }) : st.step === "swap" ? t("wilson_shep.step.swap", { a: name(st.a), b: name(st.b) }) : t(st.turned_up ? "wilson_shep.step.move_up" : "wilson_shep.step.move", { to: name(st.to) }))))) : null)),
    moves.length && moves.length <= 4 ? actionBar(ctx, moves.map((a) => ({ label: label(a, ctx), action: a }))) : null,
  );
}
