// The table chat: players talk among themselves, spectators in their own channel (which
// players never read). Text goes in as text, never as HTML; quick emotes are worded here,
// in the reader's language; a player can be muted (kept in this browser).
import { h, button } from "./dom.js";
import { t } from "./i18n.js";

const EMOTES = ["hello", "well_played", "good_game", "thanks", "oops", "wow", "baa"];
const LIMIT = 200;
const MUTED_KEY = "pasture.muted";

function readMuted() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED_KEY) || "[]"));
  } catch (e) {
    return new Set();
  }
}

export class ChatPanel {
  constructor(tableId, send, nameOf) {
    this.tableId = tableId;
    this.send = send;
    this.nameOf = nameOf;
    this.muted = readMuted();
    this.list = h("ol", { class: "chat-log", id: "chat-log", "aria-live": "polite", "aria-label": t("chat.title") });
    this.input = h("input", { id: "chat-text", maxlength: LIMIT, autocomplete: "off", "aria-label": t("chat.say"), placeholder: t("chat.say") });
    const form = h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); this.say(); } },
      this.input, h("button", { type: "submit", class: "small", id: "chat-send" }, t("chat.send")));
    this.emotes = h("div", { class: "emotes", role: "group", "aria-label": t("chat.emotes") },
      ...EMOTES.map((name) => button(t(`emote.${name}`), () => this.send({ type: "chat", emote: name }), { class: "small emote", "data-emote": name })));
    this.el = h("section", { class: "chat", "aria-labelledby": "chat-h" },
      h("h2", { id: "chat-h" }, t("chat.title")), this.list, form, this.emotes);
  }

  say() {
    const text = this.input.value.trim();
    if (!text) return;
    this.send({ type: "chat", text });
    this.input.value = "";
  }

  key(entry) {
    return `${this.tableId}:${entry.channel}:${entry.seat}`;
  }

  add(entry) {
    if (entry.seat !== null && this.muted.has(this.key(entry))) return;
    const who = entry.seat !== null && entry.seat !== undefined ? (entry.name || this.nameOf(entry.seat)) : t("chat.spectator");
    const text = entry.emote ? t(`emote.${entry.emote}`) : entry.text;
    const line = h("li", { class: `chat-line${entry.emote ? " emote" : ""}${entry.channel === "spectators" ? " watchers" : ""}` },
      h("strong", {}, `${who}: `), text);
    if (entry.seat !== null && entry.seat !== undefined) {
      line.append(" ", button(t("chat.mute_short"), () => this.mute(entry), { class: "mute", "aria-label": t("chat.mute", { name: who }), title: t("chat.mute", { name: who }) }));
    }
    this.list.append(line);
    while (this.list.children.length > 100) this.list.firstChild.remove();
    this.list.scrollTop = this.list.scrollHeight;
  }

  mute(entry) {
    this.muted.add(this.key(entry));
    localStorage.setItem(MUTED_KEY, JSON.stringify([...this.muted].slice(-200)));
    for (const line of [...this.list.children]) line.remove();
    for (const e of this.seen) this.add(e);
  }

  receive(message) {
    this.seen = this.seen || [];
    const entries = message.type === "chat_history" ? message.messages : [message];
    for (const entry of entries) {
      this.seen.push(entry);
      this.add(entry);
    }
    this.seen = this.seen.slice(-100);
  }
}
