import { useId, useState } from 'react';
import './schedule.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button.tsx';
import { DeleteButton } from '../button/delete-button.tsx';
import { Checkbox } from '../checkbox/checkbox.tsx';
import { Select } from '../select/select.tsx';
import { TextInput } from '../text-input/text-input.tsx';
import {
  buildCron,
  draftError,
  intervalMinutes,
  parseCron,
  type ScheduleDraft,
  type ScheduleMode,
} from './schedule-cron.ts';

export interface ScheduleValue {
  cron: string;
  timeZone: string;
  enabled: boolean;
}

export interface ScheduleEditorProps {
  /** The saved schedule; null when the job has none yet. */
  value: ScheduleValue | null;
  /** The zone a new schedule is read in (the site's). */
  defaultTimeZone: string;
  /** The section's heading (what is scheduled). */
  title: ReactNode;
  /** The modes offered. @default ['minutes', 'hours', 'daily', 'cron'] */
  modes?: readonly ScheduleMode[];
  /** The mode a new schedule starts in. @default 'hours' */
  defaultMode?: ScheduleMode;
  /** When the saved schedule runs next and ran last, already formatted by the host. */
  nextRun?: ReactNode;
  lastRun?: ReactNode;
  /** Advice for an interval (minutes; null for raw cron), e.g. the feed hints of spec §5. */
  advice?: (intervalMinutes: number | null) => ReactNode;
  onSave: (value: ScheduleValue) => void | Promise<void>;
  /** Offered when a schedule exists. */
  onDelete?: () => void | Promise<void>;
  saving?: boolean;
  /** Read-only for users without the role to change it. */
  readOnly?: boolean;
  /** The server's refusal of the last save. */
  error?: ReactNode;
}

const ALL_MODES: readonly ScheduleMode[] = ['minutes', 'hours', 'daily', 'cron'];

/**
 * A recurring job's schedule: every N minutes, every N hours, daily at a time, or a cron
 * expression, in a time zone, on or off. The host saves it; the draft starts from `value` when
 * mounted, so give the editor a `key` that changes with the saved schedule.
 */
export function ScheduleEditor({
  value,
  defaultTimeZone,
  title,
  modes = ALL_MODES,
  defaultMode = 'hours',
  nextRun,
  lastRun,
  advice,
  onSave,
  onDelete,
  saving = false,
  readOnly = false,
  error,
}: ScheduleEditorProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const initial = () => parseCron(value?.cron ?? '', defaultMode);
  const [draft, setDraft] = useState<ScheduleDraft>(initial);
  const [timeZone, setTimeZone] = useState(value?.timeZone ?? defaultTimeZone);
  const [enabled, setEnabled] = useState(value?.enabled ?? true);
  const [touched, setTouched] = useState(false);

  const problem = draftError(draft);
  const cron = problem ? null : buildCron(draft);
  const dirty =
    value === null ||
    cron !== value.cron ||
    timeZone.trim() !== value.timeZone ||
    enabled !== value.enabled;
  const edit = (change: Partial<ScheduleDraft>) => {
    setTouched(true);
    setDraft((current) => ({ ...current, ...change }));
  };
  const shown = modes.includes(draft.mode) ? modes : [...modes, draft.mode];
  const adviceNode = advice?.(problem ? null : intervalMinutes(draft));

  return (
    <section className="ui-schedule" aria-labelledby={headingId}>
      <h3 id={headingId} className="ui-schedule__title">
        {title}
      </h3>
      <p className="ui-schedule__status" aria-live="polite">
        {value === null
          ? t('ui.schedule.none')
          : value.enabled
            ? t('ui.schedule.current', { cron: value.cron, zone: value.timeZone })
            : t('ui.schedule.paused', { cron: value.cron, zone: value.timeZone })}
        {value !== null && nextRun && value.enabled && (
          <>
            {' '}
            · {t('ui.schedule.next')}: {nextRun}
          </>
        )}
        {value !== null && lastRun && (
          <>
            {' '}
            · {t('ui.schedule.last')}: {lastRun}
          </>
        )}
      </p>
      <fieldset className="ui-schedule__fields" disabled={readOnly || saving}>
        <legend className="ui-visually-hidden">{title}</legend>
        <Select<ScheduleMode>
          label={t('ui.schedule.mode')}
          searchable={false}
          options={shown.map((mode) => ({ value: mode, label: t(`ui.schedule.modes.${mode}`) }))}
          value={draft.mode}
          disabled={readOnly || saving}
          onChange={(mode) => edit(mode === 'cron' ? { mode, cron: cron ?? draft.cron } : { mode })}
        />
        {(draft.mode === 'minutes' || draft.mode === 'hours') && (
          <TextInput
            type="number"
            inputMode="numeric"
            label={t(
              draft.mode === 'minutes' ? 'ui.schedule.everyMinutes' : 'ui.schedule.everyHours',
            )}
            value={String(draft.every)}
            onChange={(text) => edit({ every: Number(text) })}
          />
        )}
        {draft.mode === 'hours' && (
          <TextInput
            type="number"
            inputMode="numeric"
            label={t('ui.schedule.atMinute')}
            value={String(draft.minute)}
            onChange={(text) => edit({ minute: Number(text) })}
          />
        )}
        {draft.mode === 'daily' && (
          <TextInput
            type="time"
            label={t('ui.schedule.atTime')}
            value={draft.time}
            onChange={(text) => edit({ time: text })}
          />
        )}
        {draft.mode === 'cron' && (
          <TextInput
            label={t('ui.schedule.cron')}
            hint={t('ui.schedule.cronHint')}
            value={draft.cron}
            onChange={(text) => edit({ cron: text })}
          />
        )}
        <TextInput
          label={t('ui.schedule.timeZone')}
          value={timeZone}
          onChange={(text) => {
            setTouched(true);
            setTimeZone(text);
          }}
        />
        <Checkbox
          label={t('ui.schedule.enabled')}
          checked={enabled}
          onCheckedChange={(checked) => {
            setTouched(true);
            setEnabled(checked);
          }}
        />
      </fieldset>
      {problem && touched && (
        <p className="ui-schedule__error" role="alert">
          {t(`ui.schedule.errors.${problem}`)}
        </p>
      )}
      {adviceNode && <div className="ui-schedule__advice">{adviceNode}</div>}
      {error && (
        <p className="ui-schedule__error" role="alert">
          {error}
        </p>
      )}
      {!readOnly && (
        <div className="ui-schedule__actions">
          <Button
            variant="primary"
            loading={saving}
            disabled={cron === null || !dirty || !timeZone.trim()}
            onClick={() => cron && onSave({ cron, timeZone: timeZone.trim(), enabled })}
          >
            {t('ui.schedule.save')}
          </Button>
          {value !== null && onDelete && (
            <DeleteButton name={t('ui.schedule.deleteName')} onDelete={onDelete} size="md">
              {t('ui.schedule.delete')}
            </DeleteButton>
          )}
        </div>
      )}
    </section>
  );
}
