import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { useScrollRestoration } from './use-scroll-restoration';

/** jsdom has no layout: the window's scroll position is what the page last scrolled to. */
let scrolled = 0;

function Page() {
  useScrollRestoration();
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  return (
    <div>
      <p>{`${pathname}${hash}`}</p>
      <h2 id="indicaciones">Indicaciones</h2>
      <button type="button" onClick={() => void navigate('/co/herramientas/magnesio')}>
        Producto
      </button>
      <button type="button" onClick={() => void navigate('/co/herramientas/magnesio#indicaciones')}>
        Indicaciones
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Atrás
      </button>
    </div>
  );
}

function scrollPageTo(top: number) {
  scrolled = top;
  fireEvent.scroll(window);
}

beforeEach(() => {
  scrolled = 0;
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrolled);
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, y: number) => {
    scrolled = y;
  }) as typeof window.scrollTo);
});

const scrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');

afterEach(() => {
  sessionStorage.clear();
  if (scrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', scrollIntoView);
  else delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('scroll restoration', () => {
  it('opens a new page at its top, and Back returns to where the previous page was left', async () => {
    render(
      <MemoryRouter initialEntries={['/co/herramientas']}>
        <Page />
      </MemoryRouter>,
    );
    scrollPageTo(1200);
    await act(async () => screen.getByRole('button', { name: 'Producto' }).click());
    expect(await screen.findByText('/co/herramientas/magnesio')).toBeTruthy();
    expect(scrolled).toBe(0);
    scrollPageTo(300);
    await act(async () => screen.getByRole('button', { name: 'Atrás' }).click());
    expect(await screen.findByText('/co/herramientas')).toBeTruthy();
    expect(scrolled).toBe(1200);
  });

  it('opens an address with an anchor at that anchor, and keeps the positions for a reload of the tab', async () => {
    const intoView = vi.fn();
    Element.prototype.scrollIntoView = intoView;
    render(
      <MemoryRouter initialEntries={['/co/herramientas']}>
        <Page />
      </MemoryRouter>,
    );
    scrollPageTo(800);
    await act(async () => screen.getByRole('button', { name: 'Indicaciones' }).click());
    expect(await screen.findByText('/co/herramientas/magnesio#indicaciones')).toBeTruthy();
    expect(intoView).toHaveBeenCalledTimes(1);
    fireEvent(window, new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem('scroll-positions') ?? '[]')).toContainEqual([expect.any(String), 800]);
  });
});

describe('a document loaded in the tab', () => {
  /** The hook as a new document has it: its module evaluated again, reading what the last one saved. */
  async function loadDocument(path: string, navigation: 'navigate' | 'reload') {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: navigation } as unknown as PerformanceNavigationTiming,
    ]);
    vi.resetModules();
    const { useScrollRestoration: useRestoration } = await import('./use-scroll-restoration');
    function Opened() {
      useRestoration();
      return <p>{useLocation().pathname}</p>;
    }
    const view = render(
      <MemoryRouter initialEntries={[path]}>
        <Opened />
      </MemoryRouter>,
    );
    expect(await screen.findByText(path)).toBeTruthy();
    return view;
  }

  /** Where the person leaves the page before the tab loads another document. */
  function leaveAt(top: number, view: ReturnType<typeof render>) {
    scrollPageTo(top);
    fireEvent(window, new Event('pagehide'));
    view.unmount();
  }

  it('opens a newly opened address at its top, wherever the previous document was left', async () => {
    leaveAt(1500, await loadDocument('/co/herramientas', 'navigate'));
    await loadDocument('/co/iniciar-sesion', 'navigate');
    expect(scrolled).toBe(0);
  });

  it('reads the tab’s storage only to return or to save, and keeps what earlier documents left', async () => {
    leaveAt(1500, await loadDocument('/co/herramientas', 'navigate'));
    const read = vi.spyOn(Storage.prototype, 'getItem');
    const opened = await loadDocument('/co/articulos', 'navigate');
    scrollPageTo(300);
    expect(read).not.toHaveBeenCalled();
    leaveAt(300, opened);
    expect(read).toHaveBeenCalledWith('scroll-positions');
    const stored = JSON.parse(sessionStorage.getItem('scroll-positions') ?? '[]') as [string, number][];
    expect(stored.map(([, top]) => top)).toEqual([1500, 300]);
  });

  it('opens the same address at its top when it is opened again, and where it was left when it is reloaded', async () => {
    leaveAt(700, await loadDocument('/co/articulos', 'navigate'));
    const openedAgain = await loadDocument('/co/articulos', 'navigate');
    expect(scrolled).toBe(0);
    leaveAt(900, openedAgain);
    await loadDocument('/co/articulos', 'reload');
    expect(scrolled).toBe(900);
  });
});
