// node scripts/ansi-svg.mjs < screen.txt > docs/picture.svg: a terminal's screen, as tmux
// `capture-pane -e -p` prints it (text with SGR colour escapes), drawn as an SVG — one <text>
// per line, a <tspan> per run of one style, each placed at its column so braille and block
// characters line up whatever the font's fallback widths. Bold, dim and the 16 colours (and
// 256-colour foregrounds) are kept; other escapes are dropped. Each run is stretched to its
// cells' width (textLength) and every word is placed at its column, so braille and blocks from
// a fallback font stay where the terminal showed them.
//
// Options: --title <text> (the window's title bar), --cols <n> (default: the widest line).
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};

const CELL_W = 8.4;
const CELL_H = 18;
const PAD = 16;
const BAR = 28;
const FG = '#d4d4d4';
const BG = '#1e1e1e';
// xterm's 16 colours, as VS Code's dark theme draws them.
const PALETTE = [
  '#000000',
  '#cd3131',
  '#0dbc79',
  '#e5e510',
  '#2472c8',
  '#bc3fbc',
  '#11a8cd',
  '#e5e5e5',
  '#666666',
  '#f14c4c',
  '#23d18b',
  '#f5f543',
  '#3b8eea',
  '#d670d6',
  '#29b8db',
  '#ffffff',
];

function color256(n) {
  if (n < 16) return PALETTE[n];
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return `rgb(${v},${v},${v})`;
  }
  const c = n - 16;
  const level = (x) => (x === 0 ? 0 : 55 + x * 40);
  return `rgb(${level(Math.floor(c / 36))},${level(Math.floor(c / 6) % 6)},${level(c % 6)})`;
}

/** One line → runs of { text, style } with their starting column. */
function runs(line) {
  const out = [];
  let style = { fg: null, bold: false, dim: false };
  let col = 0;
  let text = '';
  let start = 0;
  const flush = () => {
    if (text) out.push({ text, col: start, ...style });
    text = '';
    start = col;
  };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: reading escapes is the point
  const parts = line.split(/(\x1b\[[0-9;?]*[A-Za-z])/);
  for (const part of parts) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: reading escapes is the point
    const m = /^\x1b\[([0-9;]*)m$/.exec(part);
    if (m) {
      flush();
      const codes = m[1] === '' ? [0] : m[1].split(';').map(Number);
      style = { ...style };
      for (let i = 0; i < codes.length; i++) {
        const c = codes[i];
        if (c === 0) style = { fg: null, bold: false, dim: false };
        else if (c === 1) style.bold = true;
        else if (c === 2) style.dim = true;
        else if (c === 22) style = { ...style, bold: false, dim: false };
        else if (c >= 30 && c <= 37) style.fg = PALETTE[c - 30];
        else if (c >= 90 && c <= 97) style.fg = PALETTE[c - 90 + 8];
        else if (c === 39) style.fg = null;
        else if (c === 38 && codes[i + 1] === 5) {
          style.fg = color256(codes[i + 2]);
          i += 2;
        }
      }
      continue;
    }
    // biome-ignore lint/suspicious/noControlCharactersInRegex: other escapes are dropped
    if (/^\x1b/.test(part)) continue;
    for (const ch of part) {
      text += ch;
      col++;
    }
  }
  flush();
  return { runs: out, width: col };
}

/** Blocks, box drawing and braille only. */
const GRAPHIC = /^[\u2500-\u259f\u2800-\u28ff]+$/u;

/** A run split at its blanks: each word placed at its own column, runs of graphics kept whole. */
function chunks(run) {
  const out = [];
  let col = run.col;
  for (const piece of run.text.split(/( +)/)) {
    const width = [...piece].length;
    if (piece.trim()) out.push({ ...run, text: piece, col });
    col += width;
  }
  return out;
}

const xml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const input = readFileSync(0, 'utf8').replace(/\n+$/, '');
const lines = input.split('\n').map(runs);
const cols = Number(opt('--cols', Math.max(...lines.map((l) => l.width))));
const title = opt('--title', '');
const width = Math.ceil(cols * CELL_W + PAD * 2);
const height = Math.ceil(lines.length * CELL_H + PAD * 2 + BAR);

const body = lines
  .map((line, row) => {
    const y = BAR + PAD + (row + 1) * CELL_H - 5;
    const spans = line.runs
      .flatMap(chunks)
      .map((r) => {
        const attrs = [`x="${(PAD + r.col * CELL_W).toFixed(1)}"`];
        // Blocks and braille are as wide as their cells, whatever widths the font gives them.
        if (GRAPHIC.test(r.text)) {
          const cells = [...r.text].length;
          attrs.push(
            `textLength="${(cells * CELL_W).toFixed(1)}"`,
            'lengthAdjust="spacingAndGlyphs"',
          );
        }
        if (r.fg) attrs.push(`fill="${r.fg}"`);
        if (r.bold) attrs.push('font-weight="bold"');
        if (r.dim) attrs.push('opacity="0.6"');
        return `<tspan ${attrs.join(' ')}>${xml(r.text)}</tspan>`;
      })
      .join('');
    return spans ? `  <text y="${y}">${spans}</text>` : '';
  })
  .filter(Boolean)
  .join('\n');

process.stdout.write(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="100%" height="100%" rx="8" fill="${BG}"/>
  <circle cx="20" cy="14" r="6" fill="#ff5f56"/><circle cx="40" cy="14" r="6" fill="#ffbd2e"/><circle cx="60" cy="14" r="6" fill="#27c93f"/>
  <text x="${width / 2}" y="19" fill="#8a8a8a" font-family="sans-serif" font-size="12" text-anchor="middle">${xml(title)}</text>
  <g font-family="'DejaVu Sans Mono', 'Menlo', 'Consolas', monospace" font-size="14" fill="${FG}" xml:space="preserve">
${body}
  </g>
</svg>
`);
