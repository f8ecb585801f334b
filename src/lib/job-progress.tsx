import { useEffect, useRef } from 'react';
import './jobs.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Job } from '#contract/entities/job.ts';
import { cancelJobRoute } from '#contract/routes/jobs.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { ProgressBar } from '#src/ui/progress/progress-bar.tsx';
import { api } from './api.ts';
import { formatFeedTime } from './feed-time.ts';
import { isActive, jobKeys, jobQueryOptions } from './job-queries.ts';

const TONES = {
  queued: 'neutral',
  running: 'accent',
  done: 'success',
  failed: 'danger',
  cancelled: 'warning',
} as const;

/** The text of a failed job: its translation key's text when it has one, else the server's. */
export function useJobErrorText(job: Pick<Job, 'error' | 'errorCode'>): string | null {
  const { t, i18n } = useTranslation();
  if (!job.error) return null;
  const key = job.errorCode?.replace(':', '.');
  if (key && i18n.exists(key)) {
    const text = String(t(key as 'errors.network'));
    if (!text.includes('{{')) return `${text} (${job.error})`;
  }
  return job.error;
}

export interface JobProgressProps {
  siteId: number;
  /** The job as last known (a start call's answer); it is polled from here on. */
  job: Job;
  /** What runs, for the bar's accessible name. */
  label: string;
  /** Offer cancelling while it runs (the user holds the roles that start its kind). */
  canCancel?: boolean;
  /** Called once when the job stops running (done, failed or cancelled). */
  onSettled?: (job: Job) => void;
  /** The cancel call when the page has its own (the spec's DELETE …/status); default the job's. */
  cancel?: () => Promise<Job>;
}

/** A job's state and progress (%) as a `<ProgressBar>`, polled every second, with cancel. */
export function JobProgress({
  siteId,
  job: initial,
  label,
  canCancel,
  onSettled,
  cancel: cancelCall,
}: JobProgressProps) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const query = useQuery({ ...jobQueryOptions(siteId, initial.id), initialData: initial });
  const job = query.data;
  const settled = useRef(!isActive(initial));
  useEffect(() => {
    if (isActive(job) || settled.current) return;
    settled.current = true;
    void client.invalidateQueries({ queryKey: jobKeys.all(siteId) });
    onSettled?.(job);
  }, [job, client, siteId, onSettled]);
  const cancel = useMutation({
    mutationFn: () =>
      cancelCall ? cancelCall() : api(cancelJobRoute, { params: { id: siteId, jobId: job.id } }),
    onSuccess: (cancelled) => client.setQueryData(jobKeys.job(siteId, job.id), cancelled),
  });
  const errorText = useJobErrorText(job);
  return (
    <div className="job-progress" aria-live="polite">
      <div className="job-progress__head">
        <span>{label}</span>
        <Badge tone={TONES[job.state]}>{t(`jobs.state.${job.state}`)}</Badge>
        <span className="job-progress__time">
          {formatFeedTime(job.finishedAt ?? job.createdAt, i18n.language)}
        </span>
      </div>
      {isActive(job) && (
        <div className="job-progress__bar">
          <ProgressBar
            percent={job.state === 'queued' ? null : job.progress}
            label={t('jobs.progressLabel', { label })}
          />
          {canCancel && (
            <Button size="sm" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              {t('jobs.cancel')}
            </Button>
          )}
        </div>
      )}
      {job.state === 'failed' && errorText && (
        <p className="job-progress__error" role="alert">
          {errorText}
        </p>
      )}
    </div>
  );
}
