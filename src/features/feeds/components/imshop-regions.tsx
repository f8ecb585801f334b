import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import type { ImshopRegion } from '#contract/entities/feeds.ts';
import { saveImshopRegionsRoute } from '#contract/routes/feeds.ts';
import { api } from '#src/lib/api.ts';
import { Button } from '#src/ui/button/button.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { imshopRegionsQueryOptions } from '../api/feed-queries.ts';
import { feedKeys } from '../api/keys.ts';

/** Imshop (mobile app) regions: an ordered list edited and saved as a whole. */
export function ImshopRegions({ siteId, canEdit }: { siteId: number; canEdit: boolean }) {
  const regions = useQuery(imshopRegionsQueryOptions(siteId));
  if (!regions.data) return null;
  // A fresh draft whenever the saved list changes.
  return (
    <RegionsForm
      key={JSON.stringify(regions.data)}
      siteId={siteId}
      saved={regions.data}
      canEdit={canEdit}
    />
  );
}

function RegionsForm({
  siteId,
  saved,
  canEdit,
}: {
  siteId: number;
  saved: ImshopRegion[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<ImshopRegion[]>(saved);
  const save = useMutation({
    mutationFn: () =>
      api(saveImshopRegionsRoute, { query: { siteId }, body: draft }, { quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: feedKeys.imshop(siteId) }),
  });
  const error =
    save.error instanceof ApiError
      ? save.error.issues
          .map((issue) => `${issue.path.slice(1).join('.')}: ${issue.message}`)
          .join('; ') || save.error.message
      : null;
  const edit = (index: number, change: Partial<ImshopRegion>) =>
    setDraft(draft.map((item, i) => (i === index ? { ...item, ...change } : item)));
  return (
    <form
      className="feed-urls"
      aria-label={t('feeds.configurator.regions')}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <fieldset disabled={!canEdit || save.isPending} className="feed-urls">
        {draft.map((region, index) => (
          <div key={index} className="feed-urls__add">
            <TextInput
              label={t('feeds.configurator.regionId')}
              value={region.regionId}
              onChange={(text) => edit(index, { regionId: text })}
            />
            <TextInput
              label={t('feeds.configurator.regionName')}
              value={region.name}
              onChange={(text) => edit(index, { name: text })}
            />
            {canEdit && (
              <Button size="sm" onClick={() => setDraft(draft.filter((_, i) => i !== index))}>
                {t('feeds.configurator.remove')}
              </Button>
            )}
          </div>
        ))}
      </fieldset>
      {error && (
        <p className="feed-advice feed-advice--danger" role="alert">
          {error}
        </p>
      )}
      {canEdit && (
        <div className="form-actions">
          <Button onClick={() => setDraft([...draft, { regionId: '', name: '' }])}>
            {t('feeds.configurator.addRegion')}
          </Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {t('feeds.configurator.saveRegions')}
          </Button>
        </div>
      )}
    </form>
  );
}
