import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue #20: features depend on each other in one direction only. Lint already keeps a feature out of another's
// components and atoms and refuses module cycles; this reads every import between features and refuses a cycle of
// features (a pair that imports each other included), which no module-level rule sees.

const FEATURES = resolve(__dirname, '../features');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Which features each feature's production code imports. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(FEATURES)) {
    const from = relative(FEATURES, file).split('/')[0] ?? '';
    const targets = graph.get(from) ?? new Set<string>();
    graph.set(from, targets);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = relative(FEATURES, resolve(file, '..', specifier ?? ''));
      const feature = target.startsWith('..') ? undefined : target.split('/')[0];
      if (feature && feature !== from) targets.add(feature);
    }
  }
  return graph;
}

/** A cycle of features as a list of names, or undefined. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const done = new Set<string>();
  const visit = (feature: string, path: string[]): string[] | undefined => {
    if (path.includes(feature)) return [...path.slice(path.indexOf(feature)), feature];
    if (done.has(feature)) return undefined;
    for (const next of graph.get(feature) ?? []) {
      const cycle = visit(next, [...path, feature]);
      if (cycle) return cycle;
    }
    done.add(feature);
    return undefined;
  };
  for (const feature of graph.keys()) {
    const cycle = visit(feature, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('feature boundaries', () => {
  it('has no cycle of features, so each feature can be read and changed without the ones that use it', () => {
    const graph = featureGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(findCycle(graph)).toBeUndefined();
  });

  it('finds a cycle when two features import each other', () => {
    const graph = new Map([
      ['patients', new Set(['prescriptions'])],
      ['prescriptions', new Set(['patients'])],
    ]);
    expect(findCycle(graph)).toEqual(['patients', 'prescriptions', 'patients']);
  });
});
