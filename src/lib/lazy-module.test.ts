import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('downloads once for every caller, and tries again after a failure', async () => {
    const importModule = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
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
