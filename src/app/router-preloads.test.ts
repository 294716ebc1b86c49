import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routes, type ScreenHandle } from './router';

const imported = vi.hoisted(() => [] as string[]);
vi.mock('../features/cart/components/add-to-cart', async (importOriginal) => {
  imported.push('add-to-cart');
  return importOriginal();
});
vi.mock('../features/favorites/components/favorite-button', async (importOriginal) => {
  imported.push('favorite-button');
  return importOriginal();
});
// The about page's code cannot be loaded the first time (offline before the service worker kept it).
const aboutLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./routes/about-route', async (importOriginal) => {
  aboutLoads.count += 1;
  if (aboutLoads.count === 1) throw new TypeError('Failed to fetch dynamically imported module');
  return importOriginal();
});

function routeAt(path: string, from: RouteObject[] = routes): RouteObject | undefined {
  for (const route of from) {
    if (route.path === path) return route;
    const found = routeAt(path, route.children ?? []);
    if (found) return found;
  }
  return undefined;
}

describe('screens that list products (issue #18)', () => {
  it('start downloading the cards’ cart and favourite controls beside their own chunk', async () => {
    const catalogue = routeAt('herramientas')?.handle as ScreenHandle | undefined;
    expect(typeof catalogue?.preload).toBe('function');
    // Only the route's own chunk is loaded here: nothing renders a card, so the controls come from the route.
    const loading = catalogue?.preload();
    await vi.waitFor(() => expect(imported).toEqual(expect.arrayContaining(['add-to-cart', 'favorite-button'])));
    await loading;
  });
});

describe('a screen whose code could not be loaded', () => {
  it('is loaded again on its next visit, not kept as failed for the page’s life', async () => {
    const about = routeAt('nosotros')?.handle as ScreenHandle | undefined;
    await expect(about?.preload()).rejects.toThrow();
    await expect(about?.preload()).resolves.toHaveProperty('default');
    expect(aboutLoads.count).toBe(2);
  });
});
