import i18next from 'i18next';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { addDays, startOfDay } from 'date-fns';
import { DEPLOY_KINDS, type ConfigKind } from '#contract/entities/config.ts';
import type { ScheduledPromotion } from '#contract/entities/rollout.ts';
import {
  cancelScheduledPromotionRoute,
  listScheduledPromotionsRoute,
  schedulePromotionRoute,
} from '#contract/routes/rollout.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { api } from '#src/lib/api.ts';
import { configStudioKeys } from './api/keys.ts';
import type { ConfigActor } from './config-form.ts';
import './rollout.css';
import { formatDateTime as formatMoment } from '#src/lib/date-format.ts';

/** The calendar (react-day-picker, ≈ 15 KB gz) loads when the schedule dialog opens, not with the screen. */
const DatePicker = lazy(() =>
  import('#src/ui/date-picker/date-picker.tsx').then(({ DatePicker }) => ({ default: DatePicker })),
);

/** The Russian date-time of the console: 24.11.2026 00:00. */
/** In the console's one date-time format (date-format.ts), in the interface language. */
export const formatDateTime = (iso: string) => formatMoment(iso, i18next.language);

/** `ЧЧ:ММ` or `ЧЧ:ММ:СС` on a day → the instant (the browser's zone), or null. */
export function atTime(day: Date, time: string): Date | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(time.trim());
  if (!match) return null;
  const at = startOfDay(day);
  at.setHours(Number(match[1]), Number(match[2]), Number(match[3] ?? 0), 0);
  return at;
}

const GATE_SCHEDULE = { type: 'GATE', purpose: 'schedule' } as const;

/**
 * The studio toolbar's «Запланировать»: generate (or deploy) at a time — a day from the date
 * picker and a time — and the site's upcoming runs of this config with a cancel button each.
 */
export function SchedulePromotion({
  actor,
  siteId,
  kind,
  configKey,
  canGenerate,
}: {
  /** The config's machine: its visual check runs before anything is scheduled. */
  actor: ConfigActor;
  siteId: number;
  kind: ConfigKind;
  /** A block's or component's id; 0 for the one-per-site kinds; null while a new one is unsaved. */
  configKey: number | null;
  canGenerate: boolean;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState<Date>(() => new Date());
  const [time, setTime] = useState('00:00');
  const [error, setError] = useState<string | null>(null);
  const deploy = (DEPLOY_KINDS as readonly string[]).includes(kind);
  const list = useQuery({
    queryKey: configStudioKeys.scheduledPromotions(siteId),
    queryFn: ({ signal }) =>
      api(listScheduledPromotionsRoute, { query: { siteId }, signal }, { overlay: false }),
    refetchInterval: 5000,
  });
  const refresh = () =>
    client.invalidateQueries({ queryKey: configStudioKeys.scheduledPromotions(siteId) });
  const schedule = useMutation({
    mutationFn: (runAt: Date) =>
      api(
        schedulePromotionRoute,
        { query: { siteId }, body: { kind, key: configKey ?? 0, runAt: runAt.toISOString() } },
        { successToast: t('configStudio.rollout.scheduled') },
      ),
    onSuccess: refresh,
  });
  const cancel = useMutation({
    mutationFn: (id: number) =>
      api(
        cancelScheduledPromotionRoute,
        { params: { promotionId: id }, query: { siteId } },
        { successToast: t('configStudio.rollout.cancelled') },
      ),
    onSuccess: refresh,
  });
  const mine = (list.data ?? []).filter(
    (p: ScheduledPromotion) =>
      p.kind === kind && p.key === (configKey ?? 0) && p.state === 'scheduled',
  );
  const recent = (list.data ?? []).find(
    (p: ScheduledPromotion) =>
      p.kind === kind && p.key === (configKey ?? 0) && p.state !== 'scheduled',
  );
  // The visual check runs first: the server schedules only a version whose check passed or
  // whose changes were accepted, so what fires later is what was seen.
  // The dialog is the screen's (VisualGateDialog); a passed check for a scheduling schedules.
  const pending = useRef<Date | null>(null);
  const { mutate } = schedule;
  // The check starts from the editor's resting state only: while a save, a preview, a generation
  // or another check runs, the machine would drop the request, so the button waits for it.
  const ready = useSelector(actor, (s) => s.can(GATE_SCHEDULE));
  useEffect(() => {
    const subscription = actor.on('gatePassed', ({ purpose }) => {
      if (purpose === 'schedule' && pending.current) mutate(pending.current);
    });
    return () => subscription.unsubscribe();
  }, [actor, mutate]);
  const submit = () => {
    const at = atTime(day, time);
    if (!at) return setError(t('configStudio.rollout.badTime'));
    if (at.getTime() <= Date.now()) return setError(t('configStudio.rollout.pastTime'));
    if (!actor.getSnapshot().can(GATE_SCHEDULE)) return setError(t('configStudio.rollout.busy'));
    setError(null);
    pending.current = at;
    setOpen(false);
    actor.send(GATE_SCHEDULE);
  };
  if (configKey === null) return null;
  return (
    <section className="schedule-promotion" aria-label={t('configStudio.rollout.section')}>
      {canGenerate && (
        <Button
          size="sm"
          onClick={() => setOpen(true)}
          disabled={!ready}
          disabledReason={t('configStudio.rollout.busy')}
        >
          {t(
            deploy
              ? 'configStudio.rollout.scheduleDeploy'
              : 'configStudio.rollout.scheduleGenerate',
          )}
        </Button>
      )}
      {mine.length > 0 && (
        <ul className="schedule-promotion__list">
          {mine.map((p) => (
            <li key={p.id}>
              <span>
                {t('configStudio.rollout.upcoming', {
                  action: t(`configStudio.rollout.actions.${p.action}`),
                  at: formatDateTime(p.runAt),
                  author: p.createdBy,
                })}
              </span>
              {canGenerate && (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => cancel.mutate(p.id)}
                  loading={cancel.isPending && cancel.variables === p.id}
                >
                  {t('configStudio.rollout.cancel')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mine.length === 0 && recent && recent.state !== 'cancelled' && (
        <p
          className={`schedule-promotion__recent${recent.state === 'failed' ? ' schedule-promotion__recent--failed' : ''}`}
          role={recent.state === 'failed' ? 'alert' : 'status'}
        >
          {recent.state === 'failed'
            ? t('configStudio.rollout.recent.failed', {
                at: formatDateTime(recent.runAt),
                reason: t(`configStudio.rollout.failures.${recent.errorCode ?? 'other'}`),
              })
            : t('configStudio.rollout.recent.fired', { at: formatDateTime(recent.runAt) })}
        </p>
      )}
      <Modal
        open={open}
        mode="EDIT"
        title={t(
          deploy ? 'configStudio.rollout.scheduleDeploy' : 'configStudio.rollout.scheduleGenerate',
        )}
        onClose={() => setOpen(false)}
        onConfirm={submit}
        confirmLabel={t('configStudio.rollout.confirm')}
        confirmLoading={schedule.isPending}
      >
        <div className="schedule-promotion__form">
          <Suspense fallback={<span aria-busy="true">{t('configStudio.rollout.day')}</span>}>
            <DatePicker
              label={t('configStudio.rollout.day')}
              value={day}
              onChange={setDay}
              minDate={startOfDay(new Date())}
              maxDate={addDays(new Date(), 365)}
            />
          </Suspense>
          <TextInput
            label={t('configStudio.rollout.time')}
            hint={t('configStudio.rollout.timeHint')}
            value={time}
            onChange={(value) => {
              setTime(value);
              setError(null);
            }}
            onEnter={submit}
            placeholder="ЧЧ:ММ"
            error={error ?? undefined}
            errorDelayMs={0}
          />
          <p className="schedule-promotion__note">{t('configStudio.rollout.note')}</p>
          <p className="schedule-promotion__note">{t('configStudio.rollout.checkFirst')}</p>
        </div>
      </Modal>
    </section>
  );
}
