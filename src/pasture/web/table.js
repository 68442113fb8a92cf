// A table: join or resume a seat, keep the websocket, and draw the game with its
// renderer (games/<game>.js, or games/generic.js for a game without one). The page only
// ever holds what the server sent to this seat.
import { api, memory, tableLink, ApiError } from "./api.js";
import { h, clear, button, put } from "./dom.js";
import { TableSocket } from "./socket.js";
import { showRules } from "./rules.js";
import { botLabel, errorText } from "./names.js";
import { t, tn, has, list } from "./i18n.js";
import { gameTitle } from "./lobby.js";
import { Countdown, TurnAlerts } from "./presence.js";
import { ChatPanel } from "./chat.js";
import * as generic from "./games/generic.js";

const LOG_LINES = 5000; // a whole Wypas match fits; the oldest lines go beyond that
const MAJOR = new Set(["game_over", "round_over", "round_scored", "pass_phase", "turn", "hidden"]);
const RENDERERS = ["swipsheep", "wilson_shep", "baaaaa", "wypas"];

async function loadRenderer(game) {
  if (!RENDERERS.includes(game)) return generic;
  try {
    return { ...generic, ...(await import(`./games/${game}.js`)) };
  } catch (e) {
    console.error(e);
    return generic;
  }
}

export async function showTable(main, tableId, { inviteSeat, watch }) {
  clear(main);
  let info;
  try {
    info = await api.table(tableId);
  } catch (e) {
    main.append(h("div", { class: "panel" }, h("p", { class: "error" }, errorText(e)), h("a", { href: "/" }, t("table.back_to_lobby"))));
    return;
  }
  const held = memory.seat(tableId);
  if (!held && inviteSeat !== null && !watch) {
    const seat = info.seats[inviteSeat];
    if (seat && !seat.taken && info.status !== "over") {
      joinPrompt(main, info, inviteSeat);
      return;
    }
  }
  const renderer = await loadRenderer(info.game);
  new TablePage(main, info, held, renderer).start();
}

function joinPrompt(main, info, seat) {
  const name = h("input", { id: "join-name", maxlength: 40, value: memory.name, placeholder: t("lobby.player_n", { n: seat + 1 }), autocomplete: "nickname" });
  const error = h("p", { class: "error", role: "alert", hidden: true });
  const join = async () => {
    const chosen = name.value.trim() || t("lobby.player_n", { n: seat + 1 });
    memory.name = chosen;
    try {
      const joined = await api.join(info.id, seat, chosen);
      memory.keepSeat(info.id, seat, joined.token);
      location.replace(tableLink(info.id));
    } catch (e) {
      error.hidden = false;
      error.textContent = errorText(e, { seat: seat + 1 });
    }
  };
  name.addEventListener("keydown", (e) => e.key === "Enter" && join());
  main.append(
    h("section", { class: "panel join" },
      h("h2", {}, t("join.invited", { game: gameTitle(info) })),
      h("p", {}, t("join.kept", { n: seat + 1, players: info.players })),
      h("label", { class: "field" }, h("span", {}, t("lobby.your_name")), name),
      h("div", { class: "row" },
        button(t("join.take", { n: seat + 1 }), join, { class: "primary", id: "join-seat" }),
        h("a", { href: tableLink(info.id, { watch: 1 }) }, t("join.watch"))),
      error),
  );
  name.focus();
}

class TablePage {
  constructor(main, info, held, renderer) {
    this.main = main;
    this.info = info;
    this.seat = held ? held.seat : null;
    this.token = held ? held.token : null;
    this.r = renderer;
    this.view = null;
    this.legal = [];
    this.turn = false;
    this.version = 0;
    this.batch = []; // events since the last view
    this.recent = [];
    this.busy = false;
    this.ended = null;
    this.ui = restoreUi(info.id); // the renderer's own state between renders (selections)
    this.caughtUp = false; // the first view after loading the page: its events are history
    this.wasTurn = false;
    this.countdown = new Countdown((seat) => this.name(seat), this.seat);
    this.alerts = new TurnAlerts(gameTitle(info));
    this.timers = [];
    this.batchItems = []; // log entries of the events since the last view
    this.freshItems = [];
  }

  start() {
    const m = this.main;
    clear(m);
    this.chat = new ChatPanel(this.info.id, (m) => this.socket.send(m), (seat) => this.name(seat));
    this.el = {
      head: h("div", { class: "table-head" }),
      invite: h("div", { class: "invite" }),
      status: h("div", { class: "status", id: "status", "aria-live": "polite" }),
      error: h("p", { class: "error", id: "error", role: "alert", hidden: true }),
      board: h("div", { class: `board game-${this.info.game}`, id: "board", tabindex: -1 }),
      end: h("section", { class: "panel end", id: "end", hidden: true, tabindex: -1, "aria-labelledby": "end-h" }),
      log: h("ol", { class: "log", id: "log", "aria-live": "polite", "aria-relevant": "additions", "aria-label": t("table.log") }),
      conn: h("span", { class: "conn", id: "conn" }),
    };
    m.append(
      h("div", { class: "table-page" },
        this.el.head,
        this.el.invite,
        this.el.status,
        this.el.error,
        h("div", { class: "table-body" },
          h("div", { class: "table-main" }, this.el.end, this.el.board),
          h("div", { class: "table-column" },
            h("aside", { class: "table-side panel", tabindex: 0, "aria-label": t("table.log") }, h("h2", {}, t("table.log")), this.el.log),
            h("div", { class: "panel chat-panel" }, this.chat.el)))),
    );
    document.getElementById("top-note").replaceChildren(this.el.conn);
    document.addEventListener("keydown", (e) => this.hotkey(e));
    this.drawHead();
    this.socket = new TableSocket(this.info.id, this.token, {
      onMessage: (msg) => this.receive(msg),
      onStatus: (status) => this.connection(status),
    });
    window.pastureSocket = this.socket; // lets tests drop the connection like a network would
    this.socket.connect();
  }

  // -- names -----------------------------------------------------------------------

  name(seat) {
    const s = this.info.seats[seat];
    if (!s) return t("table.seat_n", { n: seat + 1 });
    if (s.bot) return t("table.bot_name", { bot: botLabel(s.bot), n: seat + 1 });
    return s.name || (s.taken ? t("table.seat_n", { n: seat + 1 }) : t("table.seat_free", { n: seat + 1 }));
  }

  who(seat) {
    return seat === this.seat ? t("who.you") : this.name(seat);
  }

  ctx() {
    const waiting = this.info.status === "waiting"; // the server refuses moves until then
    return {
      view: this.view,
      legal: waiting ? [] : this.legal,
      turn: waiting ? false : this.turn,
      waiting,
      seat: this.seat,
      table: this.info,
      version: this.version,
      recent: this.recent,
      deadline: this.deadline,
      busy: this.busy,
      ui: this.ui,
      ended: this.ended,
      name: (seat) => this.name(seat),
      who: (seat) => this.who(seat),
      Who: (seat) => cap(this.who(seat)),
      does: (seat, verb, verbs) => (seat === this.seat ? `you ${verb}` : `${this.name(seat)} ${verbs || verb + "s"}`),
      // `key.you` when `seat` is this page's player, else `key.other` with {name}.
      tw: (key, seat, params = {}, object = null) => {
        const form = seat === this.seat ? "you" : object !== null && object === this.seat && has(`${key}.at_you`) ? "at_you" : "other";
        return t(`${key}.${form}`, { name: this.name(seat), ...params });
      },
      t,
      tn,
      list,
      act: (action) => this.act(action),
      rerender: () => this.render(),
      every: (fn, ms) => this.timers.push(setInterval(fn, ms)),
      later: (fn, ms) => this.timers.push(setTimeout(fn, ms)),
      label: (action) => this.r.label(action, this.ctx()),
    };
  }

  // -- messages --------------------------------------------------------------------

  receive(msg) {
    switch (msg.type) {
      case "welcome":
        this.seat = msg.seat;
        this.countdown.mySeat = msg.seat;
        this.info = msg.table;
        this.drawHead();
        break;
      case "table":
        this.info = msg.table;
        this.drawHead();
        if (this.view) this.render();
        break;
      case "event":
        this.batch.push(msg.event);
        this.log(msg.event, msg.version);
        break;
      case "view":
        this.view = msg.view;
        this.legal = msg.legal;
        this.turn = msg.turn;
        this.version = msg.version;
        this.deadline = typeof msg.deadline === "number" ? msg.deadline : null; // seconds, if the server says
        // What happened before this page was opened is history, not news: only events
        // that arrive while the page is open (or on a reconnect) are highlighted.
        this.recent = this.caughtUp ? this.batch : [];
        this.freshItems = this.caughtUp ? this.batchItems : [];
        this.caughtUp = true;
        this.views = (this.views || 0) + 1;
        this.batch = [];
        this.batchItems = [];
        this.busy = false;
        this.countdown.outdated(msg.version);
        this.render();
        break;
      case "end":
        this.ended = msg;
        this.endAt = Date.now();
        this.drawEnd();
        this.render();
        break;
      case "rematch":
        this.info.rematch = msg.table;
        if (this.ended) this.drawEnd();
        break;
      case "chat":
      case "chat_history":
        this.chat.receive(msg);
        break;
      case "clock":
        this.countdown.update(msg);
        break;
      case "ack":
        this.busy = false;
        this.hideError();
        break;
      case "error":
        this.busy = false;
        this.showError(msg);
        if (msg.code === "bad_token" || msg.code === "seat_left" || msg.code === "seat_lost") {
          // The seat is gone (left, or the token is stale): forget it and watch instead.
          memory.forgetSeat(this.info.id);
          if (!this.view || msg.code === "bad_token") this.watchInstead();
        }
        if (this.view) this.render();
        break;
      default:
        break;
    }
  }

  watchInstead() {
    this.token = null;
    this.seat = null;
    this.socket.token = null;
    this.socket.retries = 0;
    this.drawHead();
    setTimeout(() => this.socket.connect(), 100);
  }

  connection(status) {
    const text = ["connecting", "online", "reconnecting", "refused"].includes(status) ? t(`conn.${status}`) : status;
    this.el.conn.textContent = text;
    this.el.conn.className = `conn conn-${status}`;
  }

  act(action) {
    if (this.busy) return;
    this.busy = true;
    this.hideError();
    this.socket.act(action, this.version); // acting is also being back (the server says so)
    this.render();
  }

  showError(msg) {
    this.el.error.hidden = false;
    this.el.error.textContent = errorText(msg, { seat: this.seat !== null && this.seat !== undefined ? this.seat + 1 : "?" });
  }

  hideError() {
    this.el.error.hidden = true;
  }

  hotkey(e) {
    if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const n = Number(e.key);
    if (!Number.isInteger(n) || n < 1 || n > 9) return;
    const buttons = [...this.el.board.querySelectorAll(".actions button:not([disabled])")];
    if (buttons[n - 1]) {
      e.preventDefault();
      buttons[n - 1].click();
    }
  }

  // -- drawing ---------------------------------------------------------------------

  drawHead() {
    const info = this.info;
    const title = gameTitle(info);
    document.title = `${title} — pasture`;
    const mine = this.seat !== null && this.seat !== undefined ? t("table.you_are", { n: this.seat + 1, name: this.name(this.seat) }) : t("table.watching");
    const state = ["waiting", "playing", "over"].includes(info.status) ? t(`table.status.${info.status}`) : info.status;
    const meAway = info.seats.some((s) => s.away && s.seat === this.seat);
    const others = info.seats.filter((s) => s.away && s.seat !== this.seat).map((s) => this.name(s.seat));
    clear(this.el.head);
    put(this.el.head,
      h("h1", {}, title),
      h("span", { class: "pill" }, state),
      h("span", { class: "muted" }, mine),
      button(t("table.rules"), () => showRules(info.game, title), { class: "small", id: "table-rules" }),
      this.seat !== null && this.seat !== undefined && info.status !== "over" ? this.alerts.controls() : null,
      info.move_clock ? h("span", { class: "badge" }, t("table.clock", { s: info.move_clock })) : null,
      others.length ? h("span", { class: "badge warn", id: "away" }, tn("table.away", others.length, { names: list(others) })) : null,
      meAway ? h("span", { class: "badge warn", id: "me-away" }, t("table.me_away"), " ",
        button(t("table.back"), () => this.socket.send({ type: "back" }), { class: "small primary", id: "im-back" })) : null,
    );
    this.drawInvite();
    this.bringEnd();
  }

  drawInvite() {
    const info = this.info;
    const box = this.el.invite;
    clear(box);
    const free = info.seats.filter((s) => !s.taken);
    if (info.status === "over") return;
    const copy = (url) => async () => {
      try {
        await navigator.clipboard.writeText(url);
        this.flash(t("invite.copied"));
      } catch (e) {
        window.prompt(t("invite.copy_this"), url);
      }
    };
    const rows = free.map((s) => {
      const url = tableLink(info.id, { seat: s.seat });
      return h("li", {}, `${t("lobby.seat_n", { n: s.seat + 1 })}: `, h("a", { href: url, class: "invite-link", "data-seat": s.seat }, url), " ",
        button(t("invite.copy"), copy(url), { class: "small" }));
    });
    const watchUrl = tableLink(info.id, { watch: 1 });
    const details = h("details", { class: "panel invites", open: info.status === "waiting" ? true : null },
      h("summary", {}, free.length ? tn("invite.players", free.length) : t("invite.spectators")),
      free.length ? h("ul", {}, ...rows) : null,
      h("p", {}, `${t("invite.watchers")} `, h("a", { href: watchUrl, class: "watch-link" }, watchUrl), " ", button(t("invite.copy"), copy(watchUrl), { class: "small" })),
      this.seat === null && free.length ? h("p", {}, t("invite.want_to_play")) : null,
      info.status === "waiting" ? h("p", { class: "muted" }, t("invite.starts")) : null);
    box.append(details);
  }

  flash(text) {
    const note = h("div", { class: "toast", role: "status" }, text);
    document.body.append(note);
    setTimeout(() => note.remove(), 1800);
  }

  log(event, version) {
    let text = null;
    try {
      text = this.r.narrate(event, this.ctx());
    } catch (e) {
      console.error(e);
      text = generic.narrate(event, this.ctx());
    }
    if (!text) return;
    text = cap(text);
    const item = h("li", { class: "fresh", "data-version": version, "data-type": event.type }, text);
    if (MAJOR.has(event.type)) item.classList.add("major");
    this.batchItems.push(item);
    this.el.log.prepend(item);
    while (this.el.log.children.length > LOG_LINES) this.el.log.lastChild.remove();
  }

  render() {
    if (!this.view) return;
    for (const t of this.timers) {
      clearInterval(t);
      clearTimeout(t);
    }
    this.timers = [];
    const ctx = this.ctx();
    const status = this.el.status;
    let prompt;
    try {
      prompt = this.r.prompt(ctx);
    } catch (e) {
      console.error(e);
      prompt = generic.prompt(ctx);
    }
    if (ctx.waiting) prompt = t("table.waiting");
    status.replaceChildren(
      ctx.turn && !this.ended ? h("strong", { class: "your-turn" }, `${t("table.your_turn")} · `) : "",
      prompt,
      this.busy ? h("span", { class: "muted" }, ` (${t("table.sending")})`) : "",
      this.ended ? "" : this.countdown.el,
    );
    const mine = Boolean(ctx.turn) && !this.ended;
    if (mine && !this.wasTurn && this.views > 1) this.alerts.yourTurn(prompt); // not on arrival
    this.wasTurn = mine;
    status.classList.toggle("mine", Boolean(ctx.turn) && !this.ended);
    document.title = `${ctx.turn && !this.ended ? `● ${t("table.your_turn")} · ` : ""}${gameTitle(this.info)} — pasture`;
    const board = this.el.board;
    const focused = focusKey(board);
    clear(board);
    board.dataset.version = String(this.version);
    board.dataset.turn = String(Boolean(this.turn));
    try {
      this.r.render(board, ctx);
    } catch (e) {
      console.error(e);
      clear(board);
      generic.render(board, ctx);
    }
    this.numberChoices();
    this.markFresh();
    if (focused) refocus(board, focused);
    keepUi(this.info.id, this.ui);
  }

  numberChoices() {
    // Keys 1-9 press the enabled choice buttons in page order: number them that way.
    const buttons = [...this.el.board.querySelectorAll(".actions button")];
    let n = 0;
    for (const b of buttons) {
      const kbd = b.querySelector("kbd");
      if (!kbd) continue;
      if (b.disabled || n >= 9) kbd.remove();
      else kbd.textContent = String(++n);
    }
  }

  markFresh() {
    // What happened since the previous view stays highlighted; older entries fade.
    for (const item of this.el.log.querySelectorAll("li.fresh")) item.classList.remove("fresh");
    for (const item of this.freshItems) item.classList.add("fresh");
  }

  async drawEnd() {
    const end = this.ended;
    const box = this.el.end;
    const info = this.info;
    clear(box);
    box.hidden = false;
    const scores = end.result.scores;
    const order = scores.map((score, seat) => ({ seat, score })).sort((a, b) => b.score - a.score);
    const winners = end.result.winners;
    const headline = !winners.length
      ? t("end.nobody")
      : winners.includes(this.seat)
        ? winners.length > 1 ? t("end.you_share") : t("end.you_win")
        : tn("end.wins", winners.length, { names: list(winners.map((w) => this.name(w))) });
    const check = h("span", { class: "seed-check" }, t("end.checking"));
    const seated = this.seat !== null && this.seat !== undefined && Boolean(this.token);
    put(box,
      h("h2", { id: "end-h" }, t("end.title")),
      h("p", { class: "headline" }, headline),
      end.result.summary ? h("p", { class: "muted", id: "summary" }, this.summary(end.result)) : null,
      h("table", { class: "scores" },
        h("thead", {}, h("tr", {}, h("th", {}, t("end.player")), h("th", {}, t("end.score")))),
        h("tbody", {}, ...order.map(({ seat, score }) =>
          h("tr", { class: winners.includes(seat) ? "winner" : "" },
            h("td", {}, `${this.name(seat)}${seat === this.seat ? ` (${t("who.you")})` : ""}${winners.includes(seat) ? ` — ${t("end.winner")}` : ""}`),
            h("td", {}, String(score)))))),
      h("p", { class: "seed" }, `${t("end.seed")} `, h("code", { id: "seed" }, end.seed), ` · ${t("end.hash")} `,
        h("code", { class: "hash" }, info.seed_hash.slice(0, 16) + "…"), " ", check),
      this.info.rematch ? h("p", { class: "rematch-offer", role: "status" }, seated ? t("end.rematch_offer") : t("end.rematch_watch"), " ",
        seated ? button(t("end.join_rematch"), () => this.playAgain(), { class: "primary", id: "join-rematch" })
          : h("a", { href: tableLink(this.info.rematch, { watch: 1 }), id: "watch-rematch" }, t("lobby.watch"))) : null,
      h("div", { class: "row" },
        seated && !this.info.rematch ? button(t("end.again"), () => this.playAgain(), { class: "primary", id: "play-again" }) : null,
        h("a", { href: "/" }, t("table.back_to_lobby")),
        h("a", { href: `/?replay=${encodeURIComponent(info.id)}&seat=${seated ? this.seat : "spectator"}`, id: "replay-link" }, t("end.replay")),
        h("a", { href: `/api/tables/${info.id}/record`, target: "_blank" }, t("end.record"))),
    );
    // The result is the news: bring it into view (on a phone it is below the fold) and
    // move the focus there so a screen reader reads it.
    this.bringEnd();
    box.focus({ preventScroll: true });
    check.textContent = await seedCheck(end.seed, info.seed_hash);
  }

  /** The result's sentence in the page's language: the game's own, or its catalogue's. */
  summary(result) {
    try {
      if (this.r.summary && this.view) return this.r.summary(this.ctx(), result);
    } catch (e) {
      console.error(e);
    }
    return has(`summary.${this.info.game}`) ? t(`summary.${this.info.game}`) : result.summary;
  }

  bringEnd() {
    // Called again when the head changes height above it (the invites go at the end).
    if (!this.ended || Date.now() - this.endAt > 3000) return; // never after the reader scrolls
    requestAnimationFrame(() => this.el.end.scrollIntoView({ block: "start", behavior: "auto" }));
  }

  /** The same seats in a new match: the server opens it (or finds the one already offered)
   * and seats this player in their old seat. */
  async playAgain() {
    try {
      const joined = await api.rematch(this.info.id, this.token);
      memory.keepSeat(joined.table.id, joined.seat, joined.token);
      location.href = tableLink(joined.table.id);
    } catch (e) {
      this.showError(e instanceof ApiError ? e : { code: "unknown", message: String(e) });
    }
  }
}

async function seedCheck(seed, hash) {
  try {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    return hex === hash ? `✓ ${t("end.seed_ok")}` : `✗ ${t("end.seed_bad")}`;
  } catch (e) {
    return t("end.seed_unchecked");
  }
}

export function cap(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}



// -- focus across redraws: the board is drawn anew on every view, so the focused control is
// found again by what it stands for (its action, card, space or tile), not by its node.

const FOCUS_KEYS = ["id", "data-action", "data-card", "data-index", "data-space", "data-tile", "data-attack", "data-seat", "data-pen", "data-lot"];

function focusKey(board) {
  const el = document.activeElement;
  if (!el || el === board || !board.contains(el)) return null;
  const attrs = FOCUS_KEYS.filter((k) => el.hasAttribute(k)).map((k) => [k, el.getAttribute(k)]);
  return { tag: el.tagName.toLowerCase(), attrs, cls: [...el.classList].filter((c) => !["chosen", "picked", "live", "fresh", "landing"].includes(c))[0] || null };
}

function refocus(board, key) {
  const sel = key.tag + (key.cls ? "." + CSS.escape(key.cls) : "") + key.attrs.map(([k, v]) => `[${k}="${CSS.escape(v)}"]`).join("");
  const same = key.attrs.length ? board.querySelector(sel) : null;
  const target = same && !same.disabled ? same : board.querySelector(".actions button:not([disabled]), [tabindex='0']");
  if (target) target.focus({ preventScroll: true });
  else board.focus({ preventScroll: true });
}

// -- half-made choices survive a reload (sessionStorage: this tab only, never sent) ------

const UI_KEY = (id) => `pasture.ui.${id}`;
const UI_SKIP = new Set(["keys", "bleatAt"]); // listeners and timings belong to one page

function restoreUi(id) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(UI_KEY(id)) || "{}");
    for (const k of UI_SKIP) delete saved[k];
    return saved && typeof saved === "object" ? saved : {};
  } catch (e) {
    return {};
  }
}

function keepUi(id, ui) {
  try {
    sessionStorage.setItem(UI_KEY(id), JSON.stringify(ui, (k, v) => (UI_SKIP.has(k) ? undefined : v)));
  } catch (e) {
    /* storage full or disabled: the choice is only lost on reload */
  }
}
