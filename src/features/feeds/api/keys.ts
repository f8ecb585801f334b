/** Hierarchical keys: a mutation invalidates one level (STYLE.md 11). */
export const feedKeys = {
  all: (siteId: number) => ['feeds', siteId] as const,
  resources: (siteId: number) => ['feeds', siteId, 'resources'] as const,
  urls: (siteId: number) => ['feeds', siteId, 'urls'] as const,
  status: (siteId: number, kind: string) => ['feeds', siteId, 'status', kind] as const,
  rules: (siteId: number) => ['feeds', siteId, 'rules'] as const,
  attributes: (siteId: number) => ['feeds', siteId, 'attributes'] as const,
  parsing: (siteId: number) => ['feeds', siteId, 'parsing'] as const,
  imshop: (siteId: number) => ['feeds', siteId, 'imshop'] as const,
  emails: (siteId: number) => ['feeds', siteId, 'emails'] as const,
  outbox: (siteId: number) => ['feeds', siteId, 'outbox'] as const,
};
