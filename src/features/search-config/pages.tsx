/**
 * The search configuration screens: part 1 §2 /anyquery/search/{search-attributes,
 * regional-attributes, response-attributes, sku-attributes, sku-config, grouping-config,
 * job-config}, /anyquery/service/{facet-attributes, custom-sort} and /site/api-config.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  apiParams,
  CONTENT_QUANTITY,
  customSortConfig,
  MAX_SORT_COMBINATIONS,
  REPRESENTATIVE_STRATEGIES,
  searchAttributes,
  SETTING_SCHEMAS,
  SKU_TYPES,
  sortCombinations,
  THRESHOLD_RANGES,
  type ApiParams,
  type AttributeSet,
  type FacetAttribute,
  type SearchAttributes,
  type SettingKey,
  type SkuConfig,
  type SkuRepresentativeConfig,
} from '#contract/entities/search-config.ts';
import type { Product } from '#contract/public/product.ts';
import { catalogAllCategoriesRoute } from '#contract/routes/catalog-lookups.ts';
import {
  autocompleteJobRoute,
  autocompleteJobStartRoute,
  facetApplyRoute,
  facetCalculateRoute,
  facetProgressRoute,
  facetResetRoute,
  facetSuggestedRoute,
  getCustomSortRoute,
  getImshopSortRoute,
  previewRefreshRoute,
  saveAutocompleteJobRoute,
  saveCustomSortRoute,
  saveImshopSortRoute,
  SETTING_ROUTES,
} from '#contract/routes/search-config.ts';
import { api } from '#src/lib/api.ts';
import { searchConfigKeys } from './api/keys.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { Select } from '#src/ui/select/select.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { SearchAttributeTable, SortAttributeTable } from './attribute-tables.tsx';
import { FacetAttributeTable } from './facet-attribute-table.tsx';
import { FacetDiffPanel, useRefreshFacets } from './facet-panels.tsx';
import { FacetTree } from './facet-tree.tsx';
import {
  AttributePicker,
  Issues,
  issuesOf,
  JobLine,
  RebuildPanel,
  useCan,
  useJobStatus,
  useSiteId,
} from './parts.tsx';

/**
 * An editable copy of a value the server holds: starts as the value, and starts again whenever
 * the server's value changes (a save, a reset, a refetch).
 */
function useDraft<T>(source: T | undefined): [T | null, (next: T) => void] {
  const [state, setState] = useState<{ source: T | undefined; draft: T | null }>({
    source,
    draft: source ?? null,
  });
  if (state.source !== source) {
    setState({ source, draft: source ?? null });
    return [source ?? null, (draft) => setState({ source, draft })];
  }
  return [state.draft, (draft) => setState({ source, draft })];
}

/** One setting: the stored value, a draft, save and reset. */
function useSetting<K extends SettingKey>(key: K) {
  const siteId = useSiteId();
  const client = useQueryClient();
  const routes = SETTING_ROUTES[key];
  const query = useQuery({
    queryKey: searchConfigKeys.setting(key, siteId),
    enabled: siteId !== null,
    queryFn: () => api(routes.get, { query: { siteId: siteId! } }, { overlay: false }),
  });
  const canWrite = useCan(routes.save.roles);
  const save = async (value: unknown) => {
    const next = await api(
      routes.save as never,
      {
        query: { siteId: siteId! },
        body: value,
      } as never,
    );
    client.setQueryData(searchConfigKeys.setting(key, siteId), next);
    void client.invalidateQueries({ queryKey: searchConfigKeys.job('generation') });
  };
  const reset = async () => {
    const next = await api(routes.reset, { query: { siteId: siteId! } });
    client.setQueryData(searchConfigKeys.setting(key, siteId), next);
    void client.invalidateQueries({ queryKey: searchConfigKeys.job('generation') });
  };
  return { query, canWrite, save, reset };
}

function SaveBar({
  canWrite,
  onSave,
  onReset,
  custom,
}: {
  canWrite: boolean;
  onSave: () => void;
  onReset: () => void;
  custom: boolean;
}) {
  const { t } = useTranslation();
  if (!canWrite) return null;
  return (
    <div className="search-config__actions">
      <Button variant="primary" onClick={onSave}>
        {t('actions.save')}
      </Button>
      {custom && <Button onClick={onReset}>{t('searchConfig.resetDefault')}</Button>}
    </div>
  );
}

function LiveBadge({ live }: { live: boolean | null | undefined }) {
  const { t } = useTranslation();
  if (live === null || live === undefined) return null;
  return (
    <p className={live ? 'search-config__live' : 'search-config__pending'}>
      {live ? t('searchConfig.live') : t('searchConfig.notLive')}
    </p>
  );
}

function ProductList({ title, products }: { title: string; products: Product[] }) {
  return (
    <div>
      <h3>{title}</h3>
      <ol className="search-config__preview-list">
        {products.map((p) => (
          <li key={p.id}>
            {p.name}
            {p.brand && <span className="search-config__muted"> · {p.brand}</span>}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function SearchAttributesPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const { query, canWrite, save, reset } = useSetting('attributes');
  const [draft, setDraft] = useDraft(query.data?.value as SearchAttributes | undefined);
  const [issues, setIssues] = useState<string[]>([]);
  const [st, setSt] = useState('');
  const [preview, setPreview] = useState<{ live: Product[]; draft: Product[] } | null>(null);
  if (!draft) return <div className="page" />;
  const rows = draft.attributes;
  const setRows = (next: SearchAttributes['attributes']) => setDraft({ attributes: next });
  return (
    <div className="page">
      <h1>{t('routes.searchAttributes')}</h1>
      <p className="page__lead">{t('searchConfig.searchAttributes.lead')}</p>
      <LiveBadge live={query.data?.live} />
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
      <Issues list={issues} />
      <SaveBar
        canWrite={canWrite}
        custom={query.data?.custom ?? false}
        onSave={() => {
          const parsed = searchAttributes.safeParse(draft);
          if (!parsed.success) return setIssues(issuesOf(parsed.error));
          setIssues([]);
          void save(parsed.data).catch(() => {});
        }}
        onReset={() => void reset().catch(() => {})}
      />
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
            onClick={async () => {
              const parsed = searchAttributes.safeParse(draft);
              if (!parsed.success) return setIssues(issuesOf(parsed.error));
              setPreview(
                await api(
                  previewRefreshRoute,
                  { query: { siteId: siteId! }, body: { st, attributes: parsed.data } },
                  { successToast: false },
                ),
              );
            }}
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
  const { t } = useTranslation();
  const key = SET_KEYS[which];
  const { query, canWrite, save, reset } = useSetting(key);
  const [draft, setDraft] = useDraft((query.data?.value as AttributeSet | undefined)?.attributes);
  const [issues, setIssues] = useState<string[]>([]);
  if (!draft) return null;
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
      {canWrite && (
        <div className="search-config__add">
          <AttributePicker
            label={t('searchConfig.addAttribute')}
            value={null}
            withBuiltins={false}
            exclude={draft}
            onChange={(name) => setDraft([...draft, name])}
          />
        </div>
      )}
      <Issues list={issues} />
      <SaveBar
        canWrite={canWrite}
        custom={query.data?.custom ?? false}
        onSave={() => {
          const parsed = SETTING_SCHEMAS[key].safeParse({ attributes: draft });
          if (!parsed.success) return setIssues(issuesOf(parsed.error));
          setIssues([]);
          void save(parsed.data).catch(() => {});
        }}
        onReset={() => void reset().catch(() => {})}
      />
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

export function SkuConfigPage() {
  const { t } = useTranslation();
  const sku = useSetting('sku');
  const representative = useSetting('skuRepresentativeConfig');
  const [draft, setDraft] = useDraft(sku.query.data?.value as SkuConfig | undefined);
  const [strategy, setStrategy] = useDraft(
    (representative.query.data?.value as SkuRepresentativeConfig | undefined)?.strategy,
  );
  const [issues, setIssues] = useState<string[]>([]);
  if (!draft || !strategy) return <div className="page" />;
  return (
    <div className="page">
      <h1>{t('routes.skuConfig')}</h1>
      <section className="panel" aria-labelledby="sku-title">
        <h2 id="sku-title">{t('searchConfig.sku.title')}</h2>
        <p className="page__lead">{t('searchConfig.sku.lead')}</p>
        <LiveBadge live={sku.query.data?.live} />
        <div className="form-grid">
          <Select
            label={t('searchConfig.sku.type')}
            options={SKU_TYPES.map((v) => ({ value: v, label: t(`searchConfig.sku.types.${v}`) }))}
            value={draft.type}
            searchable={false}
            disabled={!sku.canWrite}
            onChange={(type) =>
              setDraft({ type, attribute: type === 'EXTERNAL_ID' ? null : draft.attribute })
            }
          />
          {draft.type === 'ATTRIBUTE' && (
            <AttributePicker
              label={t('searchConfig.sku.attribute')}
              value={draft.attribute}
              withBuiltins={false}
              disabled={!sku.canWrite}
              onChange={(attribute) => setDraft({ ...draft, attribute })}
            />
          )}
        </div>
        <Issues list={issues} />
        <SaveBar
          canWrite={sku.canWrite}
          custom={sku.query.data?.custom ?? false}
          onSave={() => {
            const parsed = SETTING_SCHEMAS.sku.safeParse(draft);
            if (!parsed.success) return setIssues(issuesOf(parsed.error));
            setIssues([]);
            void sku.save(parsed.data).catch(() => {});
          }}
          onReset={() => void sku.reset().catch(() => {})}
        />
      </section>
      <section className="panel" aria-labelledby="rep-title">
        <h2 id="rep-title">{t('searchConfig.representative.title')}</h2>
        <LiveBadge live={representative.query.data?.live} />
        <Select
          label={t('searchConfig.representative.strategy')}
          options={REPRESENTATIVE_STRATEGIES.map((v) => ({
            value: v,
            label: t(`searchConfig.representative.strategies.${v}`),
          }))}
          value={strategy}
          searchable={false}
          disabled={!representative.canWrite}
          onChange={setStrategy}
        />
        <SaveBar
          canWrite={representative.canWrite}
          custom={representative.query.data?.custom ?? false}
          onSave={() => void representative.save({ strategy }).catch(() => {})}
          onReset={() => void representative.reset().catch(() => {})}
        />
      </section>
      <RebuildPanel />
    </div>
  );
}

export function ApiConfigPage() {
  const { t } = useTranslation();
  const { query, canWrite, save, reset } = useSetting('api-params');
  const [draft, setDraft] = useDraft(query.data?.value as ApiParams | undefined);
  const [issues, setIssues] = useState<string[]>([]);
  if (!draft) return <div className="page" />;
  const number = (
    label: string,
    value: number,
    range: { min: number; max: number },
    step: number,
    set: (n: number) => void,
  ) => (
    <label className="search-config__field">
      <span>
        {label}{' '}
        <span className="search-config__muted">
          ({range.min} – {range.max})
        </span>
      </span>
      <input
        type="number"
        min={range.min}
        max={range.max}
        step={step}
        value={Number.isNaN(value) ? '' : value}
        disabled={!canWrite}
        onChange={(e) => set(e.target.value === '' ? Number.NaN : Number(e.target.value))}
      />
    </label>
  );
  const flags = [
    'showUnavailable',
    'withCorrection',
    'useCategoryPrediction',
    'treeFacets',
    'withSku',
  ] as const;
  return (
    <div className="page">
      <h1>{t('routes.apiConfig')}</h1>
      <p className="page__lead">{t('searchConfig.api.lead')}</p>
      <section className="panel" aria-labelledby="api-defaults">
        <h2 id="api-defaults">{t('searchConfig.api.defaults')}</h2>
        <div className="form-grid">
          {number(t('searchConfig.api.size'), draft.size, { min: 1, max: 200 }, 1, (size) =>
            setDraft({ ...draft, size }),
          )}
          {number(
            t('searchConfig.api.unavailableMultiplier'),
            draft.unavailableMultiplier,
            { min: 0, max: 1 },
            0.05,
            (unavailableMultiplier) => setDraft({ ...draft, unavailableMultiplier }),
          )}
          {number(
            t('searchConfig.api.contentQuantity'),
            draft.autocompleteContentQuantity,
            CONTENT_QUANTITY,
            1,
            (autocompleteContentQuantity) => setDraft({ ...draft, autocompleteContentQuantity }),
          )}
        </div>
        <div className="search-config__flags">
          {flags.map((flag) => (
            <Checkbox
              key={flag}
              label={t(`searchConfig.api.${flag}`)}
              checked={draft[flag]}
              disabled={!canWrite}
              onChange={(e) => setDraft({ ...draft, [flag]: e.target.checked })}
            />
          ))}
        </div>
      </section>
      <section className="panel" aria-labelledby="api-thresholds">
        <h2 id="api-thresholds">{t('searchConfig.api.thresholds')}</h2>
        <div className="form-grid">
          {(Object.keys(THRESHOLD_RANGES) as (keyof typeof THRESHOLD_RANGES)[]).map((name) =>
            number(
              t(`searchConfig.api.threshold.${name}`),
              draft.thresholds[name],
              THRESHOLD_RANGES[name],
              0.01,
              (value) => setDraft({ ...draft, thresholds: { ...draft.thresholds, [name]: value } }),
            ),
          )}
        </div>
      </section>
      <Issues list={issues} />
      <SaveBar
        canWrite={canWrite}
        custom={query.data?.custom ?? false}
        onSave={() => {
          const parsed = apiParams.safeParse(draft);
          if (!parsed.success) return setIssues(issuesOf(parsed.error));
          setIssues([]);
          void save(parsed.data).catch(() => {});
        }}
        onReset={() => void reset().catch(() => {})}
      />
    </div>
  );
}

export function JobConfigPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const client = useQueryClient();
  const status = useJobStatus(autocompleteJobRoute, 'autocomplete');
  const canStart = useCan(autocompleteJobStartRoute.roles);
  const canConfig = useCan(saveAutocompleteJobRoute.roles);
  const [cronDraft, setCron] = useDraft(status.data?.schedule?.cron ?? '0 3 * * *');
  const [enabledDraft, setEnabled] = useDraft(status.data?.schedule?.enabled ?? true);
  const cron = cronDraft ?? '0 3 * * *';
  const enabled = enabledDraft ?? true;
  const active = status.data?.job?.state === 'queued' || status.data?.job?.state === 'running';
  return (
    <div className="page">
      <h1>{t('routes.jobConfig')}</h1>
      <RebuildPanel />
      <section className="panel" aria-labelledby="ac-job">
        <h2 id="ac-job">{t('searchConfig.autocompleteJob.title')}</h2>
        <p className="page__lead">{t('searchConfig.autocompleteJob.lead')}</p>
        <JobLine status={status.data} label={t('searchConfig.autocompleteJob.title')} />
        {canStart && (
          <Button
            loading={active}
            disabled={siteId === null || active}
            onClick={async () => {
              const next = await api(autocompleteJobStartRoute, { query: { siteId: siteId! } });
              client.setQueryData(searchConfigKeys.jobStatus('autocomplete', siteId), next);
            }}
          >
            {t('searchConfig.autocompleteJob.start')}
          </Button>
        )}
        <div className="form-grid">
          <TextInput
            label={t('searchConfig.autocompleteJob.cron')}
            hint={t('searchConfig.autocompleteJob.cronHint')}
            value={cron}
            onChange={setCron}
            disabled={!canConfig}
          />
        </div>
        <Checkbox
          label={t('searchConfig.autocompleteJob.enabled')}
          checked={enabled}
          disabled={!canConfig}
          onChange={(e) => setEnabled(e.target.checked)}
        />
        {canConfig && (
          <div className="search-config__actions">
            <Button
              variant="primary"
              onClick={async () => {
                const next = await api(saveAutocompleteJobRoute, {
                  query: { siteId: siteId! },
                  body: { cron, timeZone: 'UTC', enabled },
                });
                client.setQueryData(searchConfigKeys.jobStatus('autocomplete', siteId), next);
              }}
            >
              {t('actions.save')}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}

export function FacetAttributesPage() {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const client = useQueryClient();
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const categories = useQuery({
    queryKey: searchConfigKeys.catalogCategories(siteId),
    enabled: siteId !== null,
    queryFn: () =>
      api(
        catalogAllCategoriesRoute,
        { query: { siteId: siteId! } },
        {
          overlay: false,
        },
      ),
  });
  const progress = useJobStatus(facetProgressRoute, 'facets');
  const suggested = useQuery({
    queryKey: searchConfigKeys.facetSuggestedIn(siteId, categoryId),
    enabled: siteId !== null && categoryId !== null,
    queryFn: () =>
      api(
        facetSuggestedRoute,
        { query: { siteId: siteId!, categoryId: categoryId! } },
        {
          overlay: false,
        },
      ),
  });
  const refresh = useRefreshFacets();
  // A finished calculation changes the attribute list, the tree's counts and the diff.
  useEffect(() => {
    if (progress.data?.job?.state === 'done') void refresh();
  }, [progress.data?.job?.state, refresh]);
  const active = progress.data?.job?.state === 'queued' || progress.data?.job?.state === 'running';
  const attributesRef = useRef<HTMLDivElement>(null);
  const category = categories.data?.find((c) => c.id === categoryId) ?? null;
  const parent =
    (category?.parentId && categories.data?.find((c) => c.id === category.parentId)) || null;
  const [edits, setEdits] = useState<Record<string, Partial<FacetAttribute>>>({});
  const decide = async (row: FacetAttribute, mode: 'APPLY' | 'DISABLE') => {
    const edit = { ...row, ...edits[row.attribute] };
    await api(facetApplyRoute, {
      query: { siteId: siteId! },
      body: {
        categoryId: row.categoryId,
        attribute: row.attribute,
        mode,
        dataType: edit.dataType,
        booleanView: edit.booleanView,
        sort: edit.sort,
        position: edit.position,
      },
    });
    await refresh();
  };
  return (
    <div className="page">
      <h1>{t('routes.facetAttributes')}</h1>
      <p className="page__lead">{t('searchConfig.facets.lead')}</p>
      <section className="panel" aria-labelledby="facet-job">
        <h2 id="facet-job">{t('searchConfig.facets.calculate')}</h2>
        <JobLine status={progress.data} label={t('searchConfig.facets.calculate')} />
        <Button
          loading={active}
          disabled={siteId === null || active}
          onClick={async () => {
            const next = await api(facetCalculateRoute, { query: { siteId: siteId! } });
            client.setQueryData(searchConfigKeys.jobStatus('facets', siteId), next);
          }}
        >
          {t('searchConfig.facets.calculate')}
        </Button>
      </section>
      <FacetTree
        selected={categoryId}
        onSelect={(id) => {
          setCategoryId(id);
          attributesRef.current?.scrollIntoView?.({ block: 'start' });
        }}
      />
      <div ref={attributesRef} className="facets__category">
        <Select
          label={t('searchConfig.facets.category')}
          options={(categories.data ?? []).map((c) => ({
            value: c.id,
            label: `${c.path.join(' / ')} (${c.products})`,
          }))}
          value={categoryId}
          onChange={(id) => setCategoryId(id)}
        />
        {categoryId && (
          <div className="search-config__scroll">
            <FacetAttributeTable
              rows={suggested.data ?? []}
              loading={suggested.isPending}
              edits={edits}
              onEdit={(attribute, patch) =>
                setEdits({ ...edits, [attribute]: { ...edits[attribute], ...patch } })
              }
              onDecide={(row, mode) => void decide(row, mode)}
              onReset={async (row) => {
                await api(facetResetRoute, {
                  query: { siteId: siteId!, categoryId: row.categoryId, attribute: row.attribute },
                });
                await refresh();
              }}
            />
          </div>
        )}
      </div>
      <FacetDiffPanel category={category} parent={parent} attributes={suggested.data ?? []} />
    </div>
  );
}

function SortEditor({ kind }: { kind: 'plain' | 'imshop' }) {
  const { t } = useTranslation();
  const siteId = useSiteId();
  const client = useQueryClient();
  const getRoute = kind === 'plain' ? getCustomSortRoute : getImshopSortRoute;
  const saveRoute = kind === 'plain' ? saveCustomSortRoute : saveImshopSortRoute;
  const canWrite = useCan(saveRoute.roles);
  const query = useQuery({
    queryKey: searchConfigKeys.customSort(kind, siteId),
    enabled: siteId !== null,
    queryFn: () => api(getRoute, { params: { id: siteId! } }, { overlay: false }),
  });
  const [draft, setDraft] = useDraft(query.data);
  const [regionsDraft, setRegions] = useDraft(query.data?.regions.join(', '));
  const regions = regionsDraft ?? '';
  const [issues, setIssues] = useState<string[]>([]);
  if (!draft) return null;
  const regionList = regions
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const combinations = sortCombinations({ attributes: draft.attributes, regions: regionList });
  return (
    <section className="panel" aria-labelledby={`sort-${kind}`}>
      <h2 id={`sort-${kind}`}>{t(`searchConfig.sort.${kind}`)}</h2>
      <SortAttributeTable
        caption={t(`searchConfig.sort.${kind}`)}
        rows={draft.attributes}
        canWrite={canWrite}
        onChange={(attributes) => setDraft({ ...draft, attributes })}
      />
      {canWrite && (
        <div className="search-config__add">
          <AttributePicker
            label={t('searchConfig.addAttribute')}
            value={null}
            withBuiltins={false}
            onChange={(attribute) =>
              setDraft({
                ...draft,
                attributes: [
                  ...draft.attributes,
                  { attribute, title: attribute, direction: 'ASC' },
                ],
              })
            }
          />
        </div>
      )}
      <div className="form-grid">
        <TextInput
          label={t('searchConfig.sort.regions')}
          hint={t('searchConfig.sort.regionsHint')}
          value={regions}
          onChange={setRegions}
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
      <Issues list={issues} />
      {canWrite && (
        <div className="search-config__actions">
          <Button
            variant="primary"
            onClick={async () => {
              const parsed = customSortConfig.safeParse({ ...draft, regions: regionList });
              if (!parsed.success) return setIssues(issuesOf(parsed.error));
              setIssues([]);
              const next = await api(saveRoute, { params: { id: siteId! }, body: parsed.data });
              client.setQueryData(searchConfigKeys.customSort(kind, siteId), next);
            }}
          >
            {t('actions.save')}
          </Button>
        </div>
      )}
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

export const RegionalAttributesPage = () => (
  <AttributeSetPage title="routes.regionalAttributes" sets={['regional']} />
);
export const ResponseAttributesPage = () => (
  <AttributeSetPage title="routes.responseAttributes" sets={['response']} />
);
export const SkuAttributesPage = () => (
  <AttributeSetPage title="routes.skuAttributes" sets={['sku']} />
);
export const GroupingConfigPage = () => (
  <AttributeSetPage title="routes.groupingConfig" sets={['group', 'lowercase']} rebuild />
);
