/** The search attribute screens: /anyquery/search/search-attributes and the attribute sets (regional, response, SKU, grouping). */
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  searchAttributes,
  SETTING_SCHEMAS,
  type AttributeSet,
  type SearchAttributes,
} from '#contract/entities/search-config.ts';
import type { Product } from '#contract/public/product.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form } from '#src/ui/form/form.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { previewSearchAttributes } from './api/search-config-mutations.ts';
import { SearchAttributeTable } from './attribute-tables.tsx';
import { AttributePicker, RebuildPanel, useSiteId } from './parts.tsx';
import { useSetting, useValueForm, SaveBar, LiveBadge, ProductList } from './settings-parts.tsx';

export function SearchAttributesPage() {
  const { value } = useSetting('attributes');
  if (!value) return <div className="page" />;
  return <SearchAttributesForm value={value} />;
}

function SearchAttributesForm({ value }: { value: SearchAttributes }) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const { query, canWrite, save, reset } = useSetting('attributes');
  const form = useValueForm(searchAttributes, value);
  const {
    field: { value: rows, onChange: setRows },
  } = useController({ control: form.control, name: 'attributes' });
  const [st, setSt] = useState('');
  const [preview, setPreview] = useState<{ live: Product[]; draft: Product[] } | null>(null);
  return (
    <div className="page">
      <h1>{t('routes.searchAttributes')}</h1>
      <p className="page__lead">{t('searchConfig.searchAttributes.lead')}</p>
      <LiveBadge live={query.data?.live} />
      <Form className="search-config__form" form={form} onSubmit={(v) => save.mutate(v)}>
        <SearchAttributeTable
          caption={t('routes.searchAttributes')}
          rows={rows}
          canWrite={canWrite}
          onChange={setRows}
        />
        {canWrite && (
          <div className="search-config__add">
            <AttributePicker
              label={t('searchConfig.addAttribute')}
              value={null}
              withBuiltins
              exclude={rows.map((r) => r.name)}
              onChange={(name) => setRows([...rows, { name, weight: 10 }])}
            />
          </div>
        )}
        <SaveBar
          canWrite={canWrite}
          custom={query.data?.custom ?? false}
          onReset={() => reset.mutate()}
        />
      </Form>
      <section className="panel" aria-labelledby="preview-title">
        <h2 id="preview-title">{t('searchConfig.preview.title')}</h2>
        <p className="page__lead">{t('searchConfig.preview.lead')}</p>
        <div className="search-config__add">
          <TextInput
            label={t('searchConfig.preview.query')}
            value={st}
            onChange={setSt}
            onEnter={() => undefined}
          />
          <Button
            disabled={!st.trim() || siteId === null}
            // The draft is checked as a save would check it; a refused one is said in the form.
            onClick={form.handleSubmit(async (attributes) =>
              setPreview(await previewSearchAttributes(siteId!, { st, attributes })),
            )}
          >
            {t('searchConfig.preview.run')}
          </Button>
        </div>
        {preview && (
          <div className="search-config__preview">
            <ProductList title={t('searchConfig.preview.live')} products={preview.live} />
            <ProductList title={t('searchConfig.preview.draft')} products={preview.draft} />
          </div>
        )}
      </section>
      <RebuildPanel />
    </div>
  );
}

const SET_KEYS = {
  regional: 'regionalAttributes',
  response: 'responseAttributes',
  sku: 'skuAttributes',
  lowercase: 'lowercaseAttributes',
  group: 'groupRepresentativeAttributes',
} as const;

function AttributeSetEditor({ which }: { which: keyof typeof SET_KEYS }) {
  const { value } = useSetting(SET_KEYS[which]);
  if (!value) return null;
  return <AttributeSetForm which={which} value={value} />;
}

function AttributeSetForm({ which, value }: { which: keyof typeof SET_KEYS; value: AttributeSet }) {
  const { t } = useTranslation();
  const key = SET_KEYS[which];
  const { query, canWrite, save, reset } = useSetting(key);
  const form = useValueForm(SETTING_SCHEMAS[key], value);
  const {
    field: { value: draft, onChange: setDraft },
  } = useController({ control: form.control, name: 'attributes' });
  return (
    <section className="panel" aria-labelledby={`set-${which}`}>
      <h2 id={`set-${which}`}>{t(`searchConfig.sets.${which}.title`)}</h2>
      <p className="page__lead">{t(`searchConfig.sets.${which}.lead`)}</p>
      <LiveBadge live={query.data?.live} />
      {draft.length === 0 && <p className="search-config__muted">{t('searchConfig.none')}</p>}
      <ul className="search-config__chips">
        {draft.map((name) => (
          <li key={name}>
            {name}
            {canWrite && (
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('searchConfig.removeAttribute', { name })}
                onClick={() => setDraft(draft.filter((n) => n !== name))}
              >
                ×
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Form className="search-config__form" form={form} onSubmit={(v) => save.mutate(v)}>
        {canWrite && (
          <div className="search-config__add">
            <AttributePicker
              label={t('searchConfig.addAttribute')}
              value={null}
              withBuiltins={false}
              exclude={draft}
              allowNew={which === 'regional'}
              onChange={(name) => setDraft([...draft, name])}
            />
          </div>
        )}
        <SaveBar
          canWrite={canWrite}
          custom={query.data?.custom ?? false}
          onReset={() => reset.mutate()}
        />
      </Form>
    </section>
  );
}

export function AttributeSetPage({
  title,
  sets,
  rebuild,
}: {
  title: `routes.${'regionalAttributes' | 'responseAttributes' | 'skuAttributes' | 'groupingConfig'}`;
  sets: (keyof typeof SET_KEYS)[];
  rebuild?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t(title)}</h1>
      {sets.map((which) => (
        <AttributeSetEditor key={which} which={which} />
      ))}
      {rebuild && <RebuildPanel />}
    </div>
  );
}
