import { t } from "./i18n.js";
// The REST side of the server (docs/server.md) and what this browser remembers:
// seat tokens per table (so a reload resumes) and the player's name.

export class ApiError extends Error {
  constructor(code, message, status, params = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.params = params; // the values the sentence names, for the page's own words
  }
}

async function call(method, path, body, headers = {}) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? headers : { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError("offline", t("error.offline"), 0);
  }
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch (e) {
    data = null;
  }
  if (!response.ok) {
    const message = (data && data.message) || t("error.http", { status: response.status });
    const code = (data && data.code) || "http_" + response.status;
    throw new ApiError(code, message, response.status, (data && data.params) || {});
  }
  return data;
}

export const api = {
  games: () => call("GET", "/api/games"),
  openTables: () => call("GET", "/api/tables"),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (body) => call("POST", "/api/tables", body),
  join: (id, seat, name) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { name }),
  leave: (id, seat, token) =>
    call("DELETE", `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, undefined, {
      Authorization: `Bearer ${token}`,
    }),
  record: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/record`),
  rematch: (id, token) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, undefined, {
      Authorization: `Bearer ${token}`,
    }),
};

const SEATS_KEY = "pasture.seats";
const NAME_KEY = "pasture.name";

function readSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}") || {};
  } catch (e) {
    return {};
  }
}

export const memory = {
  /** {seat, token} held at this table, or null. */
  seat(tableId) {
    return readSeats()[tableId] || null;
  },
  keepSeat(tableId, seat, token) {
    const all = readSeats();
    all[tableId] = { seat, token, at: Date.now() };
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  },
  forgetSeat(tableId) {
    const all = readSeats();
    delete all[tableId];
    localStorage.setItem(SEATS_KEY, JSON.stringify(all));
  },
  myTables() {
    return Object.entries(readSeats())
      .map(([id, v]) => ({ id, ...v }))
      .sort((a, b) => (b.at || 0) - (a.at || 0));
  },
  get name() {
    return localStorage.getItem(NAME_KEY) || "";
  },
  set name(value) {
    localStorage.setItem(NAME_KEY, value);
  },
};

export function tableLink(id, extra = {}) {
  const q = new URLSearchParams({ table: id, ...extra });
  return `${location.origin}/?${q.toString()}`;
}
