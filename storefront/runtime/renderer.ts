import morphdom from 'morphdom';
import { deepEqual } from './deep-equal.ts';
import { createPartScheduler } from './scheduler.ts';
import { bindTemplate, type PartTemplates } from './templates.ts';

/**
 * A part is a named template with a view-model selector. A template places another part by
 * writing a slot element: `<div data-digi-part="productItem" data-digi-key="{{id}}"></div>`.
 * The renderer fills slots, re-renders each slot whose view model changed after its part's delay
 * (spec §4), and leaves a child slot's DOM alone when its parent re-renders.
 */
export interface PartDefinition<S> {
  /** The view model the part's template renders; `key` is the slot's `data-digi-key`. */
  select(state: S, key: string): unknown;
}

export interface PartRendererOptions<S> {
  /** The widget's container: the slot of `rootPart`. */
  root: HTMLElement;
  rootPart: string;
  templates: PartTemplates;
  parts: Readonly<Record<string, PartDefinition<S>>>;
  getState(): S;
  /** Per-part delays overriding spec §4 (tests and the studio pass their own). */
  delays?: Readonly<Record<string, number>>;
  /** Called after each slot render with its duration (the studio reports render times). */
  onRender?(part: string, ms: number): void;
  /** Called when a template throws; the slot keeps its previous DOM. */
  onError?(part: string, error: unknown): void;
}

export interface PartRenderer {
  /** Renders every part now (mount). */
  render(): void;
  /** The state changed: re-render the parts whose view model changed, each after its delay. */
  update(): void;
  /** Replaces templates; the parts whose template changed re-render after their delays. */
  setTemplates(templates: PartTemplates): void;
  /** Performs waiting renders now. */
  flush(): void;
  isPending(): boolean;
  dispose(): void;
}

const SLOT = '[data-digi-part]';

export function createPartRenderer<S>(options: PartRendererOptions<S>): PartRenderer {
  const { root, rootPart, parts } = options;
  let templates = options.templates;
  const scheduler = createPartScheduler(options.delays);
  let rendered = new WeakMap<Element, unknown>();
  root.setAttribute('data-digi-part', rootPart);

  const slots = (): HTMLElement[] => [root, ...root.querySelectorAll<HTMLElement>(SLOT)];
  const partOf = (el: HTMLElement): string => el.dataset['digiPart'] ?? '';
  const keyOf = (el: HTMLElement): string => el.dataset['digiKey'] ?? '';

  function renderSlot(el: HTMLElement): void {
    const part = partOf(el);
    const definition = parts[part];
    const template = templates[part];
    if (definition === undefined || template === undefined) return;
    const started = performance.now();
    const vm = definition.select(options.getState(), keyOf(el));
    let html: string;
    try {
      html = bindTemplate(template)(vm);
    } catch (error) {
      if (options.onError) options.onError(part, error);
      else console.error(`digi: part "${part}" failed to render`, error);
      return;
    }
    const next = el.cloneNode(false) as HTMLElement;
    next.innerHTML = html;
    morphdom(el, next, {
      childrenOnly: true,
      getNodeKey(node) {
        if (!(node instanceof HTMLElement)) return undefined;
        if (node.id) return node.id;
        const slotPart = node.dataset['digiPart'];
        return slotPart === undefined ? undefined : `${slotPart}:${node.dataset['digiKey'] ?? ''}`;
      },
      onBeforeElUpdated(from, to) {
        // A child slot already rendered keeps its own content and schedule.
        if (from !== el && from.hasAttribute('data-digi-part') && rendered.has(from)) {
          return from.getAttribute('data-digi-part') !== to.getAttribute('data-digi-part');
        }
        return true;
      },
    });
    rendered.set(el, vm);
    for (const child of el.querySelectorAll<HTMLElement>(SLOT)) {
      if (!rendered.has(child)) renderSlot(child);
    }
    options.onRender?.(part, performance.now() - started);
  }

  function renderStale(part: string): void {
    const state = options.getState();
    for (const el of slots()) {
      if (partOf(el) !== part || !el.isConnected) continue;
      const vm = parts[part]?.select(state, keyOf(el));
      if (!rendered.has(el) || !deepEqual(vm, rendered.get(el))) renderSlot(el);
    }
  }

  return {
    render() {
      scheduler.cancel();
      rendered = new WeakMap();
      renderSlot(root);
    },
    update() {
      const state = options.getState();
      for (const el of slots()) {
        const part = partOf(el);
        const vm = parts[part]?.select(state, keyOf(el));
        if (!rendered.has(el) || !deepEqual(vm, rendered.get(el))) {
          scheduler.schedule(part, () => renderStale(part));
        }
      }
    },
    setTemplates(next) {
      const changed = Object.keys({ ...templates, ...next }).filter(
        (p) => templates[p] !== next[p],
      );
      templates = next;
      for (const part of changed) {
        for (const el of slots()) if (partOf(el) === part) rendered.delete(el);
        scheduler.schedule(part, () => renderStale(part));
      }
    },
    flush() {
      scheduler.flush();
    },
    isPending() {
      return scheduler.isPending();
    },
    dispose() {
      scheduler.cancel();
      root.replaceChildren();
      root.removeAttribute('data-digi-part');
    },
  };
}
