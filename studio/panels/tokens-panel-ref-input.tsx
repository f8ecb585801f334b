/** A text input that offers token paths while a `{reference}` is being typed. */
import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { insertReference, referenceAt, suggestReferences } from './tokens-panel-model.ts';

export interface RefInputProps {
  value: string;
  onChange: (value: string) => void;
  paths: readonly string[];
  ariaLabel: string;
  invalid?: boolean;
  readOnly?: boolean;
  describedBy?: string;
  suggestionsLabel: string;
}

export function RefInput({
  value,
  onChange,
  paths,
  ariaLabel,
  invalid,
  readOnly,
  describedBy,
  suggestionsLabel,
}: RefInputProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [highlight, setHighlight] = useState(0);
  const [closed, setClosed] = useState(false);

  const ref = caret === null || closed ? null : referenceAt(value, caret);
  const options = ref ? suggestReferences(paths, ref.query) : [];
  const open = options.length > 0;
  const active = Math.min(highlight, options.length - 1);

  const pick = (path: string) => {
    if (!ref || caret === null) return;
    const next = insertReference(value, ref.start, caret, path);
    onChange(next.text);
    setCaret(null);
    requestAnimationFrame(() => input.current?.setSelectionRange(next.caret, next.caret));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((active + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      const path = options[active];
      if (path === undefined) return;
      event.preventDefault();
      pick(path);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setClosed(true);
    }
  };

  return (
    <span className="vitrina-ref-input">
      <input
        ref={input}
        type="text"
        className="ui-input vitrina-ref-input__control"
        value={value}
        role="combobox"
        aria-label={ariaLabel}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        aria-activedescendant={open ? `${id}-opt-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        spellCheck={false}
        readOnly={readOnly}
        onChange={(event) => {
          setClosed(false);
          setHighlight(0);
          setCaret(event.target.selectionStart);
          onChange(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setCaret(null)}
      />
      {open && (
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={suggestionsLabel}
          className="vitrina-ref-input__list"
        >
          {options.map((path, i) => (
            <li
              key={path}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className="vitrina-ref-input__option"
              // mousedown: before the input's blur closes the list
              onMouseDown={(event) => {
                event.preventDefault();
                pick(path);
              }}
            >
              {path}
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
