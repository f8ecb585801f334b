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
/** Marks a renderer's root: a widget mounted inside another's slot keeps its slots to itself. */
const ROOT = 'data-digi-root';

export function createPartRenderer<S>(options: PartRendererOptions<S>): PartRenderer {
  const { root, rootPart, parts } = options;
  let templates = options.templates;
  const scheduler = createPartScheduler(options.delays);
  let rendered = new WeakMap<Element, unknown>();
  root.setAttribute('data-digi-part', rootPart);
  root.setAttribute(ROOT, '');

  /** This renderer's slots under `el`: not those of a widget mounted inside one of them. */
  const slotsIn = (el: HTMLElement): HTMLElement[] =>
    [...el.querySelectorAll<HTMLElement>(SLOT)].filter((s) => s.closest(`[${ROOT}]`) === root);
  const slots = (): HTMLElement[] => [root, ...slotsIn(root)];
  const partOf = (el: HTMLElement): string => el.dataset['digiPart'] ?? '';
  const keyOf = (el: HTMLElement): string => el.dataset['digiKey'] ?? '';

  /**
   * Template text is parsed in a detached document: its images do not start loading and no
   * layout is touched until the one morph that applies it.
   */
  let scratch: Document | null = null;
  const detached = (like: HTMLElement): HTMLElement => {
    scratch ??= root.ownerDocument.implementation.createHTMLDocument('');
    return scratch.createElement(like.localName);
  };
  const idOf = (el: HTMLElement): string => `${partOf(el)}:${keyOf(el)}`;

  /** The part's markup for a slot, or null when its template threw (reported). */
  function markup(part: string, vm: unknown): string | null {
    const template = templates[part];
    if (template === undefined) return null;
    try {
      return bindTemplate(template)(vm);
    } catch (error) {
      if (options.onError) options.onError(part, error);
      else console.error(`digi: part "${part}" failed to render`, error);
      return null;
    }
  }

  /**
   * Renders `el` and, in the same pass, every child slot that needs it (never rendered, or in
   * `force`): the whole subtree is built in the detached document and applied by one morph, so
   * a list and its items cost one morph, not one per item. A rendered child slot not in `force`
   * keeps its own content and schedule.
   */
  function renderSlot(
    el: HTMLElement,
    /** Rendered child slots to render again, with their view models when already selected. */
    force: ReadonlyMap<Element, unknown> = new Map(),
    /** false: `el` is re-rendered only to carry `force` (its own content does not change). */
    reportSelf = true,
  ): void {
    const part = partOf(el);
    if (parts[part] === undefined || templates[part] === undefined) return;
    const started = performance.now();
    const state = options.getState();
    const vm = parts[part].select(state, keyOf(el));
    const html = markup(part, vm);
    if (html === null) return;
    const next = detached(el);
    next.innerHTML = html;

    // The live child slots by part and key, to tell which detached ones need content.
    const live = new Map<string, HTMLElement>();
    for (const child of slotsIn(el)) {
      const id = idOf(child);
      if (!live.has(id)) live.set(id, child);
    }
    const made = new Map<Element, unknown>();
    const timings: Array<[string, number]> = [];
    const fill = (container: HTMLElement): void => {
      // A static list: slots that filling creates are filled by the recursive call.
      for (const slot of container.querySelectorAll<HTMLElement>(SLOT)) {
        if (!container.contains(slot)) continue; // replaced by an enclosing slot's content
        const existing = live.get(idOf(slot));
        if (existing && rendered.has(existing) && !force.has(existing)) continue;
        const childPart = partOf(slot);
        if (parts[childPart] === undefined) continue;
        const t0 = performance.now();
        const childVm =
          existing && force.has(existing)
            ? force.get(existing)
            : parts[childPart].select(state, keyOf(slot));
        const childHtml = markup(childPart, childVm);
        if (childHtml === null) continue;
        slot.innerHTML = childHtml;
        made.set(slot, childVm);
        timings.push([childPart, performance.now() - t0]);
        fill(slot);
      }
    };
    fill(next);

    const updated: Array<[Element, unknown]> = [];
    morphdom(el, next, {
      childrenOnly: true,
      getNodeKey(node) {
        if (!(node instanceof HTMLElement)) return undefined;
        if (node.id) return node.id;
        const slotPart = node.dataset['digiPart'];
        return slotPart === undefined ? undefined : `${slotPart}:${node.dataset['digiKey'] ?? ''}`;
      },
      onBeforeElUpdated(from, to) {
        if (made.has(to)) {
          updated.push([from, made.get(to)]);
          return true;
        }
        // A child slot already rendered keeps its own content and schedule.
        if (from !== el && from.hasAttribute('data-digi-part') && rendered.has(from)) {
          return from.getAttribute('data-digi-part') !== to.getAttribute('data-digi-part');
        }
        return true;
      },
    });
    rendered.set(el, vm);
    for (const [from, childVm] of updated) rendered.set(from, childVm);
    // Filled slots that were new are now in the page themselves.
    for (const [slot, childVm] of made) if (el.contains(slot)) rendered.set(slot, childVm);
    for (const child of slotsIn(el)) {
      if (!rendered.has(child)) renderSlot(child);
    }
    const templateMs = timings.reduce((sum, [, ms]) => sum + ms, 0);
    const total = performance.now() - started;
    // each child carries its template time and its share of the morph
    const share = reportSelf || timings.length === 0 ? 0 : (total - templateMs) / timings.length;
    for (const [childPart, ms] of timings) options.onRender?.(childPart, ms + share);
    if (reportSelf) options.onRender?.(part, total);
  }

  const slotParent = (el: HTMLElement): HTMLElement | null =>
    el === root ? null : (el.parentElement?.closest<HTMLElement>(SLOT) ?? null);

  function renderStale(part: string): void {
    const state = options.getState();
    const stale = new Map<HTMLElement, unknown>();
    for (const el of slots()) {
      if (partOf(el) !== part || !el.isConnected) continue;
      const vm = parts[part]?.select(state, keyOf(el));
      if (!rendered.has(el) || !deepEqual(vm, rendered.get(el))) stale.set(el, vm);
    }
    // Several items of one list (a template edit): one pass over the list, one morph, when the
    // list itself is up to date (re-rendering it changes nothing of its own).
    const first = stale.keys().next().value;
    const parent = stale.size > 1 && first ? slotParent(first) : null;
    if (
      parent !== null &&
      root.contains(parent) &&
      rendered.has(parent) &&
      [...stale.keys()].every((el) => slotParent(el) === parent) &&
      deepEqual(parts[partOf(parent)]?.select(state, keyOf(parent)), rendered.get(parent))
    ) {
      renderSlot(parent, stale, false);
      return;
    }
    for (const el of stale.keys()) renderSlot(el);
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
      root.removeAttribute(ROOT);
    },
  };
}
