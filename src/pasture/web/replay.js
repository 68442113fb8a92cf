// A finished match, move by move (/?replay=<table>&seat=<n|spectator|all>&step=<k>): the
// board as the chosen seat saw it at that step (its view and the events it was shown,
// nothing else), or every seat's board side by side. The address is the shareable link.
import { h, clear, button, put } from "./dom.js";
import { t } from "./i18n.js";
import { errorText, botLabel } from "./names.js";
import { gameTitle } from "./lobby.js";
import * as generic from "./games/generic.js";

const RENDERERS = ["swipsheep", "wilson_shep", "baaaaa", "wypas"];

async function loadRenderer(game) {
  if (!RENDERERS.includes(game)) return generic;
  return { ...generic, ...(await import(`./games/${game}.js`)) };
}

export async function showReplay(main, tableId, seatParam, stepParam) {
  clear(main);
  const seat = seatParam || "spectator";
  let data;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay?seat=${encodeURIComponent(seat)}`);
    data = await response.json();
    if (!response.ok) throw Object.assign(new Error(data.message), data);
  } catch (e) {
    main.append(h("div", { class: "panel" }, h("p", { class: "error", role: "alert" }, errorText(e)), h("a", { href: "/" }, t("table.back_to_lobby"))));
    return;
  }
  const info = data.table;
  const r = await loadRenderer(info.game);
  const steps = data.steps;
  let at = Math.min(Math.max(Number(stepParam) || 0, 0), steps.length - 1);
  const name = (s) => {
    const st = info.seats[s];
    if (!st) return t("table.seat_n", { n: s + 1 });
    return st.bot ? t("table.bot_name", { bot: botLabel(st.bot), n: s + 1 }) : st.name || t("table.seat_n", { n: s + 1 });
  };
  const title = gameTitle(info);
  document.title = `${t("replay.title", { game: title })} — pasture`;
  const seatPick = h("select", { id: "replay-seat", "aria-label": t("replay.as") },
    h("option", { value: "spectator" }, t("replay.spectator")),
    ...info.seats.map((s) => h("option", { value: String(s.seat) }, `${t("lobby.seat_n", { n: s.seat + 1 })} — ${name(s.seat)}`)),
    h("option", { value: "all" }, t("replay.everyone")));
  seatPick.value = seat;
  seatPick.addEventListener("change", () => { location.search = `?replay=${encodeURIComponent(tableId)}&seat=${seatPick.value}&step=${at}`; });
  const counter = h("span", { id: "replay-step", "aria-live": "polite" });
  const boards = h("div", { class: "replay-boards" });
  const log = h("ol", { class: "log", id: "log", "aria-label": t("table.log") });
  const go = (k) => { at = Math.min(Math.max(k, 0), steps.length - 1); draw(); };
  const controls = h("div", { class: "row replay-controls", role: "group", "aria-label": t("replay.controls") },
    button("|◀", () => go(0), { id: "replay-first", "aria-label": t("replay.first") }),
    button("◀", () => go(at - 1), { id: "replay-prev", "aria-label": t("replay.prev") }),
    counter,
    button("▶", () => go(at + 1), { id: "replay-next", "aria-label": t("replay.next") }),
    button("▶|", () => go(steps.length - 1), { id: "replay-last", "aria-label": t("replay.last") }),
    h("label", { class: "field inline" }, h("span", {}, t("replay.as")), seatPick),
    button(t("invite.copy"), async () => { try { await navigator.clipboard.writeText(location.href); } catch (e) { window.prompt(t("invite.copy_this"), location.href); } }, { class: "small", id: "replay-copy" }));
  main.append(h("div", { class: "table-page replay" },
    h("div", { class: "table-head" }, h("h1", {}, t("replay.title", { game: title })), h("a", { href: `/?table=${encodeURIComponent(tableId)}` }, t("replay.back"))),
    controls,
    h("div", { class: "table-body" }, h("div", { class: "table-main" }, boards), h("aside", { class: "table-side panel", tabindex: 0, "aria-label": t("table.log") }, h("h2", {}, t("table.log")), log))));
  document.addEventListener("keydown", (e) => {
    if (["INPUT", "SELECT"].includes(e.target.tagName)) return;
    if (e.key === "ArrowRight") go(at + 1);
    if (e.key === "ArrowLeft") go(at - 1);
  });

  function ctxFor(viewer, view, step) {
    const who = (s) => (s === viewer ? t("who.you") : name(s));
    const ctx = {
      view, legal: [], turn: false, waiting: false, seat: viewer, table: info, version: step.version,
      recent: step.events.map((e) => e.event), deadline: null, busy: false, ui: {}, ended: at === steps.length - 1 ? { result: info.result } : null,
      name, who, Who: (s) => { const w = who(s); return w[0].toUpperCase() + w.slice(1); },
      tw: (key, s, params = {}, object = null) => t(`${key}.${s === viewer ? "you" : object !== null && object === viewer ? "at_you" : "other"}`, { name: name(s), ...params }),
      does: (s, verb, verbs) => (s === viewer ? `you ${verb}` : `${name(s)} ${verbs || verb + "s"}`),
      t, act: () => {}, rerender: () => draw(), every: () => {}, later: () => {},
      label: (a) => r.label(a, ctx),
    };
    return ctx;
  }

  function draw() {
    const step = steps[at];
    counter.textContent = t("replay.step", { n: at, of: steps.length - 1 });
    const params = new URLSearchParams({ replay: tableId, seat, step: String(at) });
    history.replaceState(null, "", `/?${params}`);
    clear(boards);
    for (const [key, view] of Object.entries(step.views)) {
      const viewer = key === "spectator" ? null : Number(key);
      const board = h("div", { class: `board game-${info.game}`, "data-version": step.version, "data-viewer": key });
      try {
        r.render(board, ctxFor(viewer, view, step));
      } catch (e) {
        console.error(e);
        generic.render(board, ctxFor(viewer, view, step));
      }
      for (const b of board.querySelectorAll("button, [tabindex='0']")) { b.disabled = true; b.setAttribute("tabindex", "-1"); }
      put(boards, data.everyone ? h("h2", { class: "replay-seat-name" }, name(viewer)) : null, board);
    }
    clear(log);
    const viewer = data.everyone ? null : data.seat;
    for (let k = at; k >= 0; k--) {
      for (const { event } of [...steps[k].events].reverse()) {
        let text = null;
        try { text = r.narrate(event, ctxFor(viewer, steps[k].views[viewer === null ? "spectator" : String(viewer)] || Object.values(steps[k].views)[0], steps[k])); } catch (e) { text = null; }
        if (text) log.append(h("li", { class: k === at ? "fresh" : "" }, text[0].toUpperCase() + text.slice(1)));
      }
    }
  }
  draw();
}
