import { inflateSync } from 'node:zlib';

/** Windows-1252's 0x80–0x9F (where it differs from Latin-1); Node's decoders treat them as controls. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const winAnsi = (bytes: Buffer) =>
  [...bytes]
    .map((byte) =>
      byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte),
    )
    .join('');

/**
 * The text of a PDF the app rendered (pdfkit, standard fonts): every content stream inflated, the
 * hex strings of its TJ operators decoded as WinAnsi, one line per text object. Enough to assert
 * what a reader of our own receipts and contracts sees; not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const dictionary = source.slice(source.lastIndexOf('<<', match.index), match.index);
    let content = pdf.subarray(start, end);
    if (dictionary.includes('/FlateDecode')) {
      try {
        content = inflateSync(content);
      } catch {
        continue; // an image or font program, not text
      }
    }
    const text = content.toString('latin1');
    for (const object of text.split(/\bET\b/)) {
      const runs = [...object.matchAll(/\[(.*?)\]\s*TJ/gs)].map(([, array]) =>
        [...array.matchAll(/<([0-9a-fA-F]*)>/g)]
          .map(([, hex]) => winAnsi(Buffer.from(hex, 'hex')))
          .join(''),
      );
      if (runs.length > 0) lines.push(runs.join(''));
    }
  }
  return lines.join('\n');
}

/** How many pages the PDF has. */
export const pdfPageCount = (pdf: Buffer): number =>
  (pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? []).length;
