import { afterEach, describe, expect, it, vi } from 'vitest';

type MapsWindow = Window & { google?: unknown; __dispensarioMapsReady?: () => void };

// Each test gets a fresh module: the loader keeps the page's one script in module state.
async function freshLoader() {
  vi.resetModules();
  return import('./maps-loader');
}

describe('maps loader', () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((script) => script.remove());
    delete (window as MapsWindow).google;
    vi.useRealTimers();
  });

  it('asks the provider with the configured key, asynchronously, in Spanish', async () => {
    const { mapsScriptUrl } = await freshLoader();
    const url = new URL(mapsScriptUrl('clave 123', 'es'));
    expect(url.searchParams.get('key')).toBe('clave 123');
    expect(url.searchParams.get('loading')).toBe('async');
    expect(url.searchParams.get('language')).toBe('es');
  });

  it('adds one script for all the maps of a page and resolves when the provider calls back', async () => {
    const { loadMaps } = await freshLoader();
    const first = loadMaps('k');
    const second = loadMaps('k');
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    const api = { Map: vi.fn(), Marker: vi.fn() };
    (window as MapsWindow).google = { maps: api };
    (window as MapsWindow).__dispensarioMapsReady?.();
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
  });

  it('fails (so the static address stays) when the script cannot load, and tries again next time', async () => {
    const { loadMaps, MAPS_SCRIPT_TIMEOUT_MS } = await freshLoader();
    vi.useFakeTimers();
    const failed = loadMaps('k');
    const assertion = expect(failed).rejects.toThrow('No se pudo cargar el mapa');
    await vi.advanceTimersByTimeAsync(MAPS_SCRIPT_TIMEOUT_MS);
    await assertion;
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    void loadMaps('k').catch(() => undefined);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });
});
