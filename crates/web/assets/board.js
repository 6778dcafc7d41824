// The board as an ARIA grid named "Board": 64 cells named by their square and what
// stands there (the names come from the server's words, the same as the square
// command). One cell is in the tab order at a time (roving tabindex).
'use strict';

const HallBoard = (() => {
  const GLYPH = { k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
  const OUTLINE = { k: '♔', q: '♕', r: '♖', b: '♗', n: '♘', p: '♙' };
  const FILES = 'abcdefgh';

  function create(grid, opts) {
    let cells = [];          // from the server: {square, name, piece, height}, a1 first
    let flipped = false;
    let cursor = 12;         // e2: where a player usually starts
    let picked = null;
    let last = null;         // [from, to] indices of the last move
    let nodes = [];          // DOM cells by square index

    const idx = (file, rank) => rank * 8 + file;
    const fileOf = i => i % 8, rankOf = i => Math.floor(i / 8);
    const nameOf = i => FILES[fileOf(i)] + (rankOf(i) + 1);
    // Visual (row from the top, column from the left) to square and back.
    const toSq = (r, c) => flipped ? idx(7 - c, r) : idx(c, 7 - r);
    const toRC = i => flipped ? [rankOf(i), 7 - fileOf(i)] : [7 - rankOf(i), fileOf(i)];

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
          d.addEventListener('click', () => { move(i); activate(); });
          nodes[i] = d;
          row.append(d);
        }
        grid.append(row);
      }
      paint();
    }

    function paint() {
      for (let i = 0; i < 64; i++) {
        const d = nodes[i];
        const cell = cells[i] || { name: nameOf(i), piece: '', height: 0 };
        let label = cell.name;
        if (picked === i) label += Hall.t(', picked');
        d.setAttribute('aria-label', label);
        d.setAttribute('aria-selected', picked === i ? 'true' : 'false');
        d.tabIndex = i === cursor ? 0 : -1;
        d.classList.toggle('last', !!last && (last[0] === i || last[1] === i));
        d.classList.toggle('w', !!cell.piece && cell.piece === cell.piece.toUpperCase());
        d.classList.toggle('b', !!cell.piece && cell.piece !== cell.piece.toUpperCase());
        const plain = document.documentElement.classList.contains('plain');
        const contrast = document.documentElement.classList.contains('contrast');
        const white = cell.piece && cell.piece === cell.piece.toUpperCase();
        const set = contrast && white ? OUTLINE : GLYPH;
        const glyph = cell.piece ? (plain ? cell.piece : set[cell.piece.toLowerCase()] || cell.piece) : '';
        const parts = [];
        const g = document.createElement('span');
        g.className = 'g';
        g.setAttribute('aria-hidden', 'true');
        g.textContent = glyph;
        parts.push(g);
        if (cell.height > 1) {
          const h = document.createElement('span');
          h.className = 'h';
          h.setAttribute('aria-hidden', 'true');
          // Drawn by the stylesheet, not as text: the cell's name says the height in
          // words ("a tower of two"), and a digit in its text would contradict it.
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

    // Enter on a piece picks it; Enter on another square drops it there.
    function activate() {
      const cell = cells[cursor];
      if (picked === null) {
        if (!cell || !cell.piece) { opts.say(cell ? cell.name : nameOf(cursor)); return; }
        picked = cursor;
        paint();
        opts.say(Hall.t('Picked {name}. Move to the target square and press Enter; Escape cancels.', { name: cell.name }));
        return;
      }
      if (picked === cursor) { picked = null; paint(); opts.say(Hall.t('Put back.')); return; }
      const from = picked, to = cursor, piece = (cells[from] || {}).piece || '';
      picked = null;
      paint();
      // Chess takes coordinates (e2e4); Tavreli's notation writes a whole stack's move
      // as from-to (part of a tower, `from(n)-to`, is typed in the Move field).
      const tavreli = opts.variant() === 'tavreli';
      let uci = nameOf(from) + (tavreli ? '-' : '') + nameOf(to);
      if (piece.toLowerCase() === 'p' && (rankOf(to) === 7 || rankOf(to) === 0) && !tavreli) uci += 'q';
      opts.move(uci);
    }

    function jumpPiece(letter, back) {
      for (let k = 1; k <= 64; k++) {
        // Reading order as the board is shown, from the cursor on.
        const [r0, c0] = toRC(cursor);
        const pos = ((r0 * 8 + c0) + (back ? -k : k) + 640) % 64;
        const i = toSq(Math.floor(pos / 8), pos % 8);
        const p = (cells[i] || {}).piece || '';
        if (p && p.toLowerCase() === letter) { move(i); return; }
      }
      opts.say(Hall.t('No {letter} on the board.', { letter: letter.toUpperCase() }));
    }

    grid.addEventListener('keydown', e => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
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

    build();
    return {
      set(newCells, lastMove) { cells = newCells || []; last = lastMove; paint(); },
      flip(f) { if (flipped !== f) { flipped = f; build(); } },
      repaint: paint,
      square: () => nameOf(cursor),
      cellName: () => (cells[cursor] || {}).name || nameOf(cursor),
    };
  }
  return { create };
})();
