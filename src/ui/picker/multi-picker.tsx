import { useEffect, useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../select/select.tsx';
import { useAsyncOptions } from './use-async-options.ts';
import './picker.css';

export interface MultiPickerProps<T> {
  label: ReactNode;
  hint?: ReactNode;
  /** The chosen items, in the order chosen. */
  value: readonly T[];
  onChange: (value: T[]) => void;
  /** Finds items for a search text (the empty text: the first ones); pass the signal to fetch. */
  search: (query: string, signal: AbortSignal) => Promise<T[]>;
  getKey: (item: T) => string;
  getLabel: (item: T) => string;
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
  value,
  onChange,
  search,
  getKey,
  getLabel,
  single = false,
  max,
  disabled = false,
  placeholder,
}: MultiPickerProps<T>) {
  const { t } = useTranslation();
  const listId = useId();
  const { items, loading, load } = useAsyncOptions(search);
  useEffect(() => load(''), [load]);
  const chosen = new Set(value.map(getKey));
  const full = max !== undefined && value.length >= max && !single;
  return (
    <div className="ui-picker">
      <Select<string>
        label={label}
        hint={hint}
        placeholder={placeholder ?? t('ui.picker.search')}
        disabled={disabled || full}
        filterLocally={false}
        onQueryChange={load}
        loading={loading}
        value={null}
        options={items.map((item) => ({
          value: getKey(item),
          label: chosen.has(getKey(item)) ? `✓ ${getLabel(item)}` : getLabel(item),
        }))}
        onChange={(key) => {
          const item = items.find((candidate) => getKey(candidate) === key);
          if (!item) return;
          if (single) onChange([item]);
          else if (chosen.has(key)) onChange(value.filter((v) => getKey(v) !== key));
          else onChange([...value, item]);
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
