import { queryOptions } from '@tanstack/react-query';
import type { SearchConfig } from '#contract/entities/config.ts';
import {
  configVersionRoute,
  configVersionsRoute,
  defaultTemplatesRoute,
  getConfigRoute,
} from '#contract/routes/configs.ts';
import { api } from '#src/lib/api.ts';
import { parseSingleConfig } from '#src/config-studio/config-actors.ts';
import type { SearchUxKind } from '../lib/search-ux-kind.ts';
import { searchUxKeys } from './keys.ts';

const copyFlag = (test: boolean) => (test ? 'true' : 'false');

/** One copy's latest config (used for the production side of the preview and the live checks). */
export const searchConfigQueryOptions = (siteId: number, kind: SearchUxKind, test: boolean) =>
  queryOptions({
    queryKey: searchUxKeys.copy(siteId, kind, test),
    queryFn: async ({ signal }) => {
      const stored = await api(
        getConfigRoute,
        { params: { id: siteId, kind }, query: { test: copyFlag(test) }, signal },
        { overlay: false },
      );
      return parseSingleConfig(kind, stored.config) as SearchConfig;
    },
  });

export const versionsQueryOptions = (siteId: number, kind: SearchUxKind, test: boolean) =>
  queryOptions({
    queryKey: searchUxKeys.versions(siteId, kind, test),
    queryFn: ({ signal }) =>
      api(
        configVersionsRoute,
        { params: { id: siteId, kind }, query: { test: copyFlag(test) }, signal },
        { overlay: false },
      ),
  });

export const versionQueryOptions = (siteId: number, kind: SearchUxKind, versionId: number) =>
  queryOptions({
    queryKey: searchUxKeys.version(siteId, kind, versionId),
    queryFn: async ({ signal }) => {
      const stored = await api(configVersionRoute, {
        params: { id: siteId, kind, versionId },
        signal,
      });
      return parseSingleConfig(kind, stored.config) as SearchConfig;
    },
    staleTime: Infinity,
  });

/** The storefront's default template sources and token set (what '' and null mean). */
export const defaultTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: searchUxKeys.defaultTemplates,
    queryFn: ({ signal }) => api(defaultTemplatesRoute, { signal }, { overlay: false }),
    staleTime: Infinity,
  });
