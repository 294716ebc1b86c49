import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { WhereWeAre } from './where-we-are';

const env = vi.hoisted(() => ({ mapsApiKey: undefined as string | undefined }));
vi.mock('../../../lib/env', () => ({ env }));
const maps = vi.hoisted(() => {
  const Map = vi.fn();
  const Marker = vi.fn();
  return { Map, Marker, loadMaps: vi.fn(async () => ({ Map, Marker })) };
});
vi.mock('../maps-loader', () => ({ loadMaps: maps.loadMaps }));

/** jsdom has no layout: the test says when the section comes into view. */
let reveal: () => void = () => undefined;
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {
    reveal = () => this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
  }
  observe() {}
  disconnect() {}
}

function renderSection() {
  return render(
    <I18nProvider i18n={i18n}>
      <WhereWeAre country="mx" />
    </I18nProvider>,
  );
}

describe('WhereWeAre', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    maps.loadMaps.mockClear();
    maps.Map.mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('without a key shows the address, the hours and a link, and never asks for the maps script', () => {
    env.mapsApiKey = undefined;
    renderSection();
    expect(screen.getByText(/Av\. Presidente Masaryk 101/)).toBeTruthy();
    expect(screen.getByText('Lunes a viernes: 8:00 a 18:00')).toBeTruthy();
    const link = screen.getByRole('link', { name: /Ver cómo llegar/ });
    expect(link.getAttribute('href')).toContain('https://www.google.com/maps/search/?api=1&query=');
    act(() => reveal());
    expect(maps.loadMaps).not.toHaveBeenCalled();
  });

  it('with a key loads the map only once the section is in view, centred on the address', async () => {
    env.mapsApiKey = 'clave';
    renderSection();
    expect(maps.loadMaps).not.toHaveBeenCalled();
    await act(async () => reveal());
    expect(maps.loadMaps).toHaveBeenCalledWith('clave');
    expect(maps.Map).toHaveBeenCalledWith(expect.any(HTMLElement), expect.objectContaining({ zoom: 16 }));
    expect(screen.getByRole('region', { name: 'Mapa de Ciudad de México' })).toBeTruthy();
  });

  it('offline keeps the static address and says the map could not load', async () => {
    env.mapsApiKey = 'clave';
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderSection();
    await act(async () => reveal());
    expect(maps.loadMaps).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toContain('No pudimos cargar el mapa');
    expect(screen.getByText(/Av\. Presidente Masaryk 101/)).toBeTruthy();
  });
});
