/**
 * The search configuration screens: part 1 §2 /anyquery/search/{search-attributes,
 * regional-attributes, response-attributes, sku-attributes, sku-config, grouping-config,
 * job-config}, /anyquery/service/{facet-attributes, custom-sort} and /site/api-config.
 */
import { AttributeSetPage } from './search-attributes-page.tsx';

export { SearchAttributesPage, AttributeSetPage } from './search-attributes-page.tsx';
export { SkuConfigPage } from './sku-config-page.tsx';
export { ApiConfigPage } from './api-config-page.tsx';
export { JobConfigPage } from './job-config-page.tsx';
export { FacetAttributesPage } from './facet-attributes-page.tsx';
export { CustomSortPage } from './custom-sort-page.tsx';

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
