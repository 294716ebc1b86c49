import { describe, expect, it } from 'vitest';
import { toWinAnsi, winAnsiBytes } from './win-ansi';

describe('WinAnsi', () => {
  it('keeps Spanish and the typographic characters, and makes anything else a question mark', () => {
    expect(toWinAnsi('Niño ✓ “ok”')).toBe('Niño ? “ok”');
    expect(toWinAnsi('a\tb\u0085c 😀')).toBe('a b?c ?');
    // A decomposed accent (n + combining tilde) is composed, not lost.
    expect(toWinAnsi('nin\u0303o')).toBe('niño');
  });

  it('gives Latin-1 characters their own byte and the typographic ones their WinAnsi code', () => {
    expect(winAnsiBytes('Guía — “€”')).toEqual([0x47, 0x75, 0xed, 0x61, 0x20, 0x97, 0x20, 0x93, 0x80, 0x94]);
    expect(winAnsiBytes('✓')).toEqual([0x3f]);
  });
});
