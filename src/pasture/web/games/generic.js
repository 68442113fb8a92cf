// The fallback renderer: any game can be played with it. It lists the seat's legal
// actions as buttons and shows the view's public facts as a plain list.
import { h, button, put } from "../dom.js";
import { t } from "../i18n.js";

export function label(action) {
  const parts = Object.entries(action)
    .filter(([k]) => k !== "kind")
    .map(([k, v]) => `${k.replaceAll("_", " ")} ${v === null ? "none" : v}`);
  return `${action.kind.replaceAll("_", " ")}${parts.length ? ": " + parts.join(", ") : ""}`;
}

export function narrate(event, ctx) {
  const parts = Object.entries(event)
    .filter(([k]) => k !== "type")
    .map(([k, v]) => {
      if (["seat", "to", "from", "by", "winner", "target"].includes(k) && Number.isInteger(v)) return `${k} ${ctx.who(v)}`;
      return `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`;
    });
  return `${event.type.replaceAll("_", " ")}${parts.length ? " — " + parts.join(", ") : ""}`;
}

export function prompt(ctx) {
  const view = ctx.view;
  if (ctx.ended || view.phase === "over") return t("game.over");
  const acting = view.to_act || [];
  if (!acting.length) return t("generic.waiting");
  if (ctx.turn) return ctx.tn("generic.choose", ctx.legal.length);
  return t("generic.waiting_for", { names: ctx.list(acting.map((s) => ctx.who(s))) });
}

/** The action bar: one button per entry [{label, action, attrs}] (keys 1-9 press them). */
export function actionBar(ctx, entries, title = t("generic.choices")) {
  if (!entries.length) return null;
  return h("div", { class: "actions", role: "group", "aria-label": title },
    h("span", { class: "actions-title" }, title),
    ...entries.map((entry, i) =>
      button(
        [i < 9 ? h("kbd", { "aria-hidden": "true" }, String(i + 1)) : null, entry.label],
        () => ctx.act(entry.action),
        { disabled: ctx.busy || null, class: entry.class || "", "data-action": JSON.stringify(entry.action), ...(entry.attrs || {}) },
      )));
}

/** Every legal action as a button, labelled by the game's own label(). */
export function allActions(ctx, filter = () => true, title) {
  return actionBar(ctx, ctx.legal.filter(filter).map((action) => ({ label: ctx.label(action), action })), title);
}

export function render(root, ctx) {
  const view = ctx.view;
  const facts = h("dl", { class: "facts" });
  for (const [key, value] of Object.entries(view)) {
    if (key === "log" || key === "game") continue;
    facts.append(h("dt", {}, key.replaceAll("_", " ")), h("dd", {}, typeof value === "object" ? JSON.stringify(value) : String(value)));
  }
  put(root, allActions(ctx) || h("p", { class: "muted" }, t("generic.nothing")), h("section", { class: "panel" }, facts));
}
