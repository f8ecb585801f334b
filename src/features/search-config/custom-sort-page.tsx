/** /anyquery/service/custom-sort: the sort combinations. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import {
  customSortAttribute,
  customSortConfig,
  MAX_SORT_COMBINATIONS,
  sortCombinations,
  type CustomSortConfig,
  type SortKind,
} from '#contract/entities/search-config.ts';
import { saveCustomSortRoute, saveImshopSortRoute } from '#contract/routes/search-config.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form } from '#src/ui/form/form.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { useSaveCustomSortMutation } from './api/search-config-mutations.ts';
import { customSortQueryOptions } from './api/search-config-queries.ts';
import { SortAttributeTable } from './attribute-tables.tsx';
import { AttributePicker, useCan, useSiteId } from './parts.tsx';
import { useValueForm } from './settings-parts.tsx';

/** The regions as the operator types them: comma-separated. */
const regionList = (text: string) =>
  text
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);

/** The form holds the regions as typed; the contract's schema judges the list they make. */
const sortForm = z
  .object({ attributes: z.array(customSortAttribute), regions: z.string() })
  .transform(({ attributes, regions }) => ({ attributes, regions: regionList(regions) }))
  .pipe(customSortConfig);
type SortFormIn = z.input<typeof sortForm>;

function SortForm({ kind, stored }: { kind: SortKind; stored: CustomSortConfig }) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const canWrite = useCan((kind === 'plain' ? saveCustomSortRoute : saveImshopSortRoute).roles);
  const save = useSaveCustomSortMutation(kind, siteId);
  const value = useMemo(
    () => ({ attributes: stored.attributes, regions: stored.regions.join(', ') }),
    [stored],
  );
  const form = useValueForm(sortForm, value);
  const attributes = useController({ control: form.control, name: 'attributes' });
  const regions = useWatch({ control: form.control, name: 'regions' });
  const combinations = sortCombinations({
    attributes: attributes.field.value,
    regions: regionList(regions),
  });
  return (
    <Form className="search-config__form" form={form} onSubmit={(body) => save.mutate(body)}>
      <SortAttributeTable
        caption={t(`searchConfig.sort.${kind}`)}
        rows={attributes.field.value}
        canWrite={canWrite}
        onChange={attributes.field.onChange}
      />
      {canWrite && (
        <div className="search-config__add">
          <AttributePicker
            label={t('searchConfig.addAttribute')}
            value={null}
            withBuiltins={false}
            onChange={(attribute) =>
              attributes.field.onChange([
                ...attributes.field.value,
                { attribute, title: attribute, direction: 'ASC' },
              ])
            }
          />
        </div>
      )}
      <div className="form-grid">
        <FormTextField<SortFormIn>
          name="regions"
          label={t('searchConfig.sort.regions')}
          hint={t('searchConfig.sort.regionsHint')}
          disabled={!canWrite}
        />
      </div>
      <p
        className={
          combinations > MAX_SORT_COMBINATIONS ? 'search-config__pending' : 'search-config__muted'
        }
      >
        {t('searchConfig.sort.combinations', { count: combinations, max: MAX_SORT_COMBINATIONS })}
      </p>
      {canWrite && (
        <div className="search-config__actions">
          <Button type="submit" variant="primary">
            {t('actions.save')}
          </Button>
        </div>
      )}
    </Form>
  );
}

function SortEditor({ kind }: { kind: SortKind }) {
  const { t } = useTranslation();
  const query = useQuery(customSortQueryOptions(kind, useSiteId()));
  if (!query.data) return null;
  return (
    <section className="panel" aria-labelledby={`sort-${kind}`}>
      <h2 id={`sort-${kind}`}>{t(`searchConfig.sort.${kind}`)}</h2>
      <SortForm kind={kind} stored={query.data} />
    </section>
  );
}

export function CustomSortPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t('routes.customSort')}</h1>
      <p className="page__lead">{t('searchConfig.sort.lead')}</p>
      <SortEditor kind="plain" />
      <SortEditor kind="imshop" />
    </div>
  );
}
