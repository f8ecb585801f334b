import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportPlatform } from '#contract/entities/metric.ts';

const PLATFORMS: readonly ReportPlatform[] = ['ALL', 'MOBILE', 'DESKTOP'];

/** Platform selector (spec §2): all, mobile, desktop, as one radio group. */
export function PlatformSwitch({
  value,
  onChange,
}: {
  value: ReportPlatform;
  onChange: (platform: ReportPlatform) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="reports-platform">
      <legend className="ui-field__label">{t('reports.platform.label')}</legend>
      <div className="reports-platform__options">
        {PLATFORMS.map((platform) => (
          <label key={platform} className="reports-platform__option">
            <input
              type="radio"
              name={name}
              value={platform}
              checked={value === platform}
              onChange={() => onChange(platform)}
            />
            <span>{t(`reports.platform.${platform}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
