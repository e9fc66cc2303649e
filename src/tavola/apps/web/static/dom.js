// Building and finding the page's elements.

import { _ } from "./i18n.js";

/** The element of the page with that id. */
export const $ = (id) => document.getElementById(id);

/** A new element: ``attrs`` are its attributes (``class``, ``text`` its text, ``onX`` a
 *  listener of event X; null, undefined and false leave one out), then its children. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Copy text to the clipboard (or select it for the user to copy). */
export async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    if (button) {
      const before = button.textContent;
      button.textContent = _("Copied");
      setTimeout(() => { button.textContent = before; }, 1500);
    }
  } catch {
    window.prompt(_("Copy this link:"), text);
  }
}
