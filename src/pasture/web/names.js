// What players and bots are called on the page.

/** A bot's name in menus and at the table (its API name stays the value sent). */
const BOT_LABELS = { random: "Rookie", heuristic: "Steady", ismcts: "Clever", deep: "Deep thinker" };

export function botLabel(name) {
  return BOT_LABELS[name] || name[0].toUpperCase() + name.slice(1);
}
