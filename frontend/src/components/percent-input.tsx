import { NumberInput, type NumberInputProps } from '@mantine/core';

export interface PercentInputProps extends Omit<NumberInputProps, 'value' | 'onChange'> {
  /** A whole percentage, or '' while the field is being retyped. */
  value: number | '';
  onChange: (value: number | '') => void;
}

/**
 * A whole percentage 0–100 that edits like a number: entering the field selects its figure, so
 * typing 60 over 80 gives 60 (never 8060%), and nothing above 100 gets in.
 */
export function PercentInput({ value, onChange, onFocusCapture, onMouseDown, ...props }: PercentInputProps) {
  return (
    <NumberInput
      suffix="%"
      min={0}
      max={100}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="strict"
      {...props}
      value={value}
      onChange={(typed) => onChange(typeof typed === 'number' ? typed : '')}
      // In the capture, not onFocus: the number field calls onFocus from a timer, which a slow
      // phone runs after the first key typed, selecting it to be replaced by the second (60 -> "0").
      onFocusCapture={(event) => {
        event.currentTarget.select();
        onFocusCapture?.(event);
      }}
      onMouseDown={(event) => {
        // A click would put the caret where it lands: the field is focused (and so selected) here instead.
        const input = event.currentTarget;
        if (document.activeElement !== input) {
          event.preventDefault();
          input.focus();
        }
        onMouseDown?.(event);
      }}
    />
  );
}
