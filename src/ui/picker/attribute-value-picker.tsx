import { useTranslation } from 'react-i18next';
import { MultiPicker } from './multi-picker.tsx';

export interface PickedAttribute {
  name: string;
  values: string[];
}

export interface AttributeValuePickerProps {
  value: PickedAttribute | null;
  onChange: (value: PickedAttribute | null) => void;
  searchAttributes: (query: string, signal: AbortSignal) => Promise<Array<{ name: string }>>;
  /** Values of the chosen attribute, found by text. */
  searchValues: (
    attribute: string,
    query: string,
    signal: AbortSignal,
  ) => Promise<Array<{ value: string }>>;
  disabled?: boolean;
}

/** An attribute (feed param) and some of its values: two searchable pickers, the second per attribute. */
export function AttributeValuePicker({
  value,
  onChange,
  searchAttributes,
  searchValues,
  disabled,
}: AttributeValuePickerProps) {
  const { t } = useTranslation();
  const attribute = value?.name ?? null;
  return (
    <div className="ui-picker">
      <MultiPicker<{ name: string }>
        single
        label={t('ui.picker.attribute')}
        value={attribute ? [{ name: attribute }] : []}
        onChange={(chosen) => {
          const name = chosen[0]?.name ?? null;
          onChange(name ? { name, values: name === attribute ? (value?.values ?? []) : [] } : null);
        }}
        search={searchAttributes}
        getKey={(item) => item.name}
        getLabel={(item) => item.name}
        disabled={disabled}
      />
      {attribute && (
        <MultiPicker<{ value: string }>
          // A new attribute starts a new search.
          key={attribute}
          label={t('ui.picker.values', { attribute })}
          value={(value?.values ?? []).map((v) => ({ value: v }))}
          onChange={(chosen) => onChange({ name: attribute, values: chosen.map((v) => v.value) })}
          search={(query, signal) => searchValues(attribute, query, signal)}
          getKey={(item) => item.value}
          getLabel={(item) => item.value}
          disabled={disabled}
        />
      )}
    </div>
  );
}
