/**
 * The configs' own code the boot runs: part scripts after renders, the visitor's MVT groups (and
 * their custom scripts), the named hooks. Their errors are logged, never thrown.
 */
import type { BootConfig, BootHook, MvtAction, PartScript } from './boot-config.ts';

/** Runs a part's script after each render of the part; its errors are logged, never thrown. */
export function scriptHook(
  scripts: Readonly<Record<string, PartScript>>,
  element: HTMLElement,
  report?: (part: string, error: unknown) => void,
): { onRender?(part: string): void } {
  if (Object.keys(scripts).length === 0) return {};
  return {
    onRender(part) {
      const script = scripts[part];
      if (!script) return;
      try {
        script(element, part);
      } catch (error) {
        console.error(`[digi] script of part ${part} failed`, error);
        report?.(part, error);
      }
    },
  };
}

/** 0–99 from a string (FNV-1a): the same visitor lands in the same bucket on every page. */
function mvtBucket(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** The MVT groups this visitor is in (by `visitor`, their digi_uid); runs their scripts. */
export function visitorGroups(
  config: BootConfig,
  visitor: string,
): { names: string[]; acts(...actions: MvtAction[]): boolean } {
  const groups = (config.mvt ?? []).filter(
    (group) => group.share > 0 && mvtBucket(`${visitor}:${group.name}`) < group.share,
  );
  for (const group of groups) {
    try {
      group.script?.(config);
    } catch (error) {
      console.error(`[digi] MVT script of ${group.name} failed`, error);
    }
  }
  return {
    names: groups.map((group) => group.name),
    acts: (...actions) => groups.some((group) => actions.includes(group.action)),
  };
}

/** The configs' named hooks (BootHook): calling one by name, for the boot and for the page. */
export function bootHooks(list: readonly BootHook[]) {
  const call = (name: string, detail: unknown, widget?: BootHook['widget']): void => {
    for (const hook of list) {
      if (hook.name !== name || (widget && hook.widget !== widget)) continue;
      try {
        hook.run(detail);
      } catch (error) {
        if (!hook.silent) console.error(`[digi] hook ${name} failed`, error);
      }
    }
  };
  return {
    call,
    /** Every hook name, callable by the page as `digi.site.hooks[name](detail)`. */
    named: Object.fromEntries(
      [...new Set(list.map((hook) => hook.name))].map((name) => [
        name,
        (detail?: unknown) => call(name, detail),
      ]),
    ),
    /** A widget's render options calling its `afterRender` hooks after each part renders. */
    afterRender: (widget: BootHook['widget'], element: HTMLElement) =>
      list.some((hook) => hook.name === 'afterRender' && hook.widget === widget)
        ? { onRender: (part: string) => call('afterRender', { widget, part, element }, widget) }
        : {},
  };
}
