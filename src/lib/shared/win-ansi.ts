// The text the standard PDF fonts (Helvetica) can draw: WinAnsi, i.e. Latin-1 plus the typographic characters it
// places in 0x80–0x9F. One encoder for both PDF writers: the prescription's (pdf-lib, ./prescription-pdf) and the
// library's text documents (server/src/documents/pdf.ts, which writes the bytes itself).

/** The characters WinAnsi places in 0x80–0x9F (Latin-1's control codes there are not drawable), with their codes. */
const WIN_ANSI_EXTRAS = new Map<string, number>([
  ['€', 0x80],
  ['‚', 0x82],
  ['ƒ', 0x83],
  ['„', 0x84],
  ['…', 0x85],
  ['†', 0x86],
  ['‡', 0x87],
  ['ˆ', 0x88],
  ['‰', 0x89],
  ['Š', 0x8a],
  ['‹', 0x8b],
  ['Œ', 0x8c],
  ['Ž', 0x8e],
  ['‘', 0x91],
  ['’', 0x92],
  ['“', 0x93],
  ['”', 0x94],
  ['•', 0x95],
  ['–', 0x96],
  ['—', 0x97],
  ['˜', 0x98],
  ['™', 0x99],
  ['š', 0x9a],
  ['›', 0x9b],
  ['œ', 0x9c],
  ['ž', 0x9e],
  ['Ÿ', 0x9f],
]);
const UNKNOWN_CHARACTER = '?';

function drawable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

/**
 * Spanish text fits WinAnsi; anything else (emoji, other scripts, control characters) would make pdf-lib throw or
 * draw garbage, so it becomes '?'. A tab becomes a space; decomposed accents are composed first.
 */
export function toWinAnsi(text: string): string {
  let result = '';
  for (const char of text.normalize('NFC')) {
    if (char === '\t') result += ' ';
    else result += drawable(char) ? char : UNKNOWN_CHARACTER;
  }
  return result;
}

/** The WinAnsi bytes of `text` (see `toWinAnsi`), for a PDF string written by hand. */
export function winAnsiBytes(text: string): number[] {
  return [...toWinAnsi(text)].map((char) => WIN_ANSI_EXTRAS.get(char) ?? char.codePointAt(0) ?? 0);
}
