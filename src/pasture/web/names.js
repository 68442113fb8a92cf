// What players, bots and errors are called on the page, in the page's language.
import { t, has } from "./i18n.js";

/** A bot's name in menus and at the table (its API name stays the value sent). */
export function botLabel(name) {
  return has(`bot.${name}`) ? t(`bot.${name}`) : name[0].toUpperCase() + name.slice(1);
}

/** An error from the server ({code, message}) as a sentence in the page's language: the
 * catalogue's `error.<code>`, filled with what the page knows (`params`), else the
 * server's own sentence. */
export function errorText(error, params = {}) {
  const code = error && error.code;
  if (code && has(`error.${code}`)) {
    const text = t(`error.${code}`, params);
    if (!/\{\w+\}/.test(text)) return text;
  }
  const message = String((error && error.message) || t("error.unknown"));
  return /[.!?]$/.test(message) ? message : message + ".";
}
