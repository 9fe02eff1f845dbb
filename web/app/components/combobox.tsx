import { useEffect, useId, useMemo, useRef, useState } from 'react';
import './form.css';
import './combobox.css';

export type ComboOption = { value: string; label: string };

type Props = {
  name: string;
  label: string;
  options: ComboOption[];
  value: ComboOption | null;
  onChange: (option: ComboOption | null) => void;
  /** With no list to choose from (or none loaded), whatever is typed is the value. */
  allowFreeText?: boolean;
  disabled?: boolean;
  loading?: boolean;
  placeholder?: string;
  error?: string;
  required?: boolean;
};

/** How many matches are drawn at once; typing narrows long lists (a state can have thousands of cities). */
const SHOWN = 80;

/**
 * A searchable select (the WAI-ARIA 1.2 combobox with a list box): type to filter, arrows to move, Enter to
 * choose, Escape to close. The chosen label is submitted in a hidden field named `name`.
 */
export function Combobox({ name, label, options, value, onChange, allowFreeText = false, disabled, loading, placeholder, error, required }: Props) {
  const id = `field-${name}`;
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const statusId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [filtering, setFiltering] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => setText(value?.label ?? ''), [value]);

  const matches = useMemo(() => {
    if (!filtering || !text.trim()) return options;
    const needle = text.trim().toLowerCase();
    const starts = options.filter((option) => option.label.toLowerCase().startsWith(needle));
    const contains = options.filter((option) => !option.label.toLowerCase().startsWith(needle) && option.label.toLowerCase().includes(needle));
    return [...starts, ...contains];
  }, [options, text, filtering]);
  const shown = matches.slice(0, SHOWN);
  const freeText = allowFreeText || options.length === 0;

  const choose = (option: ComboOption) => {
    onChange(option);
    setText(option.label);
    setOpen(false);
    setFiltering(false);
    setActive(-1);
  };

  /** When focus leaves: an exact match is chosen, free text is kept where allowed, anything else reverts. */
  const commit = () => {
    setOpen(false);
    setFiltering(false);
    const typed = text.trim();
    if (typed === (value?.label ?? '')) return;
    const exact = options.find((option) => option.label.toLowerCase() === typed.toLowerCase());
    if (exact) choose(exact);
    else if (!typed) onChange(null);
    else if (freeText) onChange({ value: typed, label: typed });
    else setText(value?.label ?? '');
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(Math.max(0, shown.findIndex((option) => option.value === value?.value)));
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 ? 0 : Math.min(shown.length - 1, Math.max(0, current + step))));
    } else if (event.key === 'Enter') {
      if (open && shown[active]) {
        event.preventDefault();
        choose(shown[active]);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setText(value?.label ?? '');
      }
    }
  };

  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, listId]);

  const describedBy = [statusId, error ? errorId : ''].filter(Boolean).join(' ');
  const status = loading ? 'Loading the list…' : open ? `${matches.length} ${matches.length === 1 ? 'match' : 'matches'}${matches.length > SHOWN ? `, the first ${SHOWN} shown: keep typing to narrow` : ''}` : '';

  return (
    <div className={`field combobox${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="combobox-control">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 && shown[active] ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          disabled={disabled}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFiltering(true);
            setOpen(true);
            setActive(-1);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={commit}
        />
        <button
          type="button"
          className="combobox-toggle"
          tabIndex={-1}
          aria-label={`Show the ${label.toLowerCase()} list`}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            setOpen((current) => !current);
            setFiltering(false);
            input.current?.focus();
          }}
        >
          <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
            <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </div>
      <ul id={listId} role="listbox" aria-label={label} className="combobox-list" hidden={!open || shown.length === 0}>
        {shown.map((option, index) => (
          <li
            key={`${option.value}-${index}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={option.value === value?.value}
            className={index === active ? 'active' : undefined}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
          >
            {option.label}
          </li>
        ))}
      </ul>
      <p id={statusId} className="visually-hidden" aria-live="polite">
        {status}
      </p>
      {error && (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      )}
      <input type="hidden" name={name} value={freeText ? text.trim() : (value?.label ?? '')} />
    </div>
  );
}
