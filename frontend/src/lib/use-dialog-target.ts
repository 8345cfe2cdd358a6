import { useCallback, useState } from 'react';

/**
 * What a dialog acts on (the plan being edited, the location being removed). Closing keeps the last
 * target, so the dialog's content stays in place while it animates out.
 */
export function useDialogTarget<T>() {
  const [state, setState] = useState<{ target: T | null; opened: boolean }>({ target: null, opened: false });
  const open = useCallback((target: T) => setState({ target, opened: true }), []);
  const close = useCallback(() => setState((current) => ({ ...current, opened: false })), []);
  return { target: state.target, opened: state.opened, open, close };
}

/**
 * The props of a dialog opened on a target (`useDialogTarget`): the target under its own name
 * (`plan`, `contract`), null before the first opening, and whether it shows.
 */
export type TargetDialogProps<Name extends string, T> = { [K in Name]: T | null } & {
  opened: boolean;
  onClose: () => void;
};
