// What players, bots and errors are called on the page, in the page's language.
import { t, has } from "./i18n.js";

/** A bot's name in menus and at the table (its API name stays the value sent): the
 * catalogue's `bot.<name>` for every level and research bot (tests/i18n checks each). */
export function botLabel(name) {
  return has(`bot.${name}`) ? t(`bot.${name}`) : name[0].toUpperCase() + name.slice(1);
}

/** An error from the server ({code, message, params?}) as a sentence in the page's
 * language: the catalogue's `error.<code>`, filled with the server's `params` (seats
 * counted from 1) and what the page knows (`params` here), else the server's sentence. */
export function errorText(error, params = {}) {
  const code = error && error.code;
  if (code && has(`error.${code}`)) {
    const text = t(`error.${code}`, { ...params, ...((error && error.params) || {}) });
    if (!/\{\w+\}/.test(text)) return text;
  }
  const message = String((error && error.message) || t("error.unknown"));
  return /[.!?]$/.test(message) ? message : message + ".";
}
