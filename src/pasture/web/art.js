// The project's own pictures, drawn as SVG: sheep (in 16 looks), wolf, dog, shepherd,
// hut and card backs. Every function returns an SVG element or group.
import { s, svgBox } from "./dom.js";

const WOOLS = ["#fffdf6", "#f3e3c3", "#e8e8ef", "#d9c2a6"];
const FACES = ["#3b3230", "#6b4a3a", "#2b2b36", "#8a6d5a"];

/** A sheep facing right, about 100 x 70 units, at (x, y) scaled by k. `look` 0-15
 * picks wool, face and an accessory so 16 tiles are told apart. */
export function sheep(x = 0, y = 0, k = 1, look = 0, attrs = {}) {
  const wool = WOOLS[look % 4];
  const face = FACES[Math.floor(look / 4) % 4];
  const accessory = Math.floor(look / 4); // 0 none, 1 bell, 2 bow, 3 hat (with the face colour)
  const extra = [];
  if (look % 4 === 1) extra.push(s("circle", { cx: 40, cy: 30, r: 6, fill: "#c9a36a", opacity: 0.7 }));
  if (accessory === 1) {
    extra.push(s("path", { d: "M68 44 q4 8 10 0", stroke: "#8b1e1e", "stroke-width": 3, fill: "none" }));
    extra.push(s("circle", { cx: 73, cy: 52, r: 4.5, fill: "#e7b416", stroke: "#8a6a00" }));
  } else if (accessory === 2) {
    extra.push(s("path", { d: "M78 14 l-8 -6 v12 z M78 14 l8 -6 v12 z", fill: "#e0457b" }));
  } else if (accessory === 3) {
    extra.push(s("rect", { x: 72, y: 4, width: 16, height: 9, rx: 2, fill: "#2d5a88" }));
    extra.push(s("rect", { x: 68, y: 12, width: 24, height: 3, rx: 1.5, fill: "#2d5a88" }));
  }
  if (look % 2 === 1) extra.push(s("circle", { cx: 24, cy: 38, r: 5, fill: face, opacity: 0.35 }));
  return s(
    "g",
    { transform: `translate(${x} ${y}) scale(${k})`, class: "sheep", ...attrs },
    s("g", { stroke: "#3b3230", "stroke-width": 3, "stroke-linecap": "round" },
      s("line", { x1: 28, y1: 50, x2: 28, y2: 66 }),
      s("line", { x1: 40, y1: 52, x2: 40, y2: 67 }),
      s("line", { x1: 58, y1: 52, x2: 58, y2: 67 }),
      s("line", { x1: 68, y1: 50, x2: 68, y2: 66 })),
    s("g", { fill: wool, stroke: "#b9ad98", "stroke-width": 1.5 },
      ...[[22, 34, 14], [36, 24, 15], [52, 22, 15], [64, 32, 14], [30, 46, 12], [48, 46, 13], [62, 44, 11], [46, 34, 16]]
        .map(([cx, cy, r]) => s("circle", { cx, cy, r }))),
    s("ellipse", { cx: 80, cy: 30, rx: 11, ry: 14, fill: face }),
    s("ellipse", { cx: 72, cy: 20, rx: 6, ry: 3, fill: face, transform: "rotate(-25 72 20)" }),
    s("circle", { cx: 84, cy: 27, r: 2.4, fill: "#fff" }),
    s("circle", { cx: 84.6, cy: 27.4, r: 1.2, fill: "#111" }),
    ...extra,
  );
}

export function wolf(x = 0, y = 0, k = 1, attrs = {}) {
  return s(
    "g",
    { transform: `translate(${x} ${y}) scale(${k})`, class: "wolf", ...attrs },
    s("path", { d: "M20 20 L32 0 L42 22 Z M58 22 L68 0 L80 20 Z", fill: "#5b6470" }),
    s("path", { d: "M14 30 Q50 6 86 30 L74 62 Q50 86 26 62 Z", fill: "#707b88", stroke: "#3c434c", "stroke-width": 2 }),
    s("path", { d: "M34 56 Q50 90 66 56 Q50 64 34 56 Z", fill: "#d9dde2" }),
    s("path", { d: "M32 38 l12 4 l-12 3 z M68 38 l-12 4 l12 3 z", fill: "#f2c12e" }),
    s("ellipse", { cx: 50, cy: 62, rx: 6, ry: 4, fill: "#1d1d1d" }),
  );
}

export function dog(x = 0, y = 0, k = 1, attrs = {}) {
  return s(
    "g",
    { transform: `translate(${x} ${y}) scale(${k})`, class: "dog", ...attrs },
    s("ellipse", { cx: 50, cy: 44, rx: 30, ry: 28, fill: "#b07a45", stroke: "#6d4624", "stroke-width": 2 }),
    s("ellipse", { cx: 22, cy: 42, rx: 10, ry: 22, fill: "#6d4624" }),
    s("ellipse", { cx: 78, cy: 42, rx: 10, ry: 22, fill: "#6d4624" }),
    s("ellipse", { cx: 50, cy: 58, rx: 16, ry: 12, fill: "#f0e0c8" }),
    s("circle", { cx: 40, cy: 38, r: 3.5, fill: "#1d1d1d" }),
    s("circle", { cx: 60, cy: 38, r: 3.5, fill: "#1d1d1d" }),
    s("ellipse", { cx: 50, cy: 52, rx: 6, ry: 4, fill: "#1d1d1d" }),
    s("path", { d: "M44 64 q6 6 12 0", stroke: "#6d4624", "stroke-width": 2, fill: "none" }),
  );
}

export function shepherd(x = 0, y = 0, k = 1, attrs = {}) {
  return s(
    "g",
    { transform: `translate(${x} ${y}) scale(${k})`, class: "shepherd", ...attrs },
    s("path", { d: "M78 8 q12 0 12 12 v70", stroke: "#7a5230", "stroke-width": 5, fill: "none", "stroke-linecap": "round" }),
    s("path", { d: "M30 92 L40 40 L60 40 L70 92 Z", fill: "#2f6f4f" }),
    s("circle", { cx: 50, cy: 28, r: 13, fill: "#f1c9a5" }),
    s("path", { d: "M32 24 Q50 0 68 24 Z", fill: "#8a5a2b" }),
    s("rect", { x: 28, y: 22, width: 44, height: 5, rx: 2, fill: "#8a5a2b" }),
  );
}

export function hut(x = 0, y = 0, k = 1) {
  return s(
    "g",
    { transform: `translate(${x} ${y}) scale(${k})`, class: "hut" },
    s("path", { d: "M10 48 L50 12 L90 48 Z", fill: "#a0522d" }),
    s("rect", { x: 20, y: 46, width: 60, height: 40, fill: "#e9d2a8", stroke: "#7a5230", "stroke-width": 2 }),
    s("rect", { x: 44, y: 60, width: 14, height: 26, fill: "#7a5230" }),
  );
}

/** A face-down card of w x h. */
export function cardBack(w = 60, h = 84, label = "") {
  return s(
    "g",
    { class: "card-back" },
    s("rect", { x: 1, y: 1, width: w - 2, height: h - 2, rx: 7, fill: "#3f7d4e", stroke: "#24462c", "stroke-width": 2 }),
    s("rect", { x: 6, y: 6, width: w - 12, height: h - 12, rx: 5, fill: "none", stroke: "#cfe3b8", "stroke-width": 1.5, "stroke-dasharray": "4 3" }),
    s("circle", { cx: w / 2, cy: h / 2, r: Math.min(w, h) / 5, fill: "#cfe3b8", opacity: 0.6 }),
    label ? s("text", { x: w / 2, y: h / 2 + 5, "text-anchor": "middle", class: "card-text", fill: "#1e3a24" }, label) : null,
  );
}

/** The small picture beside a game's name in the lobby. */
export function sheepIcon(game) {
  const look = { swipsheep: 0, wilson_shep: 9, baaaaa: 6, wypas: 15 }[game] ?? 3;
  return svgBox(100, 72, { class: "icon", "aria-hidden": "true" }, sheep(0, 2, 1, look));
}
