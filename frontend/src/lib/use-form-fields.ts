import { type FormEvent, useCallback, useState } from 'react';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** What a form's check gives: the body to send, or the first problem of each field. */
export type Checked<T, D> = { data: D } | { errors: FieldErrors<T> };

/** What a form's fields are drawn from: the values, their problems and the way to change them. */
export interface FieldsProps<T> {
  values: T;
  errors: FieldErrors<T>;
  onChange: (update: T | ((values: T) => T)) => void;
}

/** The fields of T that hold text, and those that hold yes or no. */
type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];
type FlagKeys<T> = { [K in keyof T]: T[K] extends boolean ? K : never }[keyof T];

/**
 * The props that bind a text input to one field of a form: its value, its problem, and what is
 * typed into it (through `clean`, such as digits only). Its `onChange` takes the input's event or,
 * for the inputs that give the text itself (PhoneInput), the text.
 */
export function textField<T>(form: FieldsProps<T>, field: TextKeys<T>, clean?: (typed: string) => string) {
  return {
    value: form.values[field] as string,
    error: form.errors[field],
    onChange: (input: string | { currentTarget: { value: string } }) => {
      const typed = typeof input === 'string' ? input : input.currentTarget.value;
      form.onChange((values) => ({ ...values, [field]: clean ? clean(typed) : typed }));
    },
  };
}

/** The props that bind a checkbox or a switch to a yes-or-no field of a form (its problem too). */
export function checkboxField<T>(form: FieldsProps<T>, field: FlagKeys<T>) {
  return {
    checked: form.values[field] as boolean,
    error: form.errors[field],
    onChange: (event: { currentTarget: { checked: boolean } }) => {
      const { checked } = event.currentTarget;
      form.onChange((values) => ({ ...values, [field]: checked }));
    },
  };
}

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

  /**
   * A submit handler: checks the values as typed; shows the problems found, or clears them and
   * sends what the check gave.
   */
  const submitWith =
    <D>(check: (values: T) => Checked<T, D>, send: (data: D) => void) =>
    (event?: FormEvent) => {
      event?.preventDefault();
      const checked = check(state.values);
      if ('errors' in checked) {
        setErrors(checked.errors);
        return;
      }
      setErrors({});
      send(checked.data);
    };

  /** `textField` over this form. */
  const field = (name: TextKeys<T>, clean?: (typed: string) => string) =>
    textField({ values: state.values, errors: state.errors, onChange: change }, name, clean);

  /** `checkboxField` over this form. */
  const checkbox = (name: FlagKeys<T>) =>
    checkboxField({ values: state.values, errors: state.errors, onChange: change }, name);

  return { values: state.values, errors: state.errors, change, setErrors, submitWith, field, checkbox };
}
