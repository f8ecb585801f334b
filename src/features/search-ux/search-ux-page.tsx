import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useSiteStore } from '#src/stores/site-store.ts';
import { EDITOR_TABS, type EditorTab } from './components/editor-tabs.tsx';
import { SearchUxScreen } from './components/search-ux-screen.tsx';
import { kindFromPath } from './lib/search-ux-kind.ts';
import './search-ux.css';

/** /anyquery/ux/{instant-search,autocomplete,search}: the copy and the tab live in the URL. */
export default function SearchUxPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const siteId = useSiteStore((state) => state.siteId);
  const kind = kindFromPath(pathname);
  const copy = params.get('copy') === 'production' ? 'production' : 'integration';
  const tabParam = params.get('tab');
  const tab: EditorTab = EDITOR_TABS.includes(tabParam as EditorTab)
    ? (tabParam as EditorTab)
    : 'settings';
  const update = (key: string, value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return (
    <section className="page search-ux-page" aria-labelledby="search-ux-title">
      <header className="search-ux__header">
        <h1 id="search-ux-title">{t(`ux.title.${kind}`)}</h1>
        <div role="radiogroup" aria-label={t('ux.copy.label')} className="search-ux__copy">
          {(['integration', 'production'] as const).map((value) => (
            <label key={value} className="search-ux__copy-option">
              <input
                type="radio"
                name="search-ux-copy"
                value={value}
                checked={copy === value}
                onChange={() => update('copy', value)}
              />
              {t(`ux.copy.${value}`)}
            </label>
          ))}
        </div>
      </header>
      {siteId === null ? (
        <p>{t('ux.noSite')}</p>
      ) : (
        <SearchUxScreen
          // A new machine per config copy: switching copies loads the other one.
          key={`${siteId}:${kind}:${copy}`}
          kind={kind}
          siteId={siteId}
          copy={copy}
          tab={tab}
          onTabChange={(next) => update('tab', next)}
          onCopyChange={(next) => update('copy', next)}
        />
      )}
    </section>
  );
}
