// The board's wheel, drag and pinch: methods of board.js's Board (mixed in there), kept here
// so that each file holds one concern. A wheel zooms (ctrl, or on a parted board when
// nothing is chosen) or turns the tile chosen; a mouse drag pans a zoomed board; two
// fingers pinch to zoom.

export const pointerHandlers = {
  onWheel(e) {
    if (!this.svg || !this.svg.contains(e.target)) return;
    const onBoard = this.parted && this.zoomed.contains(e.target);
    if (e.ctrlKey || (onBoard && !this.selection)) {
      e.preventDefault();
      this.zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, { x: e.clientX, y: e.clientY });
    } else if (this.selection) {
      e.preventDefault();
      if (Math.abs(e.deltaY) > 0) this.rotate(e.deltaY > 0 ? 1 : -1);
    }
  },

  onPointerDown(e) {
    if (!this.svg || !this.svg.contains(e.target)) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    if (this.sectioned) return; // zoomed, the area scrolls as a page does
    if (this.parted && (e.pointerType !== "mouse" || !this.zoomed.contains(e.target))) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, s: this.zoom.s };
      this.drag = null;
    } else if (this.pointers.size === 1) {
      const box = this.view ? this.view.box : { scrollLeft: 0, scrollTop: 0 };
      this.drag = { x: e.clientX, y: e.clientY, fx: this.zoom.fx, fy: this.zoom.fy, sl: box.scrollLeft, st: box.scrollTop, moving: false, id: e.pointerId };
    }
  },

  onPointerMove(e) {
    if (!this.pointers.has(e.pointerId)) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pinch && this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      this.zoomTo(this.pinch.s * (d / this.pinch.d), { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
      this.suppressClick = true;
      return;
    }
    const drag = this.drag;
    if (!drag || !this.container.classList.contains("zoomed")) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moving && Math.hypot(dx, dy) < 6) return;
    if (!drag.moving) {
      drag.moving = true;
      this.container.setPointerCapture?.(e.pointerId);
      this.container.classList.add("panning");
    }
    if (this.parted) {
      this.view.box.scrollLeft = drag.sl - dx;
      this.view.box.scrollTop = drag.st - dy;
      return;
    }
    const matrix = this.zoomed.getScreenCTM();
    const scale = matrix ? matrix.a : 1;
    this.zoom.fx = drag.fx - dx / scale / this.base[2];
    this.zoom.fy = drag.fy - dy / scale / this.base[3];
    this.applyZoom();
  },

  onPointerUp(e) {
    if (!this.pointers.has(e.pointerId)) return;
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (this.drag && this.drag.moving) {
      this.suppressClick = true;
      setTimeout(() => { this.suppressClick = false; }, 0);
    }
    if (this.pointers.size === 0) {
      this.drag = null;
      this.container.classList.remove("panning");
    }
  },
};
