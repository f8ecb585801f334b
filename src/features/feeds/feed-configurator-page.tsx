import { useTranslation } from 'react-i18next';
import { hasAccess } from '#contract/roles.ts';
import { FEED_CONFIG_ROLES, REGION_ROLES } from '#contract/routes/feeds.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { FeedAttributes } from './components/feed-attributes.tsx';
import { FeedRules } from './components/feed-rules.tsx';
import { ImshopRegions } from './components/imshop-regions.tsx';
import { ParsingConfigs } from './components/parsing-configs.tsx';
import './feeds.css';

/** /site/feed-configurator: feed rules, feed attributes, parsing config, imshop regions. */
export default function FeedConfiguratorPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  if (siteId === null) return <p className="page">{t('feeds.noSite')}</p>;
  const canConfig = hasAccess(roles, FEED_CONFIG_ROLES);
  const sections = [
    [
      'rules',
      t('feeds.configurator.rules'),
      t('feeds.configurator.rulesLead'),
      <FeedRules key="r" siteId={siteId} />,
    ],
    [
      'attributes',
      t('feeds.configurator.attributes'),
      t('feeds.configurator.attributesLead'),
      <FeedAttributes key="a" siteId={siteId} canEdit={canConfig} />,
    ],
    [
      'parsing',
      t('feeds.configurator.parsing'),
      t('feeds.configurator.parsingLead'),
      <ParsingConfigs key="p" siteId={siteId} canEdit={canConfig} />,
    ],
    [
      'regions',
      t('feeds.configurator.regions'),
      t('feeds.configurator.regionsLead'),
      <ImshopRegions key="i" siteId={siteId} canEdit={hasAccess(roles, REGION_ROLES)} />,
    ],
  ] as const;
  return (
    <div className="page feeds">
      <div className="page__header">
        <h1>{t('feeds.configurator.title')}</h1>
      </div>
      {sections.map(([id, title, lead, body]) => (
        <section key={id} className="panel" aria-labelledby={`feed-config-${id}`}>
          <h2 id={`feed-config-${id}`}>{title}</h2>
          <p className="muted">{lead}</p>
          {body}
        </section>
      ))}
    </div>
  );
}
