import { useTranslation } from 'react-i18next';
import {
  CARD_TYPES,
  CONTENT_LANGUAGES,
  POSITIONS,
  TEMPLATE_NAMES,
  TEMPLATE_VERSIONS,
  TOKENS_API_TYPES,
  WIDTH_MODES,
  type SearchConfigInput,
} from '#contract/entities/config.ts';
import { FormCheckboxField, FormField, FormTextField } from '#src/ui/form/form-field.tsx';
import { FormSelectField } from '#src/ui/form/form-select-field.tsx';
import { useFormContext } from 'react-hook-form';
import type { SearchUxKind } from '../lib/search-ux-kind.ts';
import { HooksEditor } from './hooks-editor.tsx';
import { TypesAcOrder } from './types-ac-order.tsx';

type Values = SearchConfigInput;

const SELECTORS = [
  'input',
  'openButton',
  'appendElem',
  'container',
  'submit',
  'secondHeader',
  'position',
] as const;

const FLAGS = [
  'treeFacets',
  'digiInputDesktop',
  'digiInputMobile',
  'devTools',
  'fixMetaViewport',
  'disableRouter',
  'showSimilar',
  'showAutocompleteProducts',
  'forIs',
  'useCategoryPrediction',
  'serpEnabled',
] as const;

const options = <V extends string>(values: readonly V[], label: (value: V) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="search-ux__section">
      <legend className="search-ux__legend">{title}</legend>
      <div className="form-grid">{children}</div>
    </fieldset>
  );
}

/** Every field of spec §3 (the autocomplete screen shows its blocks first) for an instant search / autocomplete / search config, with §5 hints. */
export function SettingsForm({ kind }: { kind: SearchUxKind }) {
  const { t } = useTranslation();
  const { register } = useFormContext<Values>();
  const f = (key: string) => t(`ux.fields.${key}` as never);
  const cs = (key: string) => t(`ux.fields.customSettings.${key}` as never);

  const autocompleteSection = (
    <Section title={t('ux.sections.autocomplete')}>
      <TypesAcOrder />
      <FormSelectField<Values, (typeof WIDTH_MODES)[number]>
        name="customSettings.acWidthType"
        label={cs('acWidthType')}
        options={options(WIDTH_MODES, (mode) => t(`ux.widthModes.${mode}`))}
      />
      <FormSelectField<Values, (typeof CARD_TYPES)[number]>
        name="customSettings.cardType"
        label={cs('cardType')}
        options={options(CARD_TYPES, (type) => t(`ux.cardTypes.${type}`))}
      />
      <FormCheckboxField<Values> name="customSettings.withContent" label={cs('withContent')} />
      <FormTextField<Values>
        name="customSettings.contentsSize"
        type="number"
        label={cs('contentsSize')}
        hint={t('ux.hints.contentsSize')}
      />
      <FormTextField<Values>
        name="customSettings.topBrands"
        type="number"
        label={cs('topBrands')}
        hint={t('ux.hints.topBrands')}
      />
      <FormTextField<Values>
        name="customSettings.topCategories"
        type="number"
        label={cs('topCategories')}
        hint={t('ux.hints.topBrands')}
      />
    </Section>
  );

  return (
    <div className="search-ux__settings">
      <Section title={t('ux.sections.general')}>
        <FormCheckboxField<Values> name="enabled" label={f('enabled')} />
        <FormCheckboxField<Values> name="mobileEnabled" label={f('mobileEnabled')} />
      </Section>

      {kind === 'autocomplete' && autocompleteSection}

      <Section title={t('ux.sections.selectors')}>
        {SELECTORS.map((name) => (
          <FormTextField<Values>
            key={name}
            name={`selectors.${name}`}
            label={f(`selectors.${name}`)}
            hint={t('ux.hints.selector')}
          />
        ))}
      </Section>

      <Section title={t('ux.sections.behaviour')}>
        <FormTextField<Values>
          name="strategyIS"
          label={f('strategyIS')}
          hint={t('ux.hints.strategy')}
        />
        <FormTextField<Values>
          name="strategyAC"
          label={f('strategyAC')}
          hint={t('ux.hints.strategy')}
        />
        <FormTextField<Values>
          name="throttle"
          type="number"
          label={f('throttle')}
          hint={t('ux.hints.throttle')}
        />
        <FormTextField<Values>
          name="throttleAutocomplete"
          type="number"
          label={f('throttleAutocomplete')}
          hint={t('ux.hints.throttleAutocomplete')}
        />
        <FormTextField<Values>
          name="pagination.pageSize"
          type="number"
          label={f('pagination.pageSize')}
          hint={t('ux.hints.pageSize')}
        />
        <FormCheckboxField<Values>
          name="pagination.isInfinite"
          label={f('pagination.isInfinite')}
        />
        <FormField<Values>
          name="zeroSearchPredicate"
          label={f('zeroSearchPredicate')}
          hint={
            <>
              {t('ux.hints.zeroSearchPredicate')}{' '}
              <code>{'return response.totalHits < 3 || query.length < 2'}</code>
            </>
          }
        >
          {(control) => (
            <textarea
              className="ui-input search-ux__code"
              rows={3}
              spellCheck={false}
              {...control}
              {...register('zeroSearchPredicate')}
            />
          )}
        </FormField>
      </Section>

      <Section title={t('ux.sections.availability')}>
        <FormTextField<Values>
          name="unavailableMultiplier"
          type="number"
          label={f('unavailableMultiplier')}
          hint={t('ux.hints.unavailableMultiplier')}
        />
        <FormCheckboxField<Values> name="showUnavailable" label={f('showUnavailable')} />
        <FormCheckboxField<Values> name="showUnavailableIS" label={f('showUnavailableIS')} />
        <FormCheckboxField<Values> name="showUnavailableAC" label={f('showUnavailableAC')} />
      </Section>

      <Section title={t('ux.sections.flags')}>
        {FLAGS.map((name) => (
          <FormCheckboxField<Values> key={name} name={name} label={f(name)} />
        ))}
      </Section>

      {kind !== 'autocomplete' && autocompleteSection}

      <Section title={t('ux.sections.custom')}>
        <FormTextField<Values>
          name="customSettings.searchPageUrl"
          label={cs('searchPageUrl')}
          type="url"
        />
        <FormSelectField<Values, (typeof TEMPLATE_NAMES)[number]>
          name="customSettings.templateName"
          label={cs('templateName')}
          options={options(TEMPLATE_NAMES, (name) => t(`ux.templateNames.${name}`))}
        />
        <FormSelectField<Values, (typeof TEMPLATE_VERSIONS)[number]>
          name="customSettings.templateVersion"
          label={cs('templateVersion')}
          options={options(TEMPLATE_VERSIONS, (version) => t('ux.templateVersion', { version }))}
        />
        <FormTextField<Values> name="customSettings.apiTypeAC" label={cs('apiTypeAC')} />
        <FormTextField<Values> name="customSettings.apiTypeIS" label={cs('apiTypeIS')} />
        <FormCheckboxField<Values>
          name="customSettings.masterTemplate"
          label={cs('masterTemplate')}
        />
        <FormCheckboxField<Values> name="customSettings.autoUpdate" label={cs('autoUpdate')} />
        <FormCheckboxField<Values> name="customSettings.customStyles" label={cs('customStyles')} />
      </Section>

      <Section title={t('ux.sections.content')}>
        <FormSelectField<Values, (typeof CONTENT_LANGUAGES)[number]>
          name="customSettings.contentLanguage"
          label={cs('contentLanguage')}
          options={options(CONTENT_LANGUAGES, (lang) => t(`ux.contentLanguages.${lang}`))}
        />
      </Section>

      <Section title={t('ux.sections.tokens')}>
        <FormTextField<Values> name="customSettings.tokensURL" label={cs('tokensURL')} type="url" />
        <FormSelectField<Values, (typeof TOKENS_API_TYPES)[number]>
          name="customSettings.tokensApiType"
          label={cs('tokensApiType')}
          hint={t('ux.hints.tokensApiType')}
          options={options(TOKENS_API_TYPES, (type) => t(`ux.tokensApiTypes.${type}`))}
        />
      </Section>

      <Section title={t('ux.sections.mobile')}>
        <FormSelectField<Values, (typeof POSITIONS)[number]>
          name="customSettings.mobilePositionType"
          label={cs('mobilePositionType')}
          options={options(POSITIONS, (position) => t(`ux.positions.${position}`))}
        />
        <FormCheckboxField<Values> name="customSettings.responsive" label={cs('responsive')} />
        <FormTextField<Values>
          name="customSettings.mobileBreakpoint"
          type="number"
          label={cs('mobileBreakpoint')}
          hint={t('ux.hints.mobileBreakpoint')}
        />
      </Section>

      <Section title={t('ux.sections.extras')}>
        <FormCheckboxField<Values>
          name="customSettings.speechRecognition"
          label={cs('speechRecognition')}
        />
        <FormTextField<Values>
          name="customSettings.speechRecognitionLanguage"
          label={cs('speechRecognitionLanguage')}
        />
        <FormCheckboxField<Values>
          name="customSettings.recommendationsOnZeroResults"
          label={cs('recommendationsOnZeroResults')}
        />
        <FormTextField<Values>
          name="customSettings.recommendationsOnZeroPlacement"
          label={cs('recommendationsOnZeroPlacement')}
        />
        <FormCheckboxField<Values>
          name="customSettings.personalization"
          label={cs('personalization')}
        />
      </Section>

      <Section title={t('ux.sections.hooks')}>
        <HooksEditor />
      </Section>
    </div>
  );
}
