// The lobby: pick a game, players, options and bots; open the table; invite people;
// see open tables and take a seat.
import { api, memory, tableLink } from "./api.js";
import { h, clear, button } from "./dom.js";
import { t, tn, has, list } from "./i18n.js";
import { sheepIcon } from "./art.js";
import { showRules } from "./rules.js";
import { botLabel, errorText } from "./names.js";

export async function showLobby(main) {
  document.title = t("lobby.title");
  clear(main);
  const errors = h("p", { class: "error", role: "alert", hidden: true });
  main.append(errors);
  let gameList;
  try {
    gameList = await api.games();
  } catch (e) {
    errors.hidden = false;
    errors.textContent = errorText(e);
    return;
  }
  const newTable = h("section", { class: "panel new-table", "aria-labelledby": "new-h" });
  const open = h("section", { class: "panel open-tables", "aria-labelledby": "open-h" });
  const mine = h("section", { class: "panel my-tables", "aria-labelledby": "mine-h" });
  main.append(
    h("div", { class: "lobby" }, newTable, h("div", { class: "lobby-side" }, mine, open)),
  );
  buildNewTable(newTable, gameList, errors);
  refreshOpen(open, errors);
  buildMine(mine);
}

function nameField() {
  const input = h("input", {
    id: "player-name",
    name: "name",
    maxlength: 40,
    autocomplete: "nickname",
    placeholder: t("lobby.player_n", { n: 1 }),
    value: memory.name,
  });
  input.addEventListener("change", () => (memory.name = input.value.trim()));
  return h("label", { class: "field" }, h("span", {}, t("lobby.your_name")), input);
}

/** The typed name; a blank one becomes "Player <seat>" (never a game piece's name). */
function playerName(seat) {
  const input = document.getElementById("player-name");
  const name = (input ? input.value : memory.name).trim() || t("lobby.player_n", { n: seat + 1 });
  memory.name = name;
  return name;
}

function buildNewTable(panel, gameList, errors) {
  const picker = h("div", { class: "game-picker", role: "radiogroup", "aria-label": t("lobby.game") });
  const details = h("div", { class: "game-details" });
  let chosen = gameList.find((g) => g.name === "swipsheep") || gameList[0];

  const pick = (game) => {
    chosen = game;
    for (const b of picker.children) {
      const on = b.dataset.game === game.name;
      b.setAttribute("aria-checked", String(on));
      b.tabIndex = on ? 0 : -1; // one tab stop for the group; arrows move within it
    }
    renderDetails();
  };
  // A radio group: the arrow keys (and Home/End) choose the previous or next game.
  picker.addEventListener("keydown", (e) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    const at = gameList.indexOf(chosen);
    let next = null;
    if (step) next = (at + step + gameList.length) % gameList.length;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = gameList.length - 1;
    if (next === null) return;
    e.preventDefault();
    pick(gameList[next]);
    picker.children[next].focus();
  });
  for (const game of gameList) {
    picker.append(
      h(
        "button",
        {
          type: "button",
          role: "radio",
          class: "game-choice",
          "data-game": game.name,
          "aria-checked": "false",
          onclick: () => pick(game),
        },
        sheepIcon(game.name),
        h("span", {}, gameTitle(game)),
      ),
    );
  }

  function renderDetails() {
    const game = chosen;
    clear(details);
    const players = h("input", {
      type: "number",
      id: "players",
      min: game.min_players,
      max: game.max_players,
      value: Math.min(Math.max(3, game.min_players), game.max_players),
    });
    const rules = h("span", { class: "rules-link" },
      button(t("lobby.read_rules", { game: gameTitle(game) }), () => showRules(game.name, gameTitle(game)), { class: "small", id: "read-rules" }));
    const optionBox = h("div", { class: "options" });
    const seatBox = h("div", { class: "seats-setup" });
    const botNames = game.bots || [];
    const defaultBot = ["normal", "heuristic"].find((b) => botNames.includes(b)) || botNames[0];
    // The server lists the difficulty levels (easy, normal, hard) first, then research
    // bots (docs/bots.md).

    const renderSeats = () => {
      const n = Number(players.value);
      clear(seatBox);
      seatBox.append(h("h3", {}, t("lobby.seats")));
      for (let seat = 0; seat < n; seat++) {
        const select = h(
          "select",
          { id: `seat-${seat}`, "data-seat": seat },
          h("option", { value: "" }, seat === 0 ? t("lobby.you") : t("lobby.person")),
          ...botNames.map((b) => h("option", { value: b }, t("lobby.bot", { bot: botLabel(b) }))),
        );
        if (seat > 0 && defaultBot) select.value = defaultBot;
        seatBox.append(h("label", { class: "field seat-field" }, h("span", {}, t("lobby.seat_n", { n: seat + 1 })), select));
      }
      renderOptions();
    };
    const renderOptions = () => {
      const n = Number(players.value);
      clear(optionBox);
      for (const option of game.options) {
        const input = optionInput(game, option, n);
        input.id = `option-${option.name}`;
        input.dataset.option = option.name;
        const help = optionHelp(game, option);
        optionBox.append(
          h("label", { class: `field option-field${input.type === "checkbox" ? " check" : ""}`, title: help },
            h("span", {}, optionTitle(game, option)), input,
            h("small", {}, help)),
        );
      }
    };
    players.addEventListener("input", renderSeats);
    renderSeats();

    const clock = h("input", { type: "number", id: "move-clock", min: 1, max: 86400, placeholder: t("lobby.no_clock") });
    const clockField = h("label", { class: "field option-field" }, h("span", {}, t("lobby.clock")), clock,
      h("small", {}, t("lobby.clock_help")));
    const create = button(t("lobby.open_table"), async () => {
      errors.hidden = true;
      const n = Number(players.value);
      const bots = {};
      let mySeat = null;
      for (const select of seatBox.querySelectorAll("select")) {
        const seat = Number(select.dataset.seat);
        if (select.value) bots[seat] = select.value;
        else if (mySeat === null) mySeat = seat;
      }
      const options = {};
      for (const option of game.options) {
        const input = optionBox.querySelector(`[data-option="${option.name}"]`);
        if (!input) continue;
        const value = optionValue(option, input);
        if (value !== option.default) options[option.name] = value;
      }
      create.disabled = true;
      try {
        const body = { game: game.name, players: n, options, bots };
        if (clock.value) body.move_clock = Number(clock.value);
        const table = await api.create(body);
        if (mySeat !== null) {
          const joined = await api.join(table.id, mySeat, playerName(mySeat));
          memory.keepSeat(table.id, mySeat, joined.token);
        }
        location.href = tableLink(table.id, mySeat === null ? { watch: 1 } : {});
      } catch (e) {
        errors.hidden = false;
        errors.textContent = errorText(e);
        create.disabled = false;
      }
    }, { class: "primary", id: "create-table" });

    details.append(
      h("p", { class: "summary" }, has(`game.${game.name}.summary`) ? t(`game.${game.name}.summary`) : game.summary),
      rules,
      h("label", { class: "field" }, h("span", {}, t("lobby.players", { min: game.min_players, max: game.max_players })), players),
      seatBox,
      h("details", { class: "more-options" }, h("summary", {}, t("lobby.options")), optionBox, clockField),
      create,
    );
  }

  panel.append(h("h2", { id: "new-h" }, t("lobby.start")), nameField(), picker, details);
  pick(chosen);
}

const tr = t; // in the loops below `t` is a table

/** A game's title: the same in every language, but the catalogue may say otherwise. */
export function gameTitle(game) {
  return has(`game.${game.name}.title`) ? t(`game.${game.name}.title`) : game.title;
}

async function refreshOpen(panel, errors) {
  clear(panel);
  panel.append(
    h("h2", { id: "open-h" }, t("lobby.open_tables")),
    button(t("lobby.refresh"), () => refreshOpen(panel, errors), { class: "small" }),
  );
  let tables;
  try {
    tables = await api.openTables();
  } catch (e) {
    panel.append(h("p", { class: "error" }, errorText(e)));
    return;
  }
  if (!tables.length) {
    panel.append(h("p", { class: "muted" }, t("lobby.none_open")));
    return;
  }
  const rows = h("ul", { class: "table-list" });
  for (const t of tables) {
    const free = t.seats.filter((s) => !s.taken);
    const people = t.seats.filter((s) => s.name).map((s) => s.name);
    rows.append(
      h("li", { class: "open-table", "data-table": t.id },
        h("div", {}, h("strong", {}, gameTitle({ name: t.game, title: t.title })), " · ", tn("lobby.n_players", t.players),
          people.length ? ` · ${tr("lobby.with", { names: list(people) })}` : "",
          ` · ${tr(`lobby.status.${t.status === "waiting" ? "waiting" : "playing"}`)}`),
        h("div", { class: "row" },
          ...free.map((s) =>
            button(tr("lobby.sit", { n: s.seat + 1 }), async () => {
              try {
                const joined = await api.join(t.id, s.seat, playerName(s.seat));
                memory.keepSeat(t.id, s.seat, joined.token);
                location.href = tableLink(t.id);
              } catch (e) {
                errors.hidden = false;
                errors.textContent = errorText(e);
              }
            }, { class: "small" })),
          h("a", { href: tableLink(t.id, { watch: 1 }), class: "small-link" }, tr("lobby.watch")))),
    );
  }
  panel.append(rows);
}

function buildMine(panel) {
  const mine = memory.myTables().slice(0, 8);
  panel.append(h("h2", { id: "mine-h" }, t("lobby.mine")));
  if (!mine.length) {
    panel.append(h("p", { class: "muted" }, t("lobby.mine_empty")));
    return;
  }
  const rows = h("ul", { class: "table-list" });
  for (const t of mine) {
    const item = h("li", {}, h("a", { href: tableLink(t.id) }, tr("lobby.mine_row", { id: t.id.slice(0, 6), n: t.seat + 1 })));
    rows.append(item);
    api.table(t.id).then(
      (info) => item.append(` · ${gameTitle({ name: info.game, title: info.title })} · ${tr(`lobby.status.${info.status}`)}`),
      () => item.append(` · ${tr("lobby.gone")}`),
    );
  }
  panel.append(rows);
}

function optionTitle(game, option) {
  const key = `option.${game.name}.${option.name}`;
  if (has(key)) return t(key);
  const text = option.name.replaceAll("_", " ");
  return text[0].toUpperCase() + text.slice(1);
}

/** The help without ruling codes (players read "(B-9)" as noise; the rules show them). */
function optionHelp(game, option) {
  const key = `option.${game.name}.${option.name}.help`;
  if (has(key)) return t(key);
  return (option.help || "").replace(/\s*\((?:[A-Z]{1,2}-\d+)\)/g, "").replace(/^[A-Z]{1,2}-\d+:\s*/, "")
    .replace(/;?\s*-1 is the last seat/, "").replace(/'(\w+)'/g, "“$1”");
}

const isFlag = (option) => typeof option.default === "boolean";
const seatLike = (option) => /(^first_|_seat$)/.test(option.name);

function choiceText(game, option, c) {
  if (typeof c === "number" && seatLike(option)) return t("lobby.seat_n", { n: c + 1 });
  if (c === "random") return t("lobby.random_choice");
  const key = `option.${game.name}.${option.name}.${c}`;
  if (has(key)) return t(key);
  return String(c);
}

/** A flag is a checkbox, a seat a seat menu (-1 "the last seat" where the game allows it),
 * a list of choices a menu, a number a number field. */
function optionInput(game, option, n) {
  if (isFlag(option)) {
    const box = h("input", { type: "checkbox" });
    box.checked = option.default;
    return box;
  }
  if (option.seat || (seatLike(option) && !option.choices && option.maximum !== undefined && option.maximum < 10)) {
    const seats = Array.from({ length: n }, (_, i) => h("option", { value: i }, t("lobby.seat_n", { n: i + 1 })));
    const last = option.minimum === -1 ? [h("option", { value: -1 }, t("lobby.last_seat"))] : [];
    const select = h("select", {}, ...last, ...seats);
    select.value = String(option.default === -1 ? -1 : Math.min(option.default, n - 1));
    return select;
  }
  if (option.choices) {
    const shown = option.choices.filter((c) => !(typeof c === "number" && seatLike(option) && c >= n));
    const select = h("select", {}, ...shown.map((c) => h("option", { value: JSON.stringify(c) }, choiceText(game, option, c))));
    select.value = JSON.stringify(shown.includes(option.default) ? option.default : shown[0]);
    return select;
  }
  return h("input", { type: "number", value: option.default, min: option.minimum, max: option.maximum });
}

function optionValue(option, input) {
  if (isFlag(option)) return input.checked;
  if (option.choices) return JSON.parse(input.value);
  return Number(input.value);
}
