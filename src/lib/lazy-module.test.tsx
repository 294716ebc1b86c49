import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyModule, useLazyModule, usePreloadWhenIdle, type LazyModule } from './lazy-module';

vi.mock('./use-idle-after-first-paint', () => ({ useIdleAfterFirstPaint: () => true }));

const LOAD_FAILURE = new TypeError('Failed to fetch dynamically imported module');

/** What a route's error screen does: shows that the screen failed. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>falló</p> : this.props.children;
  }
}

function Screen({ module, wanted }: { module: LazyModule<{ answer: number }>; wanted: boolean }) {
  usePreloadWhenIdle(module);
  const loaded = useLazyModule(module, wanted);
  return <p>{loaded ? `respuesta ${loaded.answer}` : 'sin módulo'}</p>;
}

describe('lazyModule', () => {
  it('downloads once for every caller, and tries again after a failure', async () => {
    const importModule = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(LOAD_FAILURE)
      .mockResolvedValue({ answer: 42 });
    const module = lazyModule(importModule);
    expect(module.loaded()).toBeUndefined();
    const [first, second] = [module.load(), module.load()];
    expect(second).toBe(first);
    await expect(first).rejects.toThrow(TypeError);
    expect(module.loaded()).toBeUndefined();

    await expect(module.load()).resolves.toEqual({ answer: 42 });
    expect(module.loaded()).toEqual({ answer: 42 });
    await module.load();
    expect(importModule).toHaveBeenCalledTimes(2);
  });
});

describe('useLazyModule and usePreloadWhenIdle', () => {
  it('show nothing of a failed download ahead of time, and the screen’s failure once the module is needed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const importModule = vi.fn<() => Promise<{ answer: number }>>().mockRejectedValue(LOAD_FAILURE);
    const module = lazyModule(importModule);
    const { rerender } = render(
      <Boundary>
        <Screen module={module} wanted={false} />
      </Boundary>,
    );
    await vi.waitFor(() => expect(importModule).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(screen.getByText('sin módulo')).toBeTruthy();

    rerender(
      <Boundary>
        <Screen module={module} wanted />
      </Boundary>,
    );
    expect(await screen.findByText('falló')).toBeTruthy();
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  it('gives a module already downloaded in the very render that wants it', async () => {
    const module = lazyModule(() => Promise.resolve({ answer: 7 }));
    await module.load();
    render(<Screen module={module} wanted />);
    expect(screen.getByText('respuesta 7')).toBeTruthy();
  });
});
