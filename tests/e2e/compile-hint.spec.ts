// Every built chunk opens with V8's explicit compile hint (`eagerCompileHint` in vite.config.ts): Chromium compiles
// the functions of such a file while it streams in, off the main thread, instead of one by one at their first call
// (issue #17's offline starts). The hint only counts on the file's very first line, and adding it moves the code down
// one line, so the source map must move with it. Reads the build the other end-to-end tests run against; no browser.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { requireCurrentBuild } from '../bench/bundle';

/** V8's own words for the hint: a line comment, first in the file. */
const HINT = '//# allFunctionsCalledOnLoad';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VLQ_CONTINUATION = 32;
const VLQ_SHIFT = 5;

/** The generated columns of one line of a source map's `mappings` (each segment's first field, relative, in VLQ). */
function generatedColumns(line: string): number[] {
  const columns: number[] = [];
  let column = 0;
  for (const segment of line.split(',').filter(Boolean)) {
    let value = 0;
    let shift = 0;
    for (const character of segment) {
      const digit = BASE64.indexOf(character);
      value += (digit % VLQ_CONTINUATION) << shift;
      shift += VLQ_SHIFT;
      if (digit < VLQ_CONTINUATION) break;
    }
    column += value % 2 === 1 ? -(value >> 1) : value >> 1;
    columns.push(column);
  }
  return columns;
}

test('every built chunk starts with the compile hint, and its source map still points at its code', async () => {
  const { outDir } = await requireCurrentBuild();
  const assets = join(outDir, 'assets');
  const chunks = (await readdir(assets)).filter((file) => file.endsWith('.js'));
  expect(chunks.length).toBeGreaterThan(20);
  const misplaced: string[] = [];
  let mapped = 0;
  for (const file of chunks) {
    const lines = (await readFile(join(assets, file), 'utf8')).split('\n');
    if (lines[0] !== HINT) {
      misplaced.push(`${file}: first line ${JSON.stringify(lines[0]?.slice(0, 40))}`);
      continue;
    }
    // A chunk that only passes on another's exports has no code of its own, and no map.
    const mapFile = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(lines.join('\n'))?.[1];
    if (!mapFile) continue;
    const { mappings } = JSON.parse(await readFile(join(assets, mapFile), 'utf8')) as { mappings: string };
    mapped += 1;
    // Code moved down without its map would be read one line too high: a long minified line's columns would land on
    // the hint's short line (or Vite's preload map above the code), past its end.
    const mappedLines = mappings.split(';');
    if (mappedLines[0] !== '') misplaced.push(`${file}: its map places code on the hint's line`);
    mappedLines.forEach((segments, index) => {
      const lastColumn = Math.max(-1, ...generatedColumns(segments));
      if (lastColumn > (lines[index]?.length ?? 0)) misplaced.push(`${file}: line ${index + 1} mapped past its end`);
    });
  }
  expect(mapped).toBeGreaterThan(20);
  expect(misplaced).toEqual([]);
});
