/**
 * The preview is not for navigating: a template must not load another page into the frame (that
 * page would sit where the studio posts its edits). Markup is cleaned before it reaches the
 * document, because a `<meta http-equiv=refresh>` schedules its navigation the moment it is
 * inserted and removing it later does not cancel that; a MutationObserver removes any such
 * element that gets in some other way, and link clicks and form submits are cancelled.
 * Script-driven navigation is the host's `bye` handling's business (bridge/host.ts).
 */
import { bindTemplate, type TemplateFn, type TemplateSpec } from '#storefront/runtime/templates.ts';

/** Elements that navigate (refresh), or re-point every relative URL (base), on insertion. */
const NAVIGATING = 'meta[http-equiv], base';
/** Any markup that could hold one (HTML tag names are case-insensitive; a superset is fine). */
const MAY_NAVIGATE = /<\s*\/?\s*(?:meta|base)/i;

/** `html` without meta[http-equiv] and base elements (parsed inert: nothing loads or runs). */
export function stripNavigation(html: string, doc: Document): string {
  if (!MAY_NAVIGATE.test(html)) return html;
  const template = doc.createElement('template');
  template.innerHTML = html;
  const found = template.content.querySelectorAll(NAVIGATING);
  if (found.length === 0) return html;
  for (const element of found) element.remove();
  return template.innerHTML;
}

/** The part's template, its output cleaned by stripNavigation before the renderer inserts it. */
export function guardTemplate(spec: TemplateSpec, doc: Document): TemplateFn {
  const render = bindTemplate(spec);
  return (context) => stripNavigation(render(context), doc);
}

const isElement = (node: unknown): node is Element =>
  typeof node === 'object' && node !== null && (node as Node).nodeType === 1;

function removeNavigating(node: Node): void {
  if (!isElement(node)) return;
  if (node.matches(NAVIGATING)) {
    node.remove();
    return;
  }
  for (const element of node.querySelectorAll(NAVIGATING)) element.remove();
}

const LINK = 'a[href], area[href]';

/**
 * Keeps `doc` from being navigated by its content: removes meta[http-equiv] and base
 * elements added anywhere in it, cancels link clicks and form submits. Returns the undo.
 */
export function guardNavigation(doc: Document): () => void {
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) removeNavigating(node);
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });

  const onClick = (event: Event): void => {
    const target = event.target;
    if (isElement(target) && target.closest(LINK) !== null) event.preventDefault();
  };
  const onSubmit = (event: Event): void => event.preventDefault();
  // Capture on the window: before any widget handler, whatever stops propagation below.
  const win = doc.defaultView;
  win?.addEventListener('click', onClick, true);
  win?.addEventListener('auxclick', onClick, true);
  win?.addEventListener('submit', onSubmit, true);
  return () => {
    observer.disconnect();
    win?.removeEventListener('click', onClick, true);
    win?.removeEventListener('auxclick', onClick, true);
    win?.removeEventListener('submit', onSubmit, true);
  };
}
