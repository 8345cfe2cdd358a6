/**
 * Plain A4 documents the app hands to people (receipts, signed contracts): a title, blocks of
 * text and labelled fields, and a footer on every page. Standard PDF fonts (Helvetica), whose
 * WinAnsi encoding covers Portuguese; nothing is fetched or embedded.
 */

export type PdfBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'fields'; rows: readonly (readonly [label: string, value: string])[] }
  | { kind: 'emphasis'; text: string }
  | { kind: 'signature'; lines: readonly string[] }
  | { kind: 'space' };

export interface PdfContent {
  title: string;
  /** Under the title, smaller (a number, a date). */
  subtitle?: string;
  /** Document metadata: who issued it. */
  author: string;
  blocks: readonly PdfBlock[];
  /** Small print at the bottom of every page (a hash, when it was issued). */
  footer?: string;
}

const MARGIN = 56;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const RULE = '#ced4da';

/** What the standard fonts' WinAnsi encoding can show, besides Latin-1's printable range. */
const WIN_ANSI_EXTRAS = new Set('–—‘’“”•…€');

/** Characters outside WinAnsi (emoji, other scripts) become '?' instead of breaking the text run. */
const printable = (text: string) =>
  [...text]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      const latin1 =
        code === 10 || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
      return latin1 || WIN_ANSI_EXTRAS.has(char) ? char : '?';
    })
    .join('');

export async function renderPdf(content: PdfContent): Promise<Buffer> {
  // Loaded when the first document is made: most processes never make one, and it is a fifth of
  // the API's start-up.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 24, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: content.title, Author: content.author, Creator: 'Vira' },
    lang: 'pt-BR',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(18).text(printable(content.title), { width });
  if (content.subtitle) {
    doc.moveDown(0.2).font('Helvetica').fontSize(10).fillColor(MUTED);
    doc.text(printable(content.subtitle), { width });
  }
  doc.moveDown(0.6);
  rule(doc, width);

  for (const block of content.blocks) {
    switch (block.kind) {
      case 'heading':
        doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(INK);
        doc.text(printable(block.text), { width });
        doc.moveDown(0.3);
        break;
      case 'paragraph':
        doc.font('Helvetica').fontSize(10.5).fillColor(INK);
        doc.text(printable(block.text), { width, align: 'justify', lineGap: 2 });
        doc.moveDown(0.6);
        break;
      case 'emphasis':
        doc.font('Helvetica-Bold').fontSize(11).fillColor(INK);
        doc.text(printable(block.text), { width, lineGap: 2 });
        doc.moveDown(0.6);
        break;
      case 'fields':
        for (const [label, value] of block.rows) {
          const top = doc.y;
          doc.font('Helvetica').fontSize(9.5).fillColor(MUTED);
          doc.text(printable(label), MARGIN, top, { width: 150 });
          const labelBottom = doc.y;
          doc.font('Helvetica').fontSize(10.5).fillColor(INK);
          doc.text(printable(value), MARGIN + 160, top, { width: width - 160 });
          doc.y = Math.max(doc.y, labelBottom) + 4;
          doc.x = MARGIN;
        }
        doc.moveDown(0.4);
        break;
      case 'signature':
        doc.moveDown(2);
        rule(doc, 240);
        doc.moveDown(0.3).font('Helvetica').fontSize(10).fillColor(INK);
        for (const line of block.lines) doc.text(printable(line), { width });
        doc.moveDown(0.6);
        break;
      case 'space':
        doc.moveDown(1);
        break;
    }
  }

  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index++) {
    doc.switchToPage(pages.start + index);
    const bottom = doc.page.height - MARGIN;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    const footer = [content.footer, `Página ${index + 1} de ${pages.count}`]
      .filter(Boolean)
      .join('   ·   ');
    // Written inside the bottom margin: no automatic page break.
    doc.text(printable(footer), MARGIN, bottom, {
      width,
      align: 'center',
      lineBreak: true,
      height: 30,
    });
  }
  doc.end();
  return finished;
}

function rule(doc: PDFKit.PDFDocument, length: number): void {
  const y = doc.y;
  doc
    .save()
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + length, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  doc.restore();
  doc.moveDown(0.5);
}
