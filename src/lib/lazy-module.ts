import { useEffect, useState } from 'react';
import { useIdleAfterFirstPaint } from './use-idle-after-first-paint';

/** Code a screen loads when it first needs it (a later step's checks, say), downloaded once per page. */
export interface LazyModule<T> {
  /** Starts the download, or joins the one under way; a failed download is tried again by the next call. */
  load: () => Promise<T>;
  /** The module once it is here. */
  loaded: () => T | undefined;
}

export function lazyModule<T>(importModule: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: () =>
      (loading ??= importModule().then(
        (module) => (loaded = module),
        (error: unknown) => {
          // A later attempt (a reload, the connection back) tries again.
          loading = undefined;
          throw error;
        },
      )),
    loaded: () => loaded,
  };
}

/**
 * The module, or undefined until it is here; it is asked for once `wanted`. Code that cannot be loaded fails the
 * route, whose screen offers to reload.
 */
export function useLazyModule<T>(module: LazyModule<T>, wanted: boolean): T | undefined {
  const [arrived, setArrived] = useState(module.loaded);
  const [failure, setFailure] = useState<{ error: unknown }>();
  // Downloaded meanwhile by another screen or ahead of time (`usePreloadWhenIdle`): here at once, with no render
  // waiting for an effect.
  const value = arrived ?? module.loaded();
  useEffect(() => {
    if (!wanted || value) return;
    let current = true;
    module.load().then(
      (here) => current && setArrived(() => here),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [module, wanted, value]);
  if (failure) throw failure.error;
  return value;
}

/**
 * Downloads the module once the page is painted and idle, so that the control needing it (a form's 'Nuevo paciente',
 * the builder's next step) answers at once. A failure here shows nothing: it is reported if and when the module is
 * needed, which tries again.
 */
export function usePreloadWhenIdle(module: LazyModule<unknown>): void {
  const idle = useIdleAfterFirstPaint();
  useEffect(() => {
    if (idle) module.load().catch(() => undefined);
  }, [idle, module]);
}
