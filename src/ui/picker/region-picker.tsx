import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { MultiPicker } from './multi-picker.tsx';

export interface RegionPickerProps {
  label?: ReactNode;
  /** Chosen region ids ('global' is the global region). */
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Every region of the site (they are few): filtered here by the typed text. */
  loadRegions: (signal: AbortSignal) => Promise<Array<{ id: string }>>;
  single?: boolean;
  disabled?: boolean;
}

/** Regions of the site's feeds, 'global' shown as the global region. */
export function RegionPicker({
  label,
  value,
  onChange,
  loadRegions,
  single,
  disabled,
}: RegionPickerProps) {
  const { t } = useTranslation();
  const name = (id: string) => (id === 'global' ? t('ui.picker.globalRegion') : id);
  return (
    <MultiPicker<string>
      label={label ?? t('ui.picker.regions')}
      value={value}
      onChange={onChange}
      single={single}
      disabled={disabled}
      search={async (query, signal) => {
        const text = query.trim().toLowerCase();
        const regions = (await loadRegions(signal)).map((region) => region.id);
        return text
          ? regions.filter(
              (id) => id.toLowerCase().includes(text) || name(id).toLowerCase().includes(text),
            )
          : regions;
      }}
      getKey={(id) => id}
      getLabel={name}
    />
  );
}
