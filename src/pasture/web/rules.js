// A game's rules (GET /api/games/<game>/rules, Markdown) shown in a dialog. A small,
// safe Markdown reading: headings, lists, tables and paragraphs, **bold** and `code`;
// everything goes in as text, never as HTML.
import { h, clear, button } from "./dom.js";
import { t, language } from "./i18n.js";

function inline(text) {
  const out = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*]+\*)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const t = m[0];
    if (t.startsWith("**")) out.push(h("strong", {}, t.slice(2, -2)));
    else if (t.startsWith("`")) out.push(h("code", {}, t.slice(1, -1)));
    else out.push(h("em", {}, t.slice(1, -1)));
    last = m.index + t.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function markdown(text) {
  const root = h("div", { class: "rules-text" });
  let list = null;
  let table = null;
  let para = [];
  const flush = () => {
    if (para.length) root.append(h("p", {}, ...inline(para.join(" "))));
    para = [];
    list = null;
    table = null;
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    const heading = line.match(/^(#{1,4})\s+(.*)$/);
    if (heading) {
      flush();
      root.append(h(`h${Math.min(heading[1].length + 1, 5)}`, {}, ...inline(heading[2])));
    } else if (/^\s*[-*]\s+/.test(line) || /^\s*\d+\.\s+/.test(line)) {
      if (para.length) flush();
      if (!list) {
        list = h(/^\s*\d+\./.test(line) ? "ol" : "ul", {});
        root.append(list);
      }
      list.append(h("li", {}, ...inline(line.replace(/^\s*([-*]|\d+\.)\s+/, ""))));
    } else if (line.startsWith("|")) {
      if (para.length) flush();
      if (/^\|[\s:|-]+\|$/.test(line)) continue; // the header separator
      const cells = line.slice(1, -1).split("|").map((c) => c.trim());
      if (!table) {
        table = h("table", { class: "rules-table" });
        root.append(table);
        table.append(h("tr", {}, ...cells.map((c) => h("th", {}, ...inline(c)))));
      } else table.append(h("tr", {}, ...cells.map((c) => h("td", {}, ...inline(c)))));
    } else if (!line.trim()) {
      flush();
    } else if (list && /^\s+/.test(raw)) {
      list.lastChild.append(" ", ...inline(line.trim()));
    } else {
      list = null;
      table = null;
      para.push(line.trim());
    }
  }
  flush();
  return root;
}

export async function showRules(game, title) {
  let dialog = document.getElementById("rules-dialog");
  if (!dialog) {
    dialog = h("dialog", { id: "rules-dialog", class: "rules-dialog", "aria-label": t("rules.title") });
    document.body.append(dialog);
  }
  clear(dialog);
  const body = h("div", { class: "rules-body" }, h("p", { class: "muted" }, t("rules.fetching")));
  dialog.append(
    h("div", { class: "rules-head" }, h("h2", {}, t("rules.of", { game: title })), button(t("rules.close"), () => dialog.close(), { class: "small", id: "rules-close" })),
    body,
  );
  dialog.showModal();
  try {
    const response = await fetch(`/api/games/${encodeURIComponent(game)}/rules?lang=${language()}`);
    const text = await response.text();
    clear(body);
    if (!response.ok) {
      let message = t("rules.none");
      try {
        message = JSON.parse(text).message || message;
      } catch (e) {
        /* not JSON */
      }
      body.append(h("p", {}, message));
    } else body.append(markdown(text));
  } catch (e) {
    clear(body);
    body.append(h("p", { class: "error" }, t("rules.offline")));
  }
}
