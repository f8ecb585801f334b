/** The boot config of the tracking config: its page types and its enabled rules. */
import type { BootTracking, BootTrackingRule } from '#storefront/entries/boot-config.ts';
import type { CodeTable } from './code-table.ts';
import type { SiteBundleConfigs } from './types.ts';

export async function trackingOf(
  configs: SiteBundleConfigs,
  code: CodeTable,
): Promise<BootTracking | null> {
  const tracking = configs.tracking?.config;
  if (!tracking) return null;
  const rules: BootTrackingRule[] = [];
  for (const [index, rule] of tracking.rules.entries()) {
    if (!rule.enabled) continue;
    const condition = await code.functionOf(
      rule.condition,
      ['element'],
      `tracking.rules[${index}].condition`,
    );
    rules.push({
      name: rule.name,
      pageType: rule.pageType,
      trigger: rule.trigger,
      selector: rule.selector,
      ...(condition && { condition: condition as unknown as BootTrackingRule['condition'] }),
    });
  }
  return { enabled: tracking.enabled, pageTypes: tracking.pageTypes, rules };
}
