import { useCallback, useState } from 'react';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/**
 * A form's values and the problems found the last time it was checked. Changing a field drops its
 * problem (the message no longer describes what is typed); the others stay until the next check.
 */
export function useFormFields<T extends object>(initial: T | (() => T)) {
  const [state, setState] = useState(() => ({
    values: typeof initial === 'function' ? (initial as () => T)() : initial,
    errors: {} as FieldErrors<T>,
  }));

  const change = useCallback((update: T | ((values: T) => T)) => {
    setState(({ values, errors }) => {
      const next = typeof update === 'function' ? (update as (values: T) => T)(values) : update;
      const remaining = { ...errors };
      for (const key of Object.keys(next) as (keyof T)[]) if (next[key] !== values[key]) delete remaining[key];
      return { values: next, errors: remaining };
    });
  }, []);

  const setErrors = useCallback((errors: FieldErrors<T>) => setState((current) => ({ ...current, errors })), []);

  return { values: state.values, errors: state.errors, change, setErrors };
}
