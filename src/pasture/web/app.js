// pasture's browser client: the lobby at /, a table at /?table=<id>.
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { showReplay } from "./replay.js";
import { loadLanguage, languageSwitch, t } from "./i18n.js";

const main = document.getElementById("main");
const params = new URLSearchParams(location.search);
const tableId = params.get("table");

await loadLanguage();
document.querySelector(".top").append(languageSwitch());
document.querySelector(".brand").setAttribute("aria-label", t("top.brand"));
main.querySelector(".loading")?.replaceChildren(t("top.loading"));

if (params.has("replay")) {
  showReplay(main, params.get("replay"), params.get("seat"), params.get("step"));
} else if (tableId) {
  showTable(main, tableId, {
    inviteSeat: params.has("seat") ? Number(params.get("seat")) : null,
    watch: params.has("watch"),
  });
} else {
  showLobby(main);
}
