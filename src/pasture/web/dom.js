// Small DOM builders. Text always goes in as text nodes (names come from other players),
// never as HTML.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.setAttribute("class", value);
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === "style" && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) node.style.setProperty(k, v);
    } else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** h("div", {class: "x", onclick: f}, "text", child, [more]) */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** The same for SVG elements. */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function svgBox(width, height, attrs, ...children) {
  return s(
    "svg",
    { viewBox: `0 0 ${width} ${height}`, role: "img", ...attrs },
    ...children,
  );
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** A button that does `fn` on click (and on Enter/Space, as buttons do). */
export function button(label, fn, attrs = {}) {
  return h("button", { type: "button", ...attrs, onclick: fn }, label);
}

export function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many || one + "s"}`;
}

/** root.append that skips null/false children (append would write "null"). */
export function put(root, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false) root.append(child);
  }
  return root;
}
