// Presence at a table: the live countdown of whoever the table waits for (the server's
// `clock` messages), and the optional "your turn" chime and desktop notification.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { chime } from "./sound.js";

const SOUND_KEY = "pasture.turn_sound";
const NOTIFY_KEY = "pasture.turn_notify";

/** The countdown: `update(message)` on each clock message, `clear()` when it is stale. */
export class Countdown {
  constructor(nameOf, mySeat) {
    this.nameOf = nameOf;
    this.mySeat = mySeat;
    this.el = h("span", { class: "countdown-text", id: "clock", "aria-live": "off" });
    this.clocks = [];
    this.version = -1;
    this.ticker = setInterval(() => this.draw(), 500);
  }

  update(message) {
    const now = performance.now();
    this.version = message.version;
    this.clocks = message.clocks.map((c) => ({ ...c, until: now + c.seconds * 1000 }));
    this.draw();
  }

  /** A newer view than the clocks: they belong to a moment that has passed. */
  outdated(version) {
    if (version > this.version) this.clocks = [];
    this.draw();
  }

  draw() {
    const now = performance.now();
    const parts = this.clocks.map((c) => {
      const left = Math.max(0, Math.ceil((c.until - now) / 1000));
      return c.seat === this.mySeat ? t("clock.you", { s: left }) : t("clock.other", { name: this.nameOf(c.seat), s: left });
    });
    this.el.textContent = parts.length ? ` · ${parts.join(" · ")}` : "";
    this.el.classList.toggle("urgent", this.clocks.some((c) => c.seat === this.mySeat && c.until - now < 10000));
  }
}

/** The two switches ("chime on my turn", "notify me") and what they do on a new turn. */
export class TurnAlerts {
  constructor(title) {
    this.title = title;
    this.sound = localStorage.getItem(SOUND_KEY) === "1";
    this.notify = localStorage.getItem(NOTIFY_KEY) === "1" && "Notification" in window && Notification.permission === "granted";
  }

  controls() {
    const sound = h("input", { type: "checkbox", id: "turn-sound" });
    sound.checked = this.sound;
    sound.addEventListener("change", () => {
      this.sound = sound.checked;
      localStorage.setItem(SOUND_KEY, this.sound ? "1" : "0");
      if (this.sound) chime();
    });
    const notify = h("input", { type: "checkbox", id: "turn-notify" });
    notify.checked = this.notify;
    notify.addEventListener("change", async () => {
      this.notify = notify.checked;
      if (this.notify && "Notification" in window && Notification.permission !== "granted") {
        this.notify = (await Notification.requestPermission()) === "granted";
        notify.checked = this.notify;
      }
      localStorage.setItem(NOTIFY_KEY, this.notify ? "1" : "0");
    });
    return h("span", { class: "alerts" },
      h("label", { class: "check" }, sound, ` ${t("alerts.sound")}`),
      "Notification" in window ? h("label", { class: "check" }, notify, ` ${t("alerts.notify")}`) : null);
  }

  /** It has just become this player's turn. */
  yourTurn(prompt) {
    if (this.sound) chime();
    if (this.notify && document.hidden) {
      try {
        new Notification(`${t("table.your_turn")} — ${this.title}`, { body: prompt, tag: "pasture-turn" });
      } catch (e) {
        /* notifications refused by this browser */
      }
    }
    window.pastureTurns = (window.pastureTurns || 0) + 1; // lets tests count the alerts
  }
}
