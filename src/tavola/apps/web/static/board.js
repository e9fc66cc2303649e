// The picture: the SVG the server draws (Game.svg), shown as it comes. No rule of any
// game lives here: this implements the data- attributes of tavola.core.svg generically:
//   data-action      clicking (or Enter/Space) plays that notation
//   data-choose      a choice: its data-option-of alternatives are shown one at a time,
//                    rotated by click, wheel or R, confirmed by Enter or the Confirm button
//   data-toggle      shows or hides the element with that id (class "panel" -> "open")
//   data-feature     hovering highlights every element with the same key (feature-lit)
//   data-turned      turned (rotate) as the shown choice's data-turn says (the tile to place)
//   data-upright     inside data-turned: kept upright, turned back about its centre
//   data-short       an option's words without what it does (choice-words.js)
//   data-said        a <desc> saying in words the move of that notation (log.js reads it)
//   data-also        a <desc> in a data-action: that move looks the same (shown as it)
//   data-part        the root's parts, laid out apart: "head" stays, "board" zooms
// plus zoom and pan of the picture (buttons, ctrl+wheel, pinch, drag).

import { shownAs } from "./board-alike.js";
import { hasSections, layOutSections, splitSections } from "./board-sections.js";
import { edgeSigns } from "./board-edges.js";
import { turnTurned } from "./board-turn.js";
import { BoardView, boardZoom, drawn, firstTarget, layoutChanged, splitParts } from "./board-view.js";
import { pointerHandlers } from "./board-pointers.js";
import { closeOnClickOutside, closePanels, reopenPanels, togglePanel } from "./board-panels.js";
import { fitTall, hasTargets, targetsIntoPage } from "./board-page.js";
import { sayChoice } from "./choice-words.js";
import { el } from "./dom.js";
import { _ } from "./i18n.js";

function viewBoxOf(svg) {
  const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  if (box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0) return box;
  const w = Number(svg.getAttribute("width")) || 800;
  const h = Number(svg.getAttribute("height")) || 600;
  return [0, 0, w, h];
}

function sameAttr(root, name, value) {
  return [...root.querySelectorAll(`[${name}]`)].filter((node) => node.getAttribute(name) === value);
}

const MAX_ZOOM = 8;

function partOf(svg, name) {
  return svg.querySelector(`:scope > svg[data-part="${name}"]`);
}

/** Where (left, top, in ``area``'s px) the words ``info`` about a focused element (its client
 *  rect ``box``) go: clear of the cells round it (as large as it), so that a keyboard player
 *  sees what is next to it: under that block, else above it, right or left of it, in the
 *  window. */
function clearOfNeighbours(box, info, area) {
  const gap = 8;
  const [w, h] = [info.offsetWidth, info.offsetHeight];
  const across = (left) => Math.min(Math.max(left, -area.left), innerWidth - area.left - w);
  const down = (top) => Math.min(Math.max(top, -area.top), innerHeight - area.top - h);
  const x = across(box.left - box.width - area.left);
  const y = down(box.top - box.height - area.top);
  const places = [
    { left: x, top: box.bottom + box.height + gap - area.top },
    { left: x, top: box.top - box.height - gap - h - area.top },
    { left: box.right + box.width + gap - area.left, top: y },
    { left: box.left - box.width - gap - w - area.left, top: y },
  ];
  const fits = ({ left, top }) => left + area.left >= 0 && top + area.top >= 0
    && left + area.left + w <= innerWidth && top + area.top + h <= innerHeight;
  return places.find(fits) || places[0];
}

/** The picture: shows an SVG document and makes its data- attributes work. */
export class Board {
  constructor(container, { onPlay = null, info = null, choice = null, tools = null } = {}) {
    this.container = container;
    this.onPlay = onPlay;
    this.info = info;
    this.choice = choice; // {box, label, rotate, confirm, cancel}
    this.svg = null; // the picture's root (a div holding the parts when it has parts)
    this.zoomed = null; // the svg element that zooms: the root, or the board part
    this.parted = false;
    this.sectioned = false; // a tall picture in bands, laid out in columns (board-sections.js)
    this.view = null; // the board part's BoardView
    this.boardZoom = boardZoom();
    this.base = [0, 0, 1, 1];
    this.zoom = { s: 1, fx: 0.5, fy: 0.5 };
    this.open = new Set();
    this.selection = null;
    this.lit = null;
    this.enabled = true;
    this.pointers = new Map();
    this.drag = null;
    this.suppressClick = false;

    container.addEventListener("click", (e) => this.onClick(e));
    container.addEventListener("keydown", (e) => this.onKey(e));
    container.addEventListener("mouseover", (e) => this.onOver(e));
    container.addEventListener("mouseleave", () => { this.unlight(); this.unpreview(); this.say(""); });
    window.addEventListener("resize", () => {
      if (this.parted && layoutChanged(this.svg)) this.show(this.text);
      fitTall(this);
      this.view?.fit();
      this.applyZoom();
    });
    container.addEventListener("mousemove", (e) => {
      this.pointer = { x: e.clientX, y: e.clientY };
      this.placeInfo();
    });
    container.addEventListener("focusin", (e) => {
      const box = e.target.getBoundingClientRect?.();
      if (box) this.pointer = { x: box.left + box.width / 2, y: box.bottom, around: box };
    });
    // words of a focus gone elsewhere on the page say nothing of what the player is on
    container.addEventListener("focusout", (e) => {
      if (!this.container.contains(e.relatedTarget)) this.say("");
    });
    container.addEventListener("focusin", (e) => this.onOver(e));
    container.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    container.addEventListener("pointerdown", (e) => this.onPointerDown(e));
    container.addEventListener("pointermove", (e) => this.onPointerMove(e));
    container.addEventListener("pointerup", (e) => this.onPointerUp(e));
    container.addEventListener("pointercancel", (e) => this.onPointerUp(e));
    document.addEventListener("keydown", (e) => this.onDocumentKey(e));
    closeOnClickOutside(this);
    this.fitButton = tools?.querySelector("[data-zoom='fit']") || null;
    if (tools) {
      for (const button of tools.querySelectorAll("[data-zoom]")) {
        button.addEventListener("click", () => this.zoomBy(button.dataset.zoom));
      }
    }
    if (choice) {
      choice.rotate.addEventListener("click", () => this.rotate(1));
      choice.confirm.addEventListener("click", () => this.confirm());
      choice.cancel.addEventListener("click", () => this.cancel(true));
    }
  }

  // -- showing ----------------------------------------------------------------------------

  show(text) {
    const active = document.activeElement;
    let focusKey = null;
    if (active && this.choice && this.choice.box.contains(active)) {
      focusKey = ["data-choose", null]; // Confirm clicked: on to the first target, as Enter goes
    } else if (active && this.svg && this.svg.contains(active)) {
      focusKey = active.getAttribute("data-action") !== null
        ? ["data-action", active.getAttribute("data-action")]
        : ["data-choose", active.getAttribute("data-choose")];
    }
    const hadCells = Boolean(this.svg?.querySelector("[data-choose]"));
    const hadTargets = hasTargets(this.svg);
    const wasOver = Boolean(this.zoomed?.hasAttribute("data-fit"));
    this.cancel(false);
    this.lit = null;
    this.previewed = null;
    this.say(""); // what was described may be gone: a hover or a focus describes anew
    this.text = text;
    this.container.innerHTML = text || "";
    this.container.removeAttribute("aria-busy");
    this.svg = this.container.querySelector("svg");
    if (!this.svg) return;
    this.svg.classList.add("tavola-board");
    this.parted = Boolean(partOf(this.svg, "board"));
    this.view = null;
    if (this.parted) this.svg = splitParts(this.svg);
    this.sectioned = !this.parted && hasSections(this.svg);
    if (this.sectioned) this.svg = splitSections(this.svg);
    this.zoomed = this.parted ? this.svg.querySelector(".part-board") : this.svg;
    this.base = viewBoxOf(this.zoomed);
    if (this.parted) {
      this.view = new BoardView(this.zoomed.parentElement, this.zoomed, this.boardZoom);
      // signs of cells to choose where one plays, until the game ends (data-fit)
      const plays = Boolean(this.onPlay) && !this.zoomed.hasAttribute("data-fit");
      this.edges = plays ? edgeSigns(this.view) : null;
      this.view.box.addEventListener("scroll", () => this.sayFit());
      this.view.fit();
      if (!wasOver && this.zoomed.hasAttribute("data-fit")) this.view.gameEnds();
    }
    fitTall(this);
    this.applyZoom();
    reopenPanels(this);
    if (focusKey) {
      const [name, value] = focusKey;
      const again = value === null ? [] : sameAttr(this.svg, name, value).filter(drawn);
      const target = again[0] || this.firstTarget();
      if (target) target.focus({ preventScroll: true });
      // no words float for a focus the page moved (after Confirm: on the head's copy of a
      // spot, the words would sit over the board, away from the spot the player looks at)
      this.say("");
    }
    this.view?.revealTargets();
    // cells to choose come (a turn opens): the view opens anew, in the page's view
    if (this.view && !hadCells && this.svg.querySelector("[data-choose]")) {
      closePanels(this); // the board, not a panel over it, once a tile is to place
      this.view.turnOpens();
    }
    else if (!this.view && !hadTargets && hasTargets(this.svg)) targetsIntoPage(this.svg);
  }

  /** The first element of the picture that plays or chooses, drawn (or null). */
  firstTarget() {
    return this.svg ? firstTarget(this.svg) : null;
  }

  clear(message = "") {
    this.cancel(false);
    this.svg = null;
    this.container.replaceChildren();
    if (message) this.container.append(el("p", { class: "muted loading", text: message }));
  }

  byId(id) {
    return this.svg ? [...this.svg.querySelectorAll("[id]")].find((n) => n.id === id) || null : null;
  }

  /** The words of an action: the aria-label of the element that plays it (or one alike). */
  labelOf(notation) {
    if (!this.svg) return null;
    const found = sameAttr(this.svg, "data-action", shownAs(this.svg, notation))[0];
    if (!found) return null;
    const title = found.querySelector(":scope > title");
    return found.getAttribute("aria-label") || (title && title.textContent) || null;
  }

  say(text) {
    if (!this.info) return;
    this.info.textContent = text;
    this.placeInfo();
  }

  /** On a wide screen the words float beside the pointer (or the focused element). */
  placeInfo() {
    const info = this.info;
    if (!info || !info.textContent || !this.pointer) return;
    const floating = getComputedStyle(info).position === "absolute";
    if (!floating) return;
    const area = info.offsetParent ? info.offsetParent.getBoundingClientRect() : { left: 0, top: 0, width: innerWidth, height: innerHeight };
    const gap = 16;
    // moved by a transform, not left and top: words that follow the pointer shift no layout
    const place = (x, y) => { info.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`; };
    if (this.pointer.around) {
      const at = clearOfNeighbours(this.pointer.around, info, area);
      place(at.left, at.top);
      return;
    }
    let left = this.pointer.x - area.left + gap;
    let top = this.pointer.y - area.top + gap;
    if (left + info.offsetWidth > area.width) left = Math.max(0, this.pointer.x - area.left - info.offsetWidth - gap);
    if (top + info.offsetHeight > area.height) top = Math.max(0, this.pointer.y - area.top - info.offsetHeight - gap);
    place(left, top);
  }

  // -- playing ----------------------------------------------------------------------------

  play(notation) {
    if (!this.enabled || !this.onPlay || notation === null) return;
    this.onPlay(notation);
  }

  setEnabled(enabled) {
    this.enabled = enabled;
    this.container.classList.toggle("waiting", !enabled);
  }

  onClick(e) {
    if (this.suppressClick) {
      this.suppressClick = false;
      e.preventDefault();
      return;
    }
    if (!this.svg || !this.svg.contains(e.target)) return;
    this.activate(e.target.closest("[data-toggle], [data-option-of], [data-choose], [data-action]"), e);
    if (!e.target.closest("[data-action], [data-choose]")) {
      const feature = e.target.closest("[data-feature]");
      if (feature) this.light(feature); // a tap shows a feature on touch screens
    }
  }

  activate(target, e) {
    if (!target) return;
    if (target.hasAttribute("data-toggle")) {
      togglePanel(this, target.getAttribute("data-toggle"));
    } else if (target.hasAttribute("data-option-of")) {
      const sel = this.selection;
      if (sel && sel.options.includes(target)) {
        if (sel.options.length > 1 && e && e.type === "click") this.rotate(1);
        else this.confirm();
      } else {
        this.play(target.getAttribute("data-action"));
      }
    } else if (target.hasAttribute("data-choose")) {
      const key = target.getAttribute("data-choose");
      if (this.selection && this.selection.key === key && e && e.type === "keydown") this.confirm();
      else this.select(key);
    } else {
      this.play(target.getAttribute("data-action"));
    }
    if (e) e.preventDefault();
  }

  // -- choices (data-choose / data-option-of) -------------------------------------------------

  optionsOf(key) {
    return this.svg ? sameAttr(this.svg, "data-option-of", key) : [];
  }

  select(key) {
    const options = this.optionsOf(key);
    if (!options.length) return;
    this.cancel(false);
    this.unpreview();
    const cell = sameAttr(this.svg, "data-choose", key)[0] || null;
    if (cell) cell.classList.add("selected");
    this.selection = { key, cell, options, index: 0 };
    this.showOption();
  }

  showOption() {
    const sel = this.selection;
    if (!sel) return;
    sel.options.forEach((node, i) => {
      node.classList.remove("preview");
      node.classList.toggle("shown", i === sel.index);
    });
    const shown = sel.options[sel.index];
    this.turn(shown.getAttribute("data-turn"));
    const words = shown.getAttribute("aria-label") || shown.getAttribute("data-action");
    if (this.choice) {
      this.say(""); // the choice says it: no description of the cell beside it, unturned
      this.choice.box.hidden = false;
      sayChoice(this.choice, sel); // the move and its counter, then what it does
      this.choice.rotate.disabled = sel.options.length < 2;
    } else {
      this.say(words);
    }
  }

  rotate(step) {
    const sel = this.selection;
    if (!sel) return;
    const n = sel.options.length;
    sel.index = (((sel.index + step) % n) + n) % n;
    this.showOption();
  }

  confirm() {
    const sel = this.selection;
    if (!sel) return;
    this.play(sel.options[sel.index].getAttribute("data-action"));
  }

  cancel(refocus) {
    const sel = this.selection;
    if (!sel) return;
    for (const node of sel.options) node.classList.remove("shown", "preview");
    if (sel.cell) sel.cell.classList.remove("selected");
    this.selection = null;
    this.turn(null);
    if (this.choice) this.choice.box.hidden = true;
    if (refocus && sel.cell && this.svg && this.svg.contains(sel.cell)) sel.cell.focus({ preventScroll: true });
  }

  preview(key) {
    if (this.selection) return;
    this.unpreview();
    const first = this.optionsOf(key)[0];
    if (first) this.showPreview(first);
  }

  /** Show a choice's option over its cell: a look (no pointer, no focus), which the
   *  keyboard passes by; Shift+Tab from a move whose option it shows would land on it and,
   *  the move blurred and the look gone, drop the focus on <body>. */
  showPreview(node) {
    node.classList.add("shown", "preview");
    if (!node.hasAttribute("data-tabindex")) node.setAttribute("data-tabindex", node.getAttribute("tabindex") ?? "");
    node.setAttribute("tabindex", "-1");
    this.previewed = node;
    this.turn(node.getAttribute("data-turn")); // the tile to place shows the ghost's turn
  }

  unpreview() {
    const node = this.previewed;
    if (node && node.hasAttribute("data-tabindex")) {
      const was = node.getAttribute("data-tabindex");
      if (was) node.setAttribute("tabindex", was);
      else node.removeAttribute("tabindex");
      node.removeAttribute("data-tabindex");
    }
    if (this.previewed && !(this.selection && this.selection.options.includes(this.previewed))) {
      this.previewed.classList.remove("shown", "preview");
    }
    if (this.previewed && !this.selection) this.turn(null);
    this.previewed = null;
  }

  /** Turn the data-turned elements (the tile to place) as the shown choice is turned. */
  turn(degrees) {
    if (this.svg) turnTurned(this.svg, degrees);
  }

  /** Show which picture element an action button (or a hint) plays, hovered or focused. */
  hint(notation, on) {
    if (!this.svg) return;
    for (const node of sameAttr(this.svg, "data-action", shownAs(this.svg, notation))) {
      if (node.hasAttribute("data-option-of")) {
        if (this.selection) continue;
        if (on) {
          this.unpreview();
          this.showPreview(node);
        } else if (this.previewed === node) {
          this.unpreview();
        }
      } else {
        node.classList.toggle("hinted", on);
      }
    }
  }

  // -- hover: features and words ---------------------------------------------------------------

  onOver(e) {
    if (!this.svg || !this.svg.contains(e.target)) return;
    const playable = e.target.closest("[data-choose], [data-action], [data-toggle]");
    const feature = e.target.closest("[data-feature]");
    if (feature) this.light(feature);
    else this.unlight();
    const choose = e.target.closest("[data-choose]");
    if (choose) this.preview(choose.getAttribute("data-choose"));
    else if (!e.target.closest("[data-option-of]")) this.unpreview();
    // the chosen cell and its tile drawn there (under the pointer after the click) say
    // nothing: the choice bar says it, words floating over the board hid tiles (playtest 12 #7)
    const chosen = this.selection && this.choice
      && (playable === this.selection.cell || this.selection.options.includes(playable));
    if (playable && !chosen) {
      const title = playable.querySelector(":scope > title");
      this.say(playable.getAttribute("aria-label") || (title ? title.textContent : ""));
    } else if (!feature && !this.selection) {
      this.say("");
    }
  }

  light(feature) {
    const key = feature.getAttribute("data-feature");
    if (this.lit !== key) {
      this.unlight();
      this.lit = key;
      for (const node of sameAttr(this.svg, "data-feature", key)) node.classList.add("feature-lit");
    }
    const titled = sameAttr(this.svg, "data-feature", key)
      .map((node) => node.querySelector(":scope > title"))
      .find(Boolean);
    if (titled) this.say(titled.textContent);
  }

  unlight() {
    if (this.lit === null || !this.svg) return;
    for (const node of this.svg.querySelectorAll(".feature-lit")) node.classList.remove("feature-lit");
    this.lit = null;
  }

  // -- keys ----------------------------------------------------------------------------------

  onKey(e) {
    if (e.key !== "Enter" && e.key !== " ") return;
    if (!this.svg || !this.svg.contains(e.target)) return;
    const target = e.target.closest("[data-toggle], [data-option-of], [data-choose], [data-action]");
    if (target) this.activate(target, e);
  }

  onDocumentKey(e) {
    if (e.defaultPrevented || e.altKey || e.metaKey || e.ctrlKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (!this.svg || !this.container.isConnected) return;
    if (e.key === "Escape" && closePanels(this)) {
      e.preventDefault(); // a panel first: it covers the board, and a choice under it
      return;
    }
    if (this.selection) {
      if (e.key === "r" || e.key === "R") {
        this.rotate(e.shiftKey ? -1 : 1);
        e.preventDefault();
        return;
      }
      if (e.key === "Escape") {
        this.cancel(true);
        e.preventDefault();
        return;
      }
      if (e.key === "Enter" && (tag === "BODY" || tag === "MAIN")) {
        this.confirm();
        e.preventDefault();
        return;
      }
    }
    if (tag === "BUTTON" || tag === "A") return;
    if (e.key === "+" || e.key === "=") this.zoomBy("in");
    else if (e.key === "-") this.zoomBy("out");
    else if (e.key === "0") this.zoomBy("fit");
  }

  // -- zoom and pan ---------------------------------------------------------------------------

  /** "fit" says why it would change nothing (in its title, aria-disabled), where it would not. */
  sayFit() {
    const button = this.fitButton;
    if (!button) return;
    if (button.dataset.title === undefined) button.dataset.title = button.title;
    let why = "";
    if (this.parted) {
      why = this.view.fitted();
      this.edges?.update(); // the view moved: the cells out of view past its edges
    }
    else if (this.svg && this.zoom.s <= 1) why = _("The whole board is in view");
    button.title = why || button.dataset.title;
    if (why) button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
  }

  applyZoom() {
    this.applyZoomOnly();
    this.sayFit();
  }

  applyZoomOnly() {
    if (!this.svg) return;
    if (this.sectioned) {
      layOutSections(this.svg, this.container, this.zoom.s);
      this.container.classList.toggle("zoomed", this.zoom.s > 1);
      return;
    }
    if (this.parted) {
      this.container.classList.toggle("zoomed", this.view.apply());
      return;
    }
    const [x, y, w, h] = this.base;
    const z = this.zoom;
    const half = 1 / (2 * z.s);
    z.fx = Math.min(Math.max(z.fx, half), 1 - half);
    z.fy = Math.min(Math.max(z.fy, half), 1 - half);
    const vw = w / z.s;
    const vh = h / z.s;
    const box = [x + z.fx * w - vw / 2, y + z.fy * h - vh / 2, vw, vh].map((v) => Math.round(v * 100) / 100);
    this.svg.setAttribute("viewBox", box.join(" "));
    this.svg.style.touchAction = z.s > 1 ? "none" : "pan-x pan-y";
    this.container.classList.toggle("zoomed", z.s > 1);
  }

  zoomBy(how, at = null) {
    if (this.parted) {
      this.container.classList.toggle("zoomed", this.view.zoomBy(how, at));
      this.sayFit();
      return;
    }
    const z = this.zoom;
    if (how === "fit") {
      this.zoom = { s: 1, fx: 0.5, fy: 0.5 };
      this.applyZoom();
      return;
    }
    const factor = typeof how === "number" ? how : how === "in" ? 1.25 : 0.8;
    this.zoomTo(z.s * factor, at);
  }

  zoomTo(scale, at = null) {
    const z = this.zoom;
    const next = Math.min(Math.max(scale, 1), MAX_ZOOM);
    if (at && this.svg && !this.sectioned) {
      const [x, y, w, h] = this.base;
      const box = viewBoxOf(this.svg);
      const p = this.toUser(at.x, at.y);
      const rx = (p.x - box[0]) / box[2];
      const ry = (p.y - box[1]) / box[3];
      const vw = w / next;
      const vh = h / next;
      z.fx = (p.x - rx * vw + vw / 2 - x) / w;
      z.fy = (p.y - ry * vh + vh / 2 - y) / h;
    }
    z.s = next;
    this.applyZoom();
  }

  toUser(clientX, clientY) {
    const matrix = this.zoomed.getScreenCTM();
    const point = this.zoomed.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    return matrix ? point.matrixTransform(matrix.inverse()) : point;
  }
}

Object.assign(Board.prototype, pointerHandlers); // wheel, drag and pinch (board-pointers.js)
