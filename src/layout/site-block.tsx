import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Site } from '#contract/entities/site.ts';
import { lastFeedQueryOptions, sitesQueryOptions } from '#src/features/sites/api/site-queries.ts';
import { formatFeedTime } from '#src/lib/feed-time.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Select } from '#src/ui/select/select.tsx';

/** Shared with the feed screens (src/lib/feed-time.ts). */
export { formatFeedTime };

/** The public preview calls behind AUTO and SORT (spec §7 "Preview windows"). */
export function previewUrls(site: Site) {
  const common = {
    apiKey: site.apiKey,
    regionId: 'global',
    strategy: 'advanced_xname,zero_queries',
  };
  const auto = new URLSearchParams({
    ...common,
    st: '',
    productsSize: '20',
    unavailableMultiplier: '0.2',
  });
  const sort = new URLSearchParams({
    ...common,
    st: '',
    size: '20',
    offset: '0',
    sort: 'DEFAULT',
    withFacets: 'true',
  });
  return { auto: `/public/autocomplete?${auto}`, sort: `/public/search?${sort}` };
}

function useCurrentSite(sites: Site[] | undefined): Site | undefined {
  const { siteId, selectSite } = useSiteStore();
  const current = sites?.find((site) => site.siteId === siteId);
  useEffect(() => {
    if (sites && sites.length > 0 && !current) selectSite(sites[0]!.siteId);
  }, [sites, current, selectSite]);
  return current;
}

export function SiteBlock() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const { showDisabledSites, selectSite } = useSiteStore();
  const all = useQuery(sitesQueryOptions());
  const found = useQuery({ ...sitesQueryOptions(search), enabled: search !== '' });
  const site = useCurrentSite(all.data);
  const lastFeed = useQuery({
    ...lastFeedQueryOptions(site?.siteId ?? 0),
    enabled: site !== undefined,
  });
  const choices = (search ? found.data : all.data)?.filter(
    (s) => showDisabledSites || s.enabled || s.siteId === site?.siteId,
  );

  return (
    <section className="site-block" aria-label={t('shell.site.block')}>
      <Select
        ariaLabel={t('shell.site.select')}
        options={(choices ?? []).map((s) => ({
          value: s.siteId,
          label: `${s.siteName} (${s.siteId})`,
        }))}
        value={site?.siteId ?? null}
        onChange={(value) => selectSite(value)}
        filterLocally={false}
        onQueryChange={setSearch}
        loading={all.isPending || found.isFetching}
      />
      {site && (
        <>
          <div className="site-block__title">
            <Link to="/site/edit">{site.siteName}</Link>
            <Badge tone={site.enabled ? 'success' : 'danger'}>
              {t(site.enabled ? 'shell.site.enabled' : 'shell.site.disabled')}
            </Badge>
          </div>
          <dl className="site-block__facts">
            <div>
              <dt>ID</dt>
              <dd>{site.siteId}</dd>
            </div>
            <div>
              <dt>{t('shell.site.apiKey')}</dt>
              <dd className="site-block__key">{site.apiKey}</dd>
            </div>
            <div>
              <dt>{t('shell.site.segments')}</dt>
              <dd>{site.verticals.join(', ') || '—'}</dd>
            </div>
            <div>
              <dt>{t('shell.site.lastFeed')}</dt>
              <dd>
                {lastFeed.data
                  ? formatFeedTime(lastFeed.data, i18n.language)
                  : t('shell.site.never')}
              </dd>
            </div>
          </dl>
          <div className="site-block__previews">
            <a
              className="ui-button ui-button--secondary ui-button--sm"
              href={previewUrls(site).auto}
              target="_blank"
              rel="noreferrer"
              title={t('shell.site.autoPreview')}
            >
              AUTO
            </a>
            <a
              className="ui-button ui-button--secondary ui-button--sm"
              href={previewUrls(site).sort}
              target="_blank"
              rel="noreferrer"
              title={t('shell.site.sortPreview')}
            >
              SORT
            </a>
          </div>
        </>
      )}
    </section>
  );
}
