import { FloatingPortal, autoUpdate, flip, offset, size, useFloating } from '@floating-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, describedBy, fieldIds } from '../field/field.tsx';
import { Spinner } from '../spinner/spinner.tsx';

export interface SelectOption<V extends string | number> {
  value: V;
  label: string;
  disabled?: boolean;
  /** Drawn before the label in the list (a product's picture); the label stays its name. */
  icon?: ReactNode;
  /** A muted note after the label in the list (how many products a brand has). */
  note?: string;
}

export interface SelectProps<V extends string | number> {
  options: ReadonlyArray<SelectOption<V>>;
  value: V | null;
  onChange: (value: V, option: SelectOption<V>) => void;
  label?: ReactNode;
  /** Accessible name when there is no visible label. */
  ariaLabel?: string;
  hint?: ReactNode;
  error?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  /** Typing filters the options. @default true */
  searchable?: boolean;
  /** Filter options by label here; turn off when the server filters. @default true */
  filterLocally?: boolean;
  /** Search text for server-side search, debounced by `queryDebounceMs`. */
  onQueryChange?: (query: string) => void;
  /** @default 300 */
  queryDebounceMs?: number;
  loading?: boolean;
  /**
   * Text shown for the chosen value when it is not among `options` (server-side search
   * whose results no longer hold the selected item).
   */
  selectedLabel?: string;
  /**
   * Enter on the typed text, before the highlighted option is chosen: return true when the text
   * was taken (it is cleared; the form around is not submitted).
   */
  onEnterText?: (text: string, highlighted: boolean) => boolean;
  /** @default 'There are no options available or your filter query is too specific' */
  emptyText?: string;
  id?: string;
  className?: string;
}

const matches = (label: string, query: string) =>
  label.toLowerCase().includes(query.trim().toLowerCase());

/** A searchable single-choice select (ARIA combobox + listbox), keyboard-usable. */
export function Select<V extends string | number>({
  options,
  value,
  onChange,
  label,
  ariaLabel,
  hint,
  error,
  placeholder,
  disabled = false,
  required = false,
  searchable = true,
  filterLocally = true,
  onQueryChange,
  queryDebounceMs = 300,
  loading = false,
  emptyText,
  selectedLabel,
  onEnterText,
  id,
  className,
}: SelectProps<V>) {
  const { t } = useTranslation();
  const autoId = useId();
  const ids = fieldIds(id ?? autoId);
  const listId = `${ids.controlId}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const { floatingStyles, ...floating } = useFloating({
    open,
    placement: 'bottom-start',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip(),
      size({
        apply: ({ rects, elements }) => {
          elements.floating.style.minWidth = `${rects.reference.width}px`;
        },
      }),
    ],
  });
  const { setReference, setFloating } = floating.refs;

  const selected = options.find((option) => option.value === value);
  const visible = useMemo(
    () =>
      query && filterLocally
        ? options.filter((option) => matches(option.label, query))
        : [...options],
    [options, query, filterLocally],
  );

  useEffect(() => {
    if (!onQueryChange || query === null) return;
    const timer = setTimeout(() => onQueryChange(query), queryDebounceMs);
    return () => clearTimeout(timer);
  }, [query, onQueryChange, queryDebounceMs]);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector('[data-active="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active, open]);

  const openList = () => {
    if (disabled) return;
    const index = visible.findIndex((option) => option.value === value);
    setActive(Math.max(index, 0));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (option: SelectOption<V> | undefined) => {
    if (!option || option.disabled) return;
    onChange(option.value, option);
    close();
  };
  const move = (step: number) => {
    if (!open) return openList();
    if (visible.length === 0) return;
    setActive((current) => (current + step + visible.length) % visible.length);
  };

  const hasError = error !== undefined && error !== null && error !== false;
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <Field
      ids={ids}
      label={label}
      hint={hint}
      error={hasError ? error : undefined}
      required={required}
      className={className}
    >
      <div className="ui-select__control" ref={setReference}>
        <input
          id={ids.controlId}
          className="ui-input"
          role="combobox"
          aria-label={label === undefined ? ariaLabel : undefined}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete={searchable ? 'list' : 'none'}
          aria-activedescendant={open && visible[active] ? optionId(active) : undefined}
          aria-invalid={hasError || undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(ids, hint !== undefined, hasError)}
          autoComplete="off"
          readOnly={!searchable}
          disabled={disabled}
          placeholder={placeholder ?? t('ui.select.placeholder')}
          value={query ?? selected?.label ?? (value === null ? '' : (selectedLabel ?? ''))}
          onClick={() => (open ? undefined : openList())}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onBlur={close}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') move(1);
            else if (event.key === 'ArrowUp') move(-1);
            else if (event.key === 'Home' && open) setActive(0);
            else if (event.key === 'End' && open) setActive(Math.max(visible.length - 1, 0));
            else if (
              event.key === 'Enter' &&
              onEnterText?.(query ?? '', open && visible[active] !== undefined)
            )
              setQuery(null);
            else if (event.key === 'Enter' && open) choose(visible[active]);
            else if (event.key === ' ' && !searchable && !open) openList();
            else if (event.key === ' ' && !searchable) choose(visible[active]);
            else if (event.key === 'Escape' && open) {
              close();
              // the Escape closed the list: a dialog around the select stays open
              event.stopPropagation();
            } else return;
            event.preventDefault();
          }}
        />
        <span className="ui-select__chevron" aria-hidden="true">
          {loading ? <Spinner size="sm" decorative /> : '▾'}
        </span>
      </div>
      <FloatingPortal>
        <div
          ref={setFloating}
          className="ui-popover"
          style={{ ...floatingStyles, display: open ? undefined : 'none' }}
          // Keep focus in the input: clicks on options or the scrollbar must not blur it.
          onMouseDown={(event) => event.preventDefault()}
        >
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={label === undefined ? ariaLabel : undefined}
            aria-labelledby={label === undefined ? undefined : ids.labelId}
            className="ui-select__list"
          >
            {visible.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                className="ui-select__option"
                aria-selected={option.value === value}
                aria-disabled={option.disabled || undefined}
                data-active={index === active}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(option)}
              >
                {option.icon}
                {option.label}
                {option.note && <span className="ui-select__note">{option.note}</span>}
              </li>
            ))}
          </ul>
          {visible.length === 0 && !loading && (
            <div className="ui-select__empty" role="status">
              {emptyText ?? t('ui.select.empty')}
            </div>
          )}
        </div>
      </FloatingPortal>
    </Field>
  );
}
