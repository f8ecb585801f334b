import { useTranslation } from 'react-i18next';
import { PAGE_TYPES, WIDGET_TYPES } from '#contract/entities/config.ts';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import type ruRecsUx from '#src/locales/ru/recs-ux.json';
import { BreakpointsTable } from './breakpoints-table.tsx';
import {
  CheckField,
  NumberField,
  ScriptField,
  TextField,
} from '#src/config-studio/config-fields.tsx';
import type { BlockForm } from './block-form.ts';
import { StrategyField } from './strategy-field.tsx';

type FieldKey = keyof (typeof ruRecsUx)['fields'];

const FLAGS = [
  'enabledDesktop',
  'enabledMobile',
  'showUnavailable',
  'useRegions',
  'lazyLoad',
] as const;
const SCRIPTS = [
  'insertFunction',
  'getWrapperContainerFunction',
  'lazyLoadMarginDesktopFunction',
  'lazyLoadMarginMobileFunction',
] as const;
const DISPLAY_NUMBERS = [
  'itemsPerPageDesktop',
  'itemsPerPageMobile',
  'marginViewEventDesktop',
  'marginViewEventMobile',
] as const;
const SWIPER_FLAGS = [
  'swiperEnabled',
  'swiperPaginationEnabled',
  'categoryFilterEnabled',
  'loop',
  'rewind',
  'loopAddBlankSlides',
  'simulateTouchDesktop',
  'dynamicBulletsDesktop',
  'dynamicBulletsMobile',
  'arrowsCenterImg',
] as const;
const SWIPER_NUMBERS = [
  'slidesForSwipeDesktop',
  'slidesForSwipeMobile',
  'gapDesktop',
  'gapMobile',
  'speedDesktop',
  'speedMobile',
] as const;

/** Every field of a recommendation block (spec §3), grouped as the integrator reads them. */
export function BlockSettings({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const f = (key: FieldKey) => t(`recsUx.fields.${key}`);
  return (
    <fieldset disabled={disabled} className="config-sections">
      <fieldset className="config-section">
        <legend>{t('recsUx.sections.general')}</legend>
        <div className="form-grid">
          <TextField name="name" label={f('name')} required />
          <StrategyField label={f('strategy')} />
          <FormSelectField<BlockForm, string>
            name="pageType"
            label={f('pageType')}
            options={PAGE_TYPES.map((value) => ({ value, label: t(`fields.pageTypes.${value}`) }))}
          />
          <TextField name="placement" label={f('placement')} />
          <TextField name="oldPlacement" label={f('oldPlacement')} />
          <TextField name="message" label={f('message')} />
        </div>
        <div className="checkbox-list">
          {FLAGS.map((name) => (
            <CheckField key={name} name={name} label={f(name)} />
          ))}
        </div>
      </fieldset>

      <fieldset className="config-section">
        <legend>{t('recsUx.sections.scripts')}</legend>
        <div className="form-grid">
          {SCRIPTS.map((name) => (
            <ScriptField key={name} name={name} label={f(name)} />
          ))}
        </div>
      </fieldset>

      <fieldset className="config-section">
        <legend>{t('recsUx.sections.display')}</legend>
        <div className="form-grid">
          <FormSelectField<BlockForm, string>
            name="customSettings.widgetType"
            label={f('widgetType')}
            options={WIDGET_TYPES.map((value) => ({
              value,
              label: t(`recsUx.widgetTypes.${value}`),
            }))}
          />
          {DISPLAY_NUMBERS.map((name) => (
            <NumberField key={name} name={`customSettings.${name}`} label={f(name)} />
          ))}
        </div>
        <CheckField name="customSettings.openProductInNewTab" label={f('openProductInNewTab')} />
      </fieldset>

      <fieldset className="config-section">
        <legend>{t('recsUx.sections.swiper')}</legend>
        <div className="form-grid">
          {SWIPER_NUMBERS.map((name) => (
            <NumberField key={name} name={`customSettings.swiperOptions.${name}`} label={f(name)} />
          ))}
        </div>
        <div className="checkbox-list">
          {SWIPER_FLAGS.map((name) => (
            <CheckField key={name} name={`customSettings.swiperOptions.${name}`} label={f(name)} />
          ))}
        </div>
      </fieldset>

      <fieldset className="config-section">
        <legend>{t('recsUx.sections.breakpoints')}</legend>
        <BreakpointsTable />
      </fieldset>

      <fieldset className="config-section">
        <legend>{t('recsUx.sections.infinityList')}</legend>
        <div className="form-grid">
          <NumberField
            name="customSettings.infinityListOptions.stepCountPageDesktop"
            label={f('stepCountPageDesktop')}
          />
          <NumberField
            name="customSettings.infinityListOptions.stepCountPageMobile"
            label={f('stepCountPageMobile')}
          />
        </div>
        <CheckField
          name="customSettings.infinityListOptions.infiniteListMode"
          label={f('infiniteListMode')}
        />
      </fieldset>
    </fieldset>
  );
}
