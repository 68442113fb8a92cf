// Swip'Sheep's cards as SVG (also used by other games for sheep cards).
import { s, svgBox } from "../dom.js";
import { t } from "../i18n.js";
import { sheep, wolf, dog, cardBack } from "../art.js";

export const W = 60;
export const H = 84;

const KINDS = ["sheep1", "sheep2", "sheep3", "wolf", "dog"];

export function cardTitle(kind) {
  return KINDS.includes(kind) ? t(`swipsheep.card.${kind}`) : kind;
}

function face(kind) {
  const parts = [
    s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 7, class: `card-face card-${kind}` }),
  ];
  const n = { sheep1: 1, sheep2: 2, sheep3: 3 }[kind];
  if (n) {
    const spots = { 1: [[10, 30, 0.42]], 2: [[6, 20, 0.34], [14, 46, 0.34]], 3: [[4, 14, 0.3], [18, 36, 0.3], [4, 56, 0.3]] }[n];
    spots.forEach(([x, y, k], i) => parts.push(sheep(x, y, k, i * 5)));
    parts.push(s("text", { x: 7, y: 15, class: "card-num" }, String(n)));
  } else if (kind === "wolf") {
    parts.push(wolf(8, 18, 0.44));
    parts.push(s("text", { x: W / 2, y: 76, "text-anchor": "middle", class: "card-text" }, t("swipsheep.card.wolf").toUpperCase()));
  } else if (kind === "dog") {
    parts.push(dog(8, 16, 0.44));
    parts.push(s("text", { x: W / 2, y: 76, "text-anchor": "middle", class: "card-text" }, t("swipsheep.card.dog").toUpperCase()));
  }
  return parts;
}

/** A card as an <svg>; kind null draws its back. */
export function card(kind, attrs = {}) {
  const label = kind ? cardTitle(kind) : t("card.face_down");
  return svgBox(W, H, { class: "card", "aria-label": label, "data-card": kind || "back", ...attrs },
    s("title", {}, label), ...(kind ? face(kind) : [cardBack(W, H)]));
}
