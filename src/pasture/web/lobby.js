// The lobby: pick a game, players, options and bots; open the table; invite people;
// see open tables and take a seat.
import { api, memory, tableLink } from "./api.js";
import { h, clear, button, plural } from "./dom.js";
import { sheepIcon } from "./art.js";
import { showRules } from "./rules.js";

export async function showLobby(main) {
  document.title = "pasture — sheep games";
  clear(main);
  const errors = h("p", { class: "error", role: "alert", hidden: true });
  main.append(errors);
  let gameList;
  try {
    gameList = await api.games();
  } catch (e) {
    errors.hidden = false;
    errors.textContent = e.message;
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
    placeholder: "Shepherd",
    value: memory.name,
  });
  input.addEventListener("change", () => (memory.name = input.value.trim()));
  return h("label", { class: "field" }, h("span", {}, "Your name"), input);
}

function playerName() {
  const input = document.getElementById("player-name");
  const name = (input ? input.value : memory.name).trim() || "Shepherd";
  memory.name = name;
  return name;
}

function buildNewTable(panel, gameList, errors) {
  const picker = h("div", { class: "game-picker", role: "radiogroup", "aria-label": "Game" });
  const details = h("div", { class: "game-details" });
  let chosen = gameList.find((g) => g.name === "swipsheep") || gameList[0];

  const pick = (game) => {
    chosen = game;
    for (const b of picker.children) b.setAttribute("aria-checked", String(b.dataset.game === game.name));
    renderDetails();
  };
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
        h("span", {}, game.title),
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
      button(`Read the rules of ${game.title}`, () => showRules(game.name, game.title), { class: "small", id: "read-rules" }));
    const optionBox = h("div", { class: "options" });
    const seatBox = h("div", { class: "seats-setup" });
    const botNames = game.bots || [];
    const defaultBot = ["normal", "heuristic"].find((b) => botNames.includes(b)) || botNames[0];
    // Difficulty levels first (see docs/bots.md); the other names are research bots.
    const LEVELS = { easy: "Easy", normal: "Normal", hard: "Hard" };
    const botLabel = (b) => (LEVELS[b] ? `Bot: ${LEVELS[b]}` : `Bot (research): ${b}`);

    const renderSeats = () => {
      const n = Number(players.value);
      clear(seatBox);
      seatBox.append(h("h3", {}, "Seats"));
      for (let seat = 0; seat < n; seat++) {
        const select = h(
          "select",
          { id: `seat-${seat}`, "data-seat": seat },
          h("option", { value: "" }, seat === 0 ? "You" : "A person (invite)"),
          ...botNames.map((b) => h("option", { value: b }, botLabel(b))),
        );
        if (seat > 0 && defaultBot) select.value = defaultBot;
        seatBox.append(h("label", { class: "field seat-field" }, h("span", {}, `Seat ${seat + 1}`), select));
      }
      renderOptions();
    };
    const renderOptions = () => {
      const n = Number(players.value);
      clear(optionBox);
      for (const option of game.options) {
        let input;
        if (option.seat) {
          input = h("select", {}, ...Array.from({ length: n }, (_, i) => h("option", { value: i }, `Seat ${i + 1}`)));
          input.value = String(Math.min(option.default, n - 1));
        } else if (option.choices) {
          input = h("select", {}, ...option.choices.map((c) => h("option", { value: JSON.stringify(c) }, String(c))));
          input.value = JSON.stringify(option.default);
        } else if (typeof option.default === "boolean") {
          input = h("input", { type: "checkbox" });
          input.checked = option.default;
        } else {
          input = h("input", { type: "number", value: option.default, min: option.minimum, max: option.maximum });
        }
        input.id = `option-${option.name}`;
        input.dataset.option = option.name;
        optionBox.append(
          h("label", { class: "field option-field", title: option.help },
            h("span", {}, option.name.replaceAll("_", " ")), input,
            h("small", {}, option.help)),
        );
      }
    };
    players.addEventListener("input", renderSeats);
    renderSeats();

    const clock = h("input", { type: "number", id: "move-clock", min: 1, max: 86400, placeholder: "no clock" });
    const clockField = h("label", { class: "field option-field" }, h("span", {}, "Seconds per move"), clock,
      h("small", {}, "Optional: when a person's time runs out, a bot plays for them until they are back."));
    const create = button("Open the table", async () => {
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
        let value;
        if (option.seat) value = Number(input.value);
        else if (option.choices) value = JSON.parse(input.value);
        else if (typeof option.default === "boolean") value = input.checked;
        else value = Number(input.value);
        if (value !== option.default) options[option.name] = value;
      }
      create.disabled = true;
      try {
        const body = { game: game.name, players: n, options, bots };
        if (clock.value) body.move_clock = Number(clock.value);
        const table = await api.create(body);
        if (mySeat !== null) {
          const joined = await api.join(table.id, mySeat, playerName());
          memory.keepSeat(table.id, mySeat, joined.token);
        }
        location.href = tableLink(table.id, mySeat === null ? { watch: 1 } : {});
      } catch (e) {
        errors.hidden = false;
        errors.textContent = e.message;
        create.disabled = false;
      }
    }, { class: "primary", id: "create-table" });

    details.append(
      h("p", { class: "summary" }, game.summary),
      rules,
      h("label", { class: "field" }, h("span", {}, `Players (${game.min_players}–${game.max_players})`), players),
      seatBox,
      h("details", { class: "more-options" }, h("summary", {}, "Options"), optionBox, clockField),
      create,
    );
  }

  panel.append(h("h2", { id: "new-h" }, "Start a game"), nameField(), picker, details);
  pick(chosen);
}

async function refreshOpen(panel, errors) {
  clear(panel);
  panel.append(
    h("h2", { id: "open-h" }, "Open tables"),
    button("Refresh", () => refreshOpen(panel, errors), { class: "small" }),
  );
  let tables;
  try {
    tables = await api.openTables();
  } catch (e) {
    panel.append(h("p", { class: "error" }, e.message));
    return;
  }
  if (!tables.length) {
    panel.append(h("p", { class: "muted" }, "No table is waiting for players. Start one!"));
    return;
  }
  const list = h("ul", { class: "table-list" });
  for (const t of tables) {
    const free = t.seats.filter((s) => !s.taken);
    const people = t.seats.filter((s) => s.name).map((s) => s.name);
    list.append(
      h("li", { class: "open-table", "data-table": t.id },
        h("div", {}, h("strong", {}, t.title), " · ", plural(t.players, "player"),
          people.length ? ` · with ${people.join(", ")}` : "",
          ` · ${t.status === "waiting" ? "waiting" : "playing"}`),
        h("div", { class: "row" },
          ...free.map((s) =>
            button(`Sit at seat ${s.seat + 1}`, async () => {
              try {
                const joined = await api.join(t.id, s.seat, playerName());
                memory.keepSeat(t.id, s.seat, joined.token);
                location.href = tableLink(t.id);
              } catch (e) {
                errors.hidden = false;
                errors.textContent = e.message;
              }
            }, { class: "small" })),
          h("a", { href: tableLink(t.id, { watch: 1 }), class: "small-link" }, "Watch"))),
    );
  }
  panel.append(list);
}

function buildMine(panel) {
  const mine = memory.myTables().slice(0, 8);
  panel.append(h("h2", { id: "mine-h" }, "Your tables"));
  if (!mine.length) {
    panel.append(h("p", { class: "muted" }, "Tables you sit at appear here, so you can come back."));
    return;
  }
  const list = h("ul", { class: "table-list" });
  for (const t of mine) {
    const item = h("li", {}, h("a", { href: tableLink(t.id) }, `Table ${t.id.slice(0, 6)} · seat ${t.seat + 1}`));
    list.append(item);
    api.table(t.id).then(
      (info) => item.append(` · ${info.title} · ${info.status === "over" ? "finished" : info.status}`),
      () => item.append(" · gone"),
    );
  }
  panel.append(list);
}
