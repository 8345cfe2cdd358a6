import { useState } from 'react';

/**
 * True from the first render in which `value` is true, and from then on. A lazily loaded dialog is
 * fetched the first time it is needed and, once there, stays mounted (so it can animate out).
 */
export function useLatched(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}
