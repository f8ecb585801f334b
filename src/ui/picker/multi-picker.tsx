import { useEffect, useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../select/select.tsx';
import { useAsyncOptions } from './use-async-options.ts';
import './picker.css';

export interface MultiPickerProps<T> {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the search box, which is then marked invalid (a form field's refusal). */
  error?: ReactNode;
  /** The chosen items, in the order chosen. */
  value: readonly T[];
  onChange: (value: T[]) => void;
  /** Finds items for a search text (the empty text: the first ones); pass the signal to fetch. */
  search: (query: string, signal: AbortSignal) => Promise<T[]>;
  getKey: (item: T) => string;
  getLabel: (item: T) => string;
  /** The list's text for an item when it differs from the chosen item's (`getLabel`). */
  getOptionLabel?: (item: T) => string;
  /** A muted note beside an item in the list (how many products it has). */
  getNote?: (item: T) => string | undefined;
  /** A picture beside an item in the list: its address, null for an item without one. */
  getPicture?: (item: T) => string | null | undefined;
  /**
   * Lets a typed text be chosen as it is (an id the search does not list): Enter adds the item
   * made of it unless the list shows options found for that very text, one of them highlighted.
   */
  addTyped?: (text: string) => T;
  /** Keep one item at most (choosing another replaces it). */
  single?: boolean;
  /** At most this many items. */
  max?: number;
  disabled?: boolean;
  placeholder?: string;
}

/**
 * Choose catalog items found on the server: a searchable combobox (typing searches, arrows and
 * Enter choose) and the chosen items as a list with a remove button each.
 */
export function MultiPicker<T>({
  label,
  hint,
  error,
  value,
  onChange,
  search,
  getKey,
  getLabel,
  getOptionLabel = getLabel,
  getNote,
  getPicture,
  addTyped,
  single = false,
  max,
  disabled = false,
  placeholder,
}: MultiPickerProps<T>) {
  const { t } = useTranslation();
  const listId = useId();
  const { items, loading, load, loadedFor } = useAsyncOptions(search);
  useEffect(() => load(''), [load]);
  const chosen = new Set(value.map(getKey));
  const full = max !== undefined && value.length >= max && !single;
  const choose = (item: T) => {
    const key = getKey(item);
    if (single) onChange([item]);
    else if (chosen.has(key)) onChange(value.filter((v) => getKey(v) !== key));
    else onChange([...value, item]);
  };
  // Enter takes the typed text unless a highlighted option was found for that very text.
  const takeTyped = (typed: string, highlighted: boolean) => {
    const text = typed.trim();
    if (!addTyped || (highlighted && (!text || (!loading && loadedFor === text)))) return false;
    if (text && !chosen.has(text)) choose(addTyped(text));
    if (text) load('');
    return true;
  };
  return (
    <div className="ui-picker">
      <Select<string>
        label={label}
        hint={hint}
        error={error}
        placeholder={placeholder ?? t('ui.picker.search')}
        disabled={disabled || full}
        filterLocally={false}
        onQueryChange={load}
        onEnterText={takeTyped}
        loading={loading}
        value={null}
        options={items.map((item) => {
          const picture = getPicture?.(item);
          const note = getNote?.(item);
          return {
            value: getKey(item),
            label: chosen.has(getKey(item)) ? `✓ ${getOptionLabel(item)}` : getOptionLabel(item),
            ...(picture !== undefined && {
              icon: (
                <img
                  src={picture ?? undefined}
                  alt=""
                  width={32}
                  height={32}
                  className="ui-picker__thumb"
                />
              ),
            }),
            ...(note !== undefined && { note }),
          };
        })}
        onChange={(key) => {
          const item = items.find((candidate) => getKey(candidate) === key);
          if (item) choose(item);
        }}
      />
      {value.length > 0 && (
        <ul className="ui-picker__chosen" aria-label={t('ui.picker.chosen')} id={listId}>
          {value.map((item) => (
            <li key={getKey(item)} className="ui-picker__chip">
              <span>{getLabel(item)}</span>
              {!disabled && (
                <button
                  type="button"
                  className="ui-picker__remove"
                  aria-label={t('ui.picker.remove', { name: getLabel(item) })}
                  onClick={() => onChange(value.filter((v) => getKey(v) !== getKey(item)))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
