/** The boot config of the global components and of the MVT groups. */
import type {
  BootComponent,
  BootComponentType,
  BootMvtGroup,
} from '#storefront/entries/boot-config.ts';
import type { CodeTable } from './code-table.ts';
import type { SiteBundleConfigs } from './types.ts';

const COMPONENT_PART: Record<BootComponentType, string> = {
  PRODUCT: 'productCard',
  SLIDER: 'slider',
  CART_BUTTON: 'cartButton',
  FAVORITE_BUTTON: 'favoriteButton',
};

/** Global components (mounted by the page through digi.site.mountComponent). */
export async function componentsOf(
  configs: SiteBundleConfigs,
  code: CodeTable,
): Promise<BootComponent[]> {
  const components: BootComponent[] = [];
  for (const [index, entry] of configs.globalComponents.entries()) {
    const component = entry.config;
    if (component.type === 'UNDEFINED') continue;
    const path = `globalComponents[${index}]`;
    const part = COMPONENT_PART[component.type];
    const view = component.view.toLowerCase();
    components.push({
      id: String(component.componentId ?? index),
      name: component.name,
      type: component.type,
      layout: view === 'fashion' || view === 'horizontal' ? view : 'default',
      templates: code.templatesOf({ [part]: component.template.html }, `${path}.template`),
      scripts: await code.scriptsOf({ [part]: component.template.script }, `${path}.template`),
      settings: component.customSettings,
    });
  }
  return components;
}

/** MVT: the boot puts each visitor in or out of every enabled group. */
export async function mvtGroupsOf(
  configs: SiteBundleConfigs,
  code: CodeTable,
): Promise<BootMvtGroup[]> {
  const mvt: BootMvtGroup[] = [];
  for (const [index, entry] of (configs.mvt?.config ?? []).entries()) {
    if (!entry.enabled) continue;
    const script =
      entry.action === 'RUN_CUSTOM_SCRIPT'
        ? await code.functionOf(entry.script, ['config'], `mvt[${index}].script`)
        : null;
    mvt.push({
      name: entry.name,
      action: entry.action,
      share: entry.share,
      ...(script && { script: script as unknown as BootMvtGroup['script'] }),
    });
  }
  return mvt;
}
