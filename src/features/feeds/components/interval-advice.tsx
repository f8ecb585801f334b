import { useTranslation } from 'react-i18next';
import { deltaIntervalAdvice, UPDATE_INTERVAL_HOURS } from '#contract/entities/feeds.ts';

/** The §5 advice for the full feed's interval in hours (integration 24, production 2–4). */
export function HoursAdvice({ hours }: { hours: number }) {
  const { t } = useTranslation();
  if (!Number.isFinite(hours)) return null;
  if (hours < 2)
    return (
      <p className="feed-advice" role="status">
        {t('feeds.advice.hoursTooOften')}
      </p>
    );
  if (hours > 4 && hours !== UPDATE_INTERVAL_HOURS.integration)
    return (
      <p className="feed-advice" role="status">
        {t('feeds.advice.hoursRare')}
      </p>
    );
  return null;
}

/** The §5 advice for the delta interval in minutes (under 15 discouraged, under 10 agreed with operations). */
export function MinutesAdvice({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  if (!Number.isFinite(minutes)) return null;
  const advice = deltaIntervalAdvice(minutes);
  if (advice === 'ok') return null;
  return (
    <p
      className={advice === 'needs-agreement' ? 'feed-advice feed-advice--danger' : 'feed-advice'}
      role="status"
    >
      {t(
        advice === 'needs-agreement'
          ? 'feeds.advice.minutesAgreement'
          : 'feeds.advice.minutesDiscouraged',
      )}
    </p>
  );
}
