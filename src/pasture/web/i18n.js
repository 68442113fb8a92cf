// The page's language: the catalogues are the server's (src/pasture/i18n/<lang>.json,
// GET /api/i18n/<lang>), the same keys for every language. The choice is the one made with
// the switch in the top bar (kept in localStorage), else the browser's Accept-Language.
import { h } from "./dom.js";

const KEY = "pasture.lang";
let lang = "en";
let texts = {};
let english = {};
let languages = [{ code: "en", name: "English" }];

async function fetchJson(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

/** Load the chosen language's catalogue (and English, for anything missing). */
export async function loadLanguage() {
  let preferred = "en";
  try {
    const info = await fetchJson("/api/i18n");
    languages = info.languages;
    preferred = info.preferred;
  } catch (e) {
    /* offline: English */
  }
  const saved = localStorage.getItem(KEY);
  lang = languages.some((l) => l.code === saved) ? saved : preferred;
  try {
    english = await fetchJson("/api/i18n/en");
    texts = lang === "en" ? english : await fetchJson(`/api/i18n/${lang}`);
  } catch (e) {
    texts = english;
  }
  document.documentElement.lang = lang;
  return lang;
}

export function language() {
  return lang;
}

function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The text for `key`, with {placeholders} from `params`. */
export function t(key, params = {}) {
  const text = texts[key] ?? english[key];
  if (text === undefined) {
    console.warn(`pasture: no text for ${key}`);
    return key;
  }
  return fill(text, params);
}

/** Whether the catalogue has `key` (for texts a game may or may not define). */
export function has(key) {
  return key in texts || key in english;
}

/** A counted text: `<key>.one` / `.few` / `.many` / `.other` by the language's rules; {n} is n. */
export function tn(key, n, params = {}) {
  let category = new Intl.PluralRules(lang).select(n);
  if (!has(`${key}.${category}`)) category = "other";
  return t(`${key}.${category}`, { n, ...params });
}

/** A list joined the language's way ("a, b and c"). */
export function list(items) {
  try {
    return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(items.map(String));
  } catch (e) {
    return items.join(", ");
  }
}

/** The language switch for the top bar: choosing reloads the page in that language. */
export function languageSwitch() {
  const select = h("select", { id: "lang", "aria-label": t("top.language") },
    ...languages.map((l) => h("option", { value: l.code, lang: l.code }, l.name)));
  select.value = lang;
  select.addEventListener("change", () => {
    localStorage.setItem(KEY, select.value);
    location.reload();
  });
  return h("label", { class: "lang-switch" }, select);
}
