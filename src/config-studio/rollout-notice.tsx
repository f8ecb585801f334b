import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConfigKind } from '#contract/entities/config.ts';
import { CONFIG_ROLES } from '#contract/entities/config-roles.ts';
import type { RolloutSettings, RolloutWatch } from '#contract/entities/rollout.ts';
import {
  getRolloutSettingsRoute,
  listRolloutWatchesRoute,
  saveRolloutSettingsRoute,
} from '#contract/routes/rollout.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { ReadOnlyNotice } from '#src/ui/read-only/read-only-notice.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { api } from '#src/lib/api.ts';
import { useDenied } from '#src/lib/permissions.ts';
import { configStudioKeys } from './api/keys.ts';
import { formatDateTime } from './rollout-schedule.tsx';
import './rollout.css';

const percent = (value: number | null) =>
  value === null ? '—' : `${(value * 100).toFixed(1).replace('.', ',')} %`;

/**
 * The console's notice of the automatic rollback on the studio's versions: the
 * latest promotion under watch, or rolled back (with why and the figures), polled.
 */
export function RolloutNotice({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const watches = useQuery({
    queryKey: configStudioKeys.rolloutWatches(siteId),
    queryFn: ({ signal }) =>
      api(listRolloutWatchesRoute, { query: { siteId, limit: 1 }, signal }, { overlay: false }),
    refetchInterval: 10_000,
  });
  const watch: RolloutWatch | undefined = watches.data?.[0];
  if (!watch || watch.state === 'passed') return null;
  const figures = watch.figures;
  return (
    <div
      className={`rollout-notice rollout-notice--${watch.state}`}
      role={watch.state === 'rolled_back' ? 'alert' : 'status'}
    >
      {watch.state === 'rolled_back' ? (
        <>
          <p>
            <strong>
              {t('configStudio.rollout.rolledBack', {
                at: formatDateTime(watch.checkedAt ?? watch.endsAt),
                artifact: watch.previousArtifactId ?? '—',
              })}
            </strong>
          </p>
          <p>{t(`configStudio.rollout.reasons.${watch.reason ?? 'errors'}`)}</p>
          {figures && (
            <p>
              {t('configStudio.rollout.figures', {
                errors: figures.widgetErrors,
                views: figures.views ?? '—',
                sources: figures.errorSources ?? '—',
                searches: figures.searches,
                baseline: figures.baselineSearches,
                ctr: percent(figures.ctr),
                baselineCtr: percent(figures.baselineCtr),
              })}
            </p>
          )}
        </>
      ) : (
        <p>{t('configStudio.rollout.watching', { until: formatDateTime(watch.endsAt) })}</p>
      )}
    </div>
  );
}

const NUMBER_FIELDS = [
  'windowMinutes',
  'maxWidgetErrors',
  'maxErrorRatePercent',
  'minViews',
  'minErrorSources',
  'searchDropPercent',
  'ctrDropPercent',
  'minBaselineSearches',
] as const;

/**
 * The site's automatic rollback thresholds, editable with the generate roles of the config kind
 * on screen; without them, read-only with the reason.
 */
export function RolloutSettingsPanel({ siteId, kind }: { siteId: number; kind: ConfigKind }) {
  const { t } = useTranslation();
  const denied = useDenied(CONFIG_ROLES[kind].generate);
  const settings = useQuery({
    queryKey: configStudioKeys.rolloutSettings(siteId),
    queryFn: ({ signal }) =>
      api(getRolloutSettingsRoute, { query: { siteId }, signal }, { overlay: false }),
  });
  if (!settings.data) return null;
  return (
    <details className="rollout-settings">
      <summary>{t('configStudio.rollout.settings.title')}</summary>
      <p className="schedule-promotion__note">{t('configStudio.rollout.settings.hint')}</p>
      {denied && <ReadOnlyNotice>{denied.note}</ReadOnlyNotice>}
      <RolloutSettingsForm
        key={JSON.stringify(settings.data)}
        siteId={siteId}
        initial={settings.data}
        canEdit={denied === null}
      />
    </details>
  );
}

function RolloutSettingsForm({
  siteId,
  initial,
  canEdit,
}: {
  siteId: number;
  initial: RolloutSettings;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(NUMBER_FIELDS.map((name) => [name, String(initial[name])])),
  );
  const [enabled, setEnabled] = useState(initial.enabled);
  const save = useMutation({
    mutationFn: (body: RolloutSettings) =>
      api(saveRolloutSettingsRoute, { query: { siteId }, body }),
    onSuccess: (saved) => client.setQueryData(configStudioKeys.rolloutSettings(siteId), saved),
  });
  const invalid = (name: (typeof NUMBER_FIELDS)[number]) => !/^\d+$/.test(draft[name] ?? '');
  const submit = () => {
    if (NUMBER_FIELDS.some(invalid)) return;
    save.mutate({
      enabled,
      ...(Object.fromEntries(NUMBER_FIELDS.map((name) => [name, Number(draft[name])])) as Omit<
        RolloutSettings,
        'enabled'
      >),
    });
  };
  return (
    <div className="rollout-settings__form">
      <Checkbox
        label={t('configStudio.rollout.settings.enabled')}
        checked={enabled}
        disabled={!canEdit}
        onCheckedChange={setEnabled}
      />
      {NUMBER_FIELDS.map((name) => (
        <TextInput
          key={name}
          label={t(`configStudio.rollout.settings.${name}`)}
          value={draft[name] ?? ''}
          inputMode="numeric"
          disabled={!canEdit}
          onChange={(value) => setDraft((d) => ({ ...d, [name]: value }))}
          error={invalid(name) ? t('configStudio.rollout.settings.number') : undefined}
        />
      ))}
      {canEdit && (
        <Button variant="primary" onClick={submit} loading={save.isPending}>
          {t('actions.save')}
        </Button>
      )}
    </div>
  );
}
