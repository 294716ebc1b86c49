import { useState } from 'react';

/**
 * For menus whose library is code-split: pointing at or focusing the trigger prefetches the chunk, clicking it
 * asks for the real component, which then renders already open.
 */
export function useLoadOnIntent(load: () => Promise<unknown>) {
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void load();
  return {
    wanted,
    triggerProps: { onPointerEnter: prefetch, onFocus: prefetch, onClick: () => setWanted(true) },
  };
}
