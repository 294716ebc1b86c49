import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Whether this visit has gone past the screen it started on. Stays true once it has, also back on the first screen.
 */
export function useSecondScreen(): boolean {
  const { key } = useLocation();
  const [firstKey] = useState(key);
  const [reached, setReached] = useState(false);
  // Derived from the location during render, as React advises for state that follows a prop: no effect, no flash.
  if (!reached && key !== firstKey) setReached(true);
  return reached || key !== firstKey;
}
