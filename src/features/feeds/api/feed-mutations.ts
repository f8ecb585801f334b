import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ContentFeedSettings,
  DeltaFeedSettings,
  FacetsFeedSettings,
  FeedParsingConfigInput,
  FeedType,
  ImshopRegion,
  YmlFeedSettings,
} from '#contract/entities/feeds.ts';
import type { Job } from '#contract/entities/job.ts';
import {
  contentFeedCancelRoute,
  contentFeedStartRoute,
  deleteFeedAttributesFromFileRoute,
  deleteFeedAttributesRoute,
  deleteFeedParsingConfigRoute,
  deltaFeedStartRoute,
  editDeltaSettingsRoute,
  editYmlSettingsRoute,
  facetsFeedCancelRoute,
  facetsFeedStartRoute,
  feedCheckerStartRoute,
  feedLoaderStartRoute,
  saveContentRoute,
  saveFacetsFeedRoute,
  saveFeedParsingConfigRoute,
  saveImshopRegionsRoute,
  uploadFeedAttributesRoute,
} from '#contract/routes/feeds.ts';
import { addMonitoringEmailRoute, deleteMonitoringEmailRoute } from '#contract/routes/mail.ts';
import { deleteSiteFeedsRoute } from '#contract/routes/sites.ts';
import { api } from '#src/lib/api.ts';
import { uploadFile } from '#src/lib/upload.ts';
import { jobKeys } from '#src/lib/job-queries.ts';
import { siteKey } from '#src/lib/site-query.ts';
import type { FeedJobKindName } from './feed-queries.ts';
import { feedKeys } from './keys.ts';

/** The feed jobs a button starts (the check has its own page and parameters). */
export type StartKind = Exclude<FeedJobKindName, 'feed-check'>;

const START: Record<StartKind, (siteId: number) => Promise<Job>> = {
  'feed-update': (siteId) => api(feedLoaderStartRoute, { query: { siteId } }),
  'delta-feed': (siteId) => api(deltaFeedStartRoute, { query: { siteId } }),
  'facets-feed': (siteId) => api(facetsFeedStartRoute, { query: { siteId } }),
  'content-feed': (siteId) => api(contentFeedStartRoute, { query: { siteId } }),
};

/** The spec's cancel calls (DELETE …/status) for facets and content; the job's own for the rest. */
export const FEED_CANCEL: Partial<Record<StartKind, (siteId: number) => Promise<Job>>> = {
  'facets-feed': (siteId) => api(facetsFeedCancelRoute, { query: { siteId } }),
  'content-feed': (siteId) => api(contentFeedCancelRoute, { query: { siteId } }),
};

/** Starts a feed job; its status shows the new job at once. */
export function useStartFeedJobMutation(siteId: number, kind: StartKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => START[kind](siteId),
    onSuccess: (job) => client.setQueryData(feedKeys.status(siteId, kind), job),
  });
}

/** A dry run of a feed of one type and region (the checker page). */
export function useStartFeedCheckMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { feedType: FeedType; regionId: string }) =>
      api(feedCheckerStartRoute, { query: { siteId, ...input } }, { successToast: false }),
    onSuccess: (job) => client.setQueryData(feedKeys.status(siteId, 'feed-check'), job),
  });
}

/** The settings saves; failures are the form's to show. */
export const saveFeedSettings = {
  yml: (siteId: number, body: YmlFeedSettings) =>
    api(editYmlSettingsRoute, { query: { siteId }, body }, { quiet: true }),
  delta: (siteId: number, body: DeltaFeedSettings) =>
    api(editDeltaSettingsRoute, { query: { siteId }, body }, { quiet: true }),
  facets: (siteId: number, body: FacetsFeedSettings) =>
    api(saveFacetsFeedRoute, { query: { siteId }, body }, { quiet: true }),
  content: (siteId: number, body: ContentFeedSettings) =>
    api(saveContentRoute, { query: { siteId }, body }, { quiet: true }),
};

/**
 * A settings save also refreshes the schedules: a YML or delta save sets them
 * (server/feeds/jobs.ts syncSchedule).
 */
export function useSaveFeedSettingsMutation<T>(
  siteId: number,
  save: (siteId: number, body: T) => Promise<unknown>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => save(siteId, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: feedKeys.all(siteId) }),
        client.invalidateQueries({ queryKey: jobKeys.all(siteId) }),
      ]),
  });
}

/** Saves a parsing config; failures are the form's to show. */
export function useSaveParsingConfigMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedParsingConfigInput) =>
      api(saveFeedParsingConfigRoute, { query: { siteId }, body }, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedKeys.parsing(siteId) }),
  });
}

export function useDeleteParsingConfigMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteFeedParsingConfigRoute, { query: { siteId, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedKeys.parsing(siteId) }),
  });
}

/** Saves the whole ordered list of imshop regions; failures are the form's to show. */
export function useSaveImshopRegionsMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ImshopRegion[]) =>
      api(saveImshopRegionsRoute, { query: { siteId }, body }, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedKeys.imshop(siteId) }),
  });
}

/** Adds a monitoring address; a refusal is the form's to show. */
export function useAddMonitoringEmailMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api(addMonitoringEmailRoute, { query: { siteId }, body: { email } }, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedKeys.emails(siteId) }),
  });
}

export function useDeleteMonitoringEmailMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(deleteMonitoringEmailRoute, { query: { siteId, id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedKeys.emails(siteId) }),
  });
}

/** Clears every type's feed status, or one type's ('' for all). */
export function useClearFeedStatusMutation(siteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (feedType: '' | FeedType) =>
      api(deleteSiteFeedsRoute, { params: { id: siteId }, query: feedType ? { feedType } : {} }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: feedKeys.all(siteId) }),
        // The site block and the home screen show the last feed update too.
        client.invalidateQueries({ queryKey: siteKey(siteId) }),
      ]),
  });
}

/** The feed attributes' edits; the list refreshes itself after each. */
export const deleteFeedAttribute = (siteId: number, id: string) =>
  api(deleteFeedAttributesRoute, { query: { siteId, ids: [id] } });

/** Uploads a file of attribute ids to keep; reports the share sent. */
export const uploadFeedAttributes = (
  siteId: number,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => uploadFile(uploadFeedAttributesRoute, { query: { siteId }, file, onProgress, signal });

/** Uploads a file of attribute ids to delete; reports the share sent. */
export const deleteFeedAttributesFromFile = (
  siteId: number,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => uploadFile(deleteFeedAttributesFromFileRoute, { query: { siteId }, file, onProgress, signal });
