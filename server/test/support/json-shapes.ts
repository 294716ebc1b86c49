// The shape of a JSON body and how two shapes differ, for the contract between the msw handlers and the server
// (msw-contract.test.ts, where the rules are written out).

export interface Shape {
  /** typeof of the values seen ('null' included); empty for an array with no elements. */
  types: Set<string>;
  /** For objects: each key's shape and whether every object seen had it. */
  keys?: Map<string, { shape: Shape; always: boolean }>;
  /** For arrays: the union of the elements' shapes (undefined when every array seen was empty). */
  items?: Shape;
}

export function shapeOf(value: unknown): Shape {
  if (value === null) return { types: new Set(['null']) };
  if (Array.isArray(value)) {
    const items = value
      .map(shapeOf)
      .reduce<Shape | undefined>((union, next) => (union ? merge(union, next) : next), undefined);
    return { types: new Set(['array']), items };
  }
  if (typeof value === 'object') {
    const keys = new Map(Object.entries(value).map(([key, child]) => [key, { shape: shapeOf(child), always: true }]));
    return { types: new Set(['object']), keys };
  }
  return { types: new Set([typeof value]) };
}

function merge(a: Shape, b: Shape): Shape {
  const types = new Set([...a.types, ...b.types]);
  let keys: Shape['keys'];
  if (a.keys || b.keys) {
    keys = new Map();
    for (const key of new Set([...(a.keys?.keys() ?? []), ...(b.keys?.keys() ?? [])])) {
      const left = a.keys?.get(key);
      const right = b.keys?.get(key);
      // A key missing from an object of the other side (not from a non-object such as null) is not always there.
      const shape = left && right ? merge(left.shape, right.shape) : (left ?? right)!.shape;
      const always = Boolean(left?.always ?? !a.keys) && Boolean(right?.always ?? !b.keys);
      keys.set(key, { shape, always });
    }
  }
  const items = a.items && b.items ? merge(a.items, b.items) : (a.items ?? b.items);
  return { types, keys, items };
}

export function differences(mock: Shape, server: Shape, path: string): string[] {
  const mockTypes = [...mock.types].filter((type) => type !== 'null');
  const serverTypes = [...server.types].filter((type) => type !== 'null');
  if (mockTypes.length === 0 || serverTypes.length === 0) return [];
  if (mockTypes.some((type) => !server.types.has(type))) {
    return [`${path}: mock ${mockTypes.join('|')}, server ${serverTypes.join('|')}`];
  }
  const found: string[] = [];
  if (mock.keys && server.keys) {
    for (const [key, entry] of mock.keys) {
      const other = server.keys.get(key);
      if (!other) found.push(`${path}.${key}: only in the mock`);
      else found.push(...differences(entry.shape, other.shape, `${path}.${key}`));
    }
    for (const [key, entry] of server.keys) {
      if (entry.always && !mock.keys.has(key)) found.push(`${path}.${key}: the server always sends it, the mock never`);
    }
  }
  if (mock.items && server.items) found.push(...differences(mock.items, server.items, `${path}[]`));
  return found;
}
