// pasture's browser client: the lobby at /, a table at /?table=<id>.
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";

const main = document.getElementById("main");
const params = new URLSearchParams(location.search);
const tableId = params.get("table");

if (tableId) {
  showTable(main, tableId, {
    inviteSeat: params.has("seat") ? Number(params.get("seat")) : null,
    watch: params.has("watch"),
  });
} else {
  showLobby(main);
}
