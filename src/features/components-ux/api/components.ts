import type { ApiCall } from '#contract/client.ts';
import {
  globalComponent,
  parseGlobalComponent,
  serializeGlobalComponent,
  type GlobalComponent,
  type GlobalComponentWire,
  unlistConfig,
} from '#contract/entities/config.ts';
import {
  deleteGlobalComponentRoute,
  globalComponentVersionRoute,
  listGlobalComponentsRoute,
  saveGlobalComponentRoute,
} from '#contract/routes/configs.ts';

/** A component copy as the screen holds it: parsed, with the version it was read at. */
export interface StoredComponent {
  versionId: number | null;
  version: number;
  author: string | null;
  createdAt: string | null;
  component: GlobalComponent & { componentId: number };
}

interface StoredWire {
  versionId: number | null;
  version: number;
  author: string | null;
  createdAt: string | null;
  config: GlobalComponentWire;
}

function toStored(stored: StoredWire): StoredComponent {
  const component = parseGlobalComponent(stored.config);
  if (component.componentId === undefined)
    throw new Error('A stored component without componentId');
  return {
    versionId: stored.versionId,
    version: stored.version,
    author: stored.author,
    createdAt: stored.createdAt,
    component: { ...component, componentId: component.componentId },
  };
}

const orderingOf = (stored: StoredComponent) => stored.component.customSettings.ordering;

/** The components of one copy (spec §7: production with test=false, integration with test=true), by ordering. */
export async function listComponents(
  call: ApiCall,
  siteId: number,
  test: boolean,
  signal?: AbortSignal,
): Promise<StoredComponent[]> {
  const answer = await call(listGlobalComponentsRoute, {
    params: { id: siteId },
    query: { test: String(test) },
    signal,
  });
  return answer.data
    .map((item) => toStored(unlistConfig(item)))
    .sort(
      (a, b) => orderingOf(a) - orderingOf(b) || a.component.componentId - b.component.componentId,
    );
}

export async function loadComponentVersion(
  call: ApiCall,
  siteId: number,
  versionId: number,
): Promise<GlobalComponent> {
  const stored = await call(globalComponentVersionRoute, { params: { id: siteId, versionId } });
  return parseGlobalComponent(stored.config);
}

/** Saves one copy; customSettings and template travel as JSON text, with `test` and componentId. */
export async function saveComponent(
  call: ApiCall,
  siteId: number,
  component: GlobalComponent,
  test: boolean,
  baseVersionId: number | null,
): Promise<StoredComponent> {
  const stored = await call(saveGlobalComponentRoute, {
    query: { siteId, test: String(test) },
    body: { ...serializeGlobalComponent(component), test, baseVersionId },
  });
  return toStored(stored);
}

/**
 * Spec §4: a new component saves its PRODUCTION copy first, then the integration copy under
 * the componentId the first save returned. Returns the integration copy.
 */
export async function createComponent(
  call: ApiCall,
  siteId: number,
  input: {
    name: string;
    type: GlobalComponent['type'];
    view: GlobalComponent['view'];
    ordering: number;
  },
): Promise<StoredComponent> {
  const component = globalComponent.parse({
    name: input.name,
    type: input.type,
    view: input.view,
    customSettings: { ordering: input.ordering },
  });
  const production = await saveComponent(call, siteId, component, false, null);
  return saveComponent(
    call,
    siteId,
    { ...component, componentId: production.component.componentId },
    true,
    null,
  );
}

/** Saves the integration copies whose position changed (customSettings.ordering = index). */
export async function saveOrderings(
  call: ApiCall,
  siteId: number,
  ordered: readonly StoredComponent[],
): Promise<StoredComponent[]> {
  const next: StoredComponent[] = [];
  for (const [index, stored] of ordered.entries()) {
    if (orderingOf(stored) === index) {
      next.push(stored);
      continue;
    }
    const component = {
      ...stored.component,
      customSettings: { ...stored.component.customSettings, ordering: index },
    };
    next.push(await saveComponent(call, siteId, component, true, stored.versionId));
  }
  return next;
}

export async function deleteComponent(
  call: ApiCall,
  siteId: number,
  componentId: number,
): Promise<void> {
  await call(deleteGlobalComponentRoute, { query: { siteId, id: componentId } });
}
