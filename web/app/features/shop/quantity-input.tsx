import { useEffect, useState } from 'react';
import { clampQuantity, MAX_QUANTITY } from './cart';
import './quantity-input.css';

/**
 * Spec §2: a quantity with minus and plus buttons and a number field, starting at 1 and never below 1.
 * The field may be emptied while typing; it settles on a valid number when it loses focus.
 */
type Props = {
  id: string;
  label: string;
  /** Said to screen readers after the label (which item this quantity is for), not shown. */
  hiddenLabel?: string;
  value: number;
  onChange: (quantity: number) => void;
};

export function QuantityInput({ id, label, hiddenLabel = '', value, onChange }: Props) {
  const name = `${label}${hiddenLabel}`.toLowerCase();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);

  const commit = (raw: string) => {
    const next = clampQuantity(Number(raw));
    setText(String(next));
    if (next !== value) onChange(next);
  };

  return (
    <div className="quantity">
      <label htmlFor={id}>
        {label}
        {hiddenLabel && <span className="visually-hidden">{hiddenLabel}</span>}
      </label>
      <div className="quantity-controls">
        <button type="button" onClick={() => onChange(clampQuantity(value - 1))} disabled={value <= 1} aria-label={`Decrease ${name}`}>
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          step={1}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            const typed = Number(event.target.value);
            if (event.target.value !== '' && Number.isInteger(typed) && typed >= 1 && typed <= MAX_QUANTITY) onChange(typed);
          }}
          onBlur={(event) => commit(event.target.value)}
        />
        <button type="button" onClick={() => onChange(clampQuantity(value + 1))} disabled={value >= MAX_QUANTITY} aria-label={`Increase ${name}`}>
          +
        </button>
      </div>
    </div>
  );
}
