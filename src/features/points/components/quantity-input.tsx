import type { InputHTMLAttributes } from 'react';
import { POINTS_MAX_QUANTITY } from '../../../lib/shared/points';

interface QuantityInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> {
  /** The text typed, kept as typed so that an empty or half-typed box is not replaced by a number. */
  value: string;
  onValueChange: (text: string) => void;
  /** The fewest units the box offers: 0 where a product may be left out. */
  min: number;
  /** The look of this use (`points-dialog__quantity`), beside the common `input`. */
  className: string;
}

/** How many units of a point product to redeem: whole numbers up to the most one redemption takes. */
export function QuantityInput({ value, onValueChange, className, ...input }: QuantityInputProps) {
  return (
    <input
      {...input}
      className={`input ${className}`}
      type="number"
      inputMode="numeric"
      max={POINTS_MAX_QUANTITY}
      step={1}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
