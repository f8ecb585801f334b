import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MultiPicker } from './multi-picker.tsx';

export interface PickedAttribute {
  name: string;
  values: string[];
}

/** An attribute or a value as found, with how many products carry it (shown beside it). */
interface Found {
  products?: number;
}

export interface AttributeValuePickerProps {
  value: PickedAttribute | null;
  onChange: (value: PickedAttribute | null) => void;
  searchAttributes: (
    query: string,
    signal: AbortSignal,
  ) => Promise<Array<{ name: string } & Found>>;
  /** Values of the chosen attribute, found by text. */
  searchValues: (
    attribute: string,
    query: string,
    signal: AbortSignal,
  ) => Promise<Array<{ value: string } & Found>>;
  /** @default «Атрибут» */
  attributeLabel?: ReactNode;
  /** @default «Значения атрибута «name»» */
  valuesLabel?: ReactNode;
  placeholder?: string;
  /** A form's refusals of the attribute and of its values. */
  errors?: { attribute?: ReactNode; values?: ReactNode };
  /** Lets an attribute or a value be typed and added with Enter (one the search does not list). */
  addTyped?: boolean;
  disabled?: boolean;
}

const noteOf = (item: Found) => (item.products === undefined ? undefined : String(item.products));

/** An attribute (feed param) and some of its values: two searchable pickers, the second per attribute. */
export function AttributeValuePicker({
  value,
  onChange,
  searchAttributes,
  searchValues,
  attributeLabel,
  valuesLabel,
  placeholder,
  errors,
  addTyped = false,
  disabled,
}: AttributeValuePickerProps) {
  const { t } = useTranslation();
  const attribute = value?.name ?? null;
  return (
    <div className="ui-picker">
      <MultiPicker<{ name: string } & Found>
        single
        label={attributeLabel ?? t('ui.picker.attribute')}
        error={errors?.attribute}
        placeholder={placeholder}
        value={attribute ? [{ name: attribute }] : []}
        onChange={(chosen) => {
          const name = chosen[0]?.name ?? null;
          onChange(name ? { name, values: name === attribute ? (value?.values ?? []) : [] } : null);
        }}
        search={searchAttributes}
        getKey={(item) => item.name}
        getLabel={(item) => item.name}
        getNote={noteOf}
        {...(addTyped && { addTyped: (text: string) => ({ name: text }) })}
        disabled={disabled}
      />
      {attribute && (
        <MultiPicker<{ value: string } & Found>
          // A new attribute starts a new search.
          key={attribute}
          label={valuesLabel ?? t('ui.picker.values', { attribute })}
          error={errors?.values}
          placeholder={placeholder}
          value={(value?.values ?? []).map((v) => ({ value: v }))}
          onChange={(chosen) => onChange({ name: attribute, values: chosen.map((v) => v.value) })}
          search={(query, signal) => searchValues(attribute, query, signal)}
          getKey={(item) => item.value}
          getLabel={(item) => item.value}
          getNote={noteOf}
          {...(addTyped && { addTyped: (text: string) => ({ value: text }) })}
          disabled={disabled}
        />
      )}
    </div>
  );
}
