// A one-page PDF of plain text lines (PDF 1.4, the standard Helvetica fonts, WinAnsi): what the
// sandbox hands out where the real service links an invoice or a receipt it rendered. Characters
// outside Latin-1 are shown as `?`.

export interface PdfLine {
  text: string;
  /** Points; 10 by default. */
  size?: number;
  bold?: boolean;
  /** Space before the line, in points (the line's own height besides). */
  gap?: number;
  /** A second column, right-aligned at the page's right margin (amounts). */
  right?: string;
}

const WIDTH = 595;
const HEIGHT = 842;
const MARGIN = 56;

/** A PDF string literal: Latin-1 bytes, with \, ( and ) escaped. */
function literal(text: string): string {
  const latin1 = Array.from(text, (ch) => (ch.codePointAt(0)! <= 0xff ? ch : '?')).join('');
  return `(${latin1.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** Helvetica's average advance is about half the size: enough to right-align digits. */
const widthOf = (text: string, size: number) => text.length * size * 0.55;

export function textPdf(lines: PdfLine[]): Buffer {
  const ops: string[] = ['BT'];
  let y = HEIGHT - MARGIN;
  for (const line of lines) {
    const size = line.size ?? 10;
    y -= (line.gap ?? 0) + size * 1.4;
    const font = line.bold ? '/F2' : '/F1';
    ops.push(
      `${font} ${size} Tf`,
      `1 0 0 1 ${MARGIN} ${y.toFixed(1)} Tm`,
      `${literal(line.text)} Tj`,
    );
    if (line.right !== undefined) {
      const x = WIDTH - MARGIN - widthOf(line.right, size);
      ops.push(`1 0 0 1 ${x.toFixed(1)} ${y.toFixed(1)} Tm`, `${literal(line.right)} Tj`);
    }
  }
  ops.push('ET');
  const content = Buffer.from(ops.join('\n'), 'latin1');
  const font = (name: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${WIDTH} ${HEIGHT}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    font('Helvetica'),
    font('Helvetica-Bold'),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  const push = (b: Buffer) => {
    chunks.push(b);
    offset += b.length;
  };
  objects.forEach((body, i) => {
    offsets.push(offset);
    push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1'));
  });
  offsets.push(offset);
  push(
    Buffer.concat([
      Buffer.from(`6 0 obj\n<< /Length ${content.length} >>\nstream\n`, 'latin1'),
      content,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]),
  );
  const xref = offset;
  const entries = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${entries}` +
        `trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}
