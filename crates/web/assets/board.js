// The board as an ARIA grid named "Board": 64 cells named by their square and what
// stands there (the names come from the server's words, the same as the square
// command). One cell is in the tab order at a time (roving tabindex).
//
// The same board takes the mouse and the finger: click a man and then a square, or
// drag it there (pointer events, so a phone works too). The keys act on the square
// that has the focus, whoever put it there (a screen reader's focus-following moves
// the focus without a key of ours), never on a cursor of the page's own.
'use strict';

const HallBoard = (() => {
  const GLYPH = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
  const OUTLINE = { k: '♔', q: '♕', r: '♖', b: '♗', n: '♘', p: '♙' };
  const FILES = 'abcdefgh';
  const DRAG_PX = 6;       // a press that moves less than this is a click, not a drag

  function create(grid, opts) {
    let cells = [];          // from the server: {square, name, piece, height}, a1 first
    let flipped = false;
    let cursor = 12;         // e2: where a player usually starts
    let picked = null;
    let last = null;         // [from, to] indices of the last move
    let check = null;        // the index of a king in check
    let legal = [];          // the legal moves in coordinates (chess only)
    let nodes = [];          // DOM cells by square index
    let drag = null;         // {from, x, y, ghost, moved} while a man is pressed
    let clickDone = false;   // a pointer already acted: the click that follows is ignored

    const idx = (file, rank) => rank * 8 + file;
    const fileOf = i => i % 8, rankOf = i => Math.floor(i / 8);
    const nameOf = i => FILES[fileOf(i)] + (rankOf(i) + 1);
    const indexOf = sq => (Number(sq[1]) - 1) * 8 + FILES.indexOf(sq[0]);
    // Visual (row from the top, column from the left) to square and back.
    const toSq = (r, c) => flipped ? idx(7 - c, r) : idx(c, 7 - r);
    const toRC = i => flipped ? [rankOf(i), 7 - fileOf(i)] : [7 - rankOf(i), fileOf(i)];
    const cellOf = e => { const d = e && e.closest && e.closest('[role=gridcell]'); return d && grid.contains(d) ? indexOf(d.dataset.square) : null; };
    const targets = from => from === null ? [] : legal.filter(m => m.startsWith(nameOf(from))).map(m => indexOf(m.slice(2, 4)));

    function build() {
      grid.replaceChildren();
      nodes = new Array(64);
      for (let r = 0; r < 8; r++) {
        const row = document.createElement('div');
        row.setAttribute('role', 'row');
        for (let c = 0; c < 8; c++) {
          const i = toSq(r, c);
          const d = document.createElement('div');
          d.setAttribute('role', 'gridcell');
          d.id = 'sq-' + nameOf(i);
          d.dataset.square = nameOf(i);
          d.className = (fileOf(i) + rankOf(i)) % 2 ? 'l' : 'd';
          d.tabIndex = -1;
          nodes[i] = d;
          row.append(d);
        }
        grid.append(row);
      }
      coordinates();
      paint();
    }

    // Coordinates along the left and bottom edges, as on a printed board: drawn over
    // the grid, outside its cells, whose names say the square already.
    function coordinates() {
      const wrap = grid.parentElement;
      if (!wrap || !wrap.classList.contains('board-wrap')) return;
      let layer = wrap.querySelector('.coords');
      if (!layer) { layer = document.createElement('div'); layer.className = 'coords'; layer.setAttribute('aria-hidden', 'true'); wrap.append(layer); }
      const labels = [];
      for (let r = 0; r < 8; r++) {
        const i = toSq(r, 0);
        const s = span('r ' + ((fileOf(i) + rankOf(i)) % 2 ? 'on-l' : 'on-d'), String(rankOf(i) + 1));
        s.style.gridArea = `${r + 1} / 1`;
        labels.push(s);
      }
      for (let c = 0; c < 8; c++) {
        const i = toSq(7, c);
        const s = span('f ' + ((fileOf(i) + rankOf(i)) % 2 ? 'on-l' : 'on-d'), FILES[fileOf(i)]);
        s.style.gridArea = `8 / ${c + 1}`;
        labels.push(s);
      }
      layer.replaceChildren(...labels);
    }

    function span(cls, text) {
      const s = document.createElement('span');
      s.className = cls;
      s.setAttribute('aria-hidden', 'true');
      if (text) s.textContent = text;
      return s;
    }

    function glyphOf(cell) {
      if (!cell.piece) return '';
      const plain = document.documentElement.classList.contains('plain');
      const contrast = document.documentElement.classList.contains('contrast');
      const white = cell.piece === cell.piece.toUpperCase();
      const set = contrast && white ? OUTLINE : GLYPH;
      return plain ? cell.piece : set[cell.piece.toLowerCase()] || cell.piece;
    }

    function paint() {
      const marks = targets(picked);
      for (let i = 0; i < 64; i++) {
        const d = nodes[i];
        const cell = cells[i] || { name: nameOf(i), piece: '', height: 0 };
        let label = cell.name;
        if (picked === i) label += Hall.t(', picked');
        // A picked man's targets are said as well as drawn: nothing by colour alone.
        if (marks.includes(i)) label += Hall.t(', a legal move');
        if (check === i) label += Hall.t(', in check');
        d.setAttribute('aria-label', label);
        d.setAttribute('aria-selected', picked === i ? 'true' : 'false');
        d.tabIndex = i === cursor ? 0 : -1;
        d.classList.toggle('last', !!last && (last[0] === i || last[1] === i));
        d.classList.toggle('target', marks.includes(i));
        d.classList.toggle('occupied', !!cell.piece);
        d.classList.toggle('check', check === i);
        d.classList.toggle('w', !!cell.piece && cell.piece === cell.piece.toUpperCase());
        d.classList.toggle('b', !!cell.piece && cell.piece !== cell.piece.toUpperCase());
        // The content is rebuilt only when it changes: a pressed glyph that is
        // replaced under the pointer would swallow the click.
        const key = glyphOf(cell) + '/' + cell.height;
        if (d.dataset.drawn === key) continue;
        d.dataset.drawn = key;
        const parts = [span('g', glyphOf(cell))];
        if (cell.height > 1) {
          // Drawn by the stylesheet, not as text: the cell's name says the height in
          // words ("a tower of two"), and a digit in its text would contradict it.
          const h = span('h');
          h.dataset.h = String(cell.height);
          parts.push(h);
        }
        d.replaceChildren(...parts);
      }
    }

    function move(i, focus = true) {
      cursor = Math.max(0, Math.min(63, i));
      paint();
      if (focus) nodes[cursor].focus();
    }

    // The man's move from `from` to `to`: chess in coordinates (e2e4), asking which
    // man a pawn becomes; Tavreli's whole stack as from-to (part of a tower,
    // `from(n)-to`, is typed in the Move field).
    async function play(from, to) {
      const tavreli = opts.variant() === 'tavreli';
      let uci = nameOf(from) + (tavreli ? '-' : '') + nameOf(to);
      const piece = (cells[from] || {}).piece || '';
      const promotions = legal.filter(m => m.length === 5 && m.startsWith(uci));
      const lastRank = rankOf(to) === 7 || rankOf(to) === 0;
      if (!tavreli && (promotions.length || (!legal.length && piece.toLowerCase() === 'p' && lastRank))) {
        const choice = await opts.promote();
        if (!choice) { opts.say(Hall.t('Put back.')); return; }
        uci += choice;
      }
      opts.move(uci);
    }

    // Enter on a man picks it; Enter on another square drops it there.
    function activate() {
      const cell = cells[cursor];
      if (picked === null) {
        if (!cell || !cell.piece) { opts.say(cell ? cell.name : nameOf(cursor)); return; }
        picked = cursor;
        paint();
        const n = targets(picked).length;
        opts.say(Hall.t('Picked {name}. Move to the target square and press Enter; Escape cancels.', { name: cell.name })
          + (legal.length ? ' ' + Hall.t('Legal moves: {n}.', { n }) : ''));
        return;
      }
      if (picked === cursor) { picked = null; paint(); opts.say(Hall.t('Put back.')); return; }
      const from = picked, to = cursor;
      picked = null;
      paint();
      play(from, to);
    }

    function jumpPiece(letter, back) {
      for (let k = 1; k <= 64; k++) {
        // Reading order as the board is shown, from the focused square on.
        const [r0, c0] = toRC(cursor);
        const pos = ((r0 * 8 + c0) + (back ? -k : k) + 640) % 64;
        const i = toSq(Math.floor(pos / 8), pos % 8);
        const p = (cells[i] || {}).piece || '';
        if (p && p.toLowerCase() === letter) { move(i); return; }
      }
      opts.say(Hall.t('No {letter} on the board.', { letter: letter.toUpperCase() }));
    }

    // The focus is the truth: whatever moved it (Tab, a click, a screen reader), the
    // square it is on is the one the keys act on.
    grid.addEventListener('focusin', e => {
      const i = cellOf(e.target);
      if (i !== null && i !== cursor) { cursor = i; paint(); }
    });

    grid.addEventListener('keydown', e => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const at = cellOf(e.target);
      if (at !== null) cursor = at;
      const [r, c] = toRC(cursor);
      const go = (rr, cc) => { if (rr >= 0 && rr < 8 && cc >= 0 && cc < 8) move(toSq(rr, cc)); else opts.edge(); };
      let done = true;
      const digit = /^Digit([1-8])$/.exec(e.code) || /^Numpad([1-8])$/.exec(e.code);
      const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      if (e.key === 'ArrowUp') go(r - 1, c);
      else if (e.key === 'ArrowDown') go(r + 1, c);
      else if (e.key === 'ArrowLeft') go(r, c - 1);
      else if (e.key === 'ArrowRight') go(r, c + 1);
      else if (e.key === 'Home') go(r, 0);
      else if (e.key === 'End') go(r, 7);
      else if (e.key === 'Enter' || e.key === ' ') activate();
      else if (e.key === 'Escape') { if (picked !== null) { picked = null; paint(); opts.say(Hall.t('Put back.')); } else done = false; }
      else if (digit) {
        const n = Number(digit[1]);
        if (e.shiftKey) move(idx(n - 1, rankOf(cursor))); else move(idx(fileOf(cursor), n - 1));
      } else if ('kqrbnp'.includes(key) && key.length === 1) jumpPiece(key, e.shiftKey);
      else if (key === 'c') opts.command('c');
      else if (key === 'l') opts.command('l');
      else if (key === 'm') opts.command('m ' + nameOf(cursor));
      else if (key === 'a') opts.command('a ' + nameOf(cursor));
      else if (key === 'i') opts.focusInput();
      else done = false;
      if (done) e.preventDefault();
    });

    // The mouse and the finger. A press on a man that moves is a drag: the man
    // follows the pointer and drops where it is let go. A press that does not move
    // is a click: the first picks, the second drops (as Enter does).
    grid.addEventListener('pointerdown', e => {
      if (e.button !== 0) return;
      const i = cellOf(e.target);
      if (i === null) return;
      drag = { from: i, x: e.clientX, y: e.clientY, ghost: null, moved: false, id: e.pointerId };
    });
    grid.addEventListener('pointermove', e => {
      if (!drag || e.pointerId !== drag.id) return;
      if (!drag.moved) {
        if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < DRAG_PX) return;
        const cell = cells[drag.from];
        if (!cell || !cell.piece) { drag = null; return; }
        drag.moved = true;
        try { grid.setPointerCapture(e.pointerId); } catch (_) { /* a finger already lifted */ }
        picked = drag.from;
        cursor = drag.from;
        paint();
        drag.ghost = span('ghost ' + (cell.piece === cell.piece.toUpperCase() ? 'w' : 'b'), glyphOf(cell));
        const size = nodes[drag.from].getBoundingClientRect().width;
        drag.ghost.style.width = drag.ghost.style.height = size + 'px';
        drag.ghost.style.fontSize = (size * 0.72) + 'px';
        document.body.append(drag.ghost);
      }
      drag.ghost.style.left = (e.clientX - drag.ghost.offsetWidth / 2) + 'px';
      drag.ghost.style.top = (e.clientY - drag.ghost.offsetHeight / 2) + 'px';
    });
    function endDrag(e, cancelled) {
      if (!drag || e.pointerId !== drag.id) return;
      const d = drag;
      drag = null;
      if (d.ghost) d.ghost.remove();
      // The click that follows a pointer's press is the pointer's own: ignored.
      clickDone = true;
      setTimeout(() => { clickDone = false; }, 0);
      if (!d.moved) {
        // A press without a drag is a click: the first picks, the second drops.
        const at = cancelled ? null : cellOf(document.elementFromPoint(e.clientX, e.clientY));
        if (at !== null && at === d.from) { move(at); activate(); }
        return;
      }
      picked = null;
      const under = cancelled ? null : cellOf(document.elementFromPoint(e.clientX, e.clientY));
      if (under === null || under === d.from) { paint(); return; }
      move(under);
      play(d.from, under);
    }
    grid.addEventListener('pointerup', e => endDrag(e, false));
    grid.addEventListener('pointercancel', e => endDrag(e, true));
    // A click (or a screen reader's activation, which sends a click only).
    grid.addEventListener('click', e => {
      if (clickDone) { clickDone = false; return; }
      const i = cellOf(e.target);
      if (i === null) return;
      move(i);
      activate();
    });

    build();
    return {
      set(newCells, lastMove, moves, checked) {
        cells = newCells || [];
        last = lastMove;
        legal = Array.isArray(moves) ? moves : [];
        check = checked ? indexOf(checked) : null;
        if (picked !== null && !(cells[picked] || {}).piece) picked = null;
        paint();
      },
      flip(f) { if (flipped !== f) { flipped = f; build(); } },
      get flipped() { return flipped; },
      repaint: paint,
      square: () => nameOf(cursor),
      cellName: () => (cells[cursor] || {}).name || nameOf(cursor),
    };
  }
  return { create };
})();
