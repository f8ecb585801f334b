import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleIssue } from '#contract/entities/merchandising.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { cx } from '#src/ui/cx.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Field, fieldIds } from '#src/ui/field/field.tsx';

/** Previous / next over a list of `total` items, `limit` a page. */
export function Pager({
  offset,
  limit,
  total,
  onOffset,
}: {
  offset: number;
  limit: number;
  total: number;
  onOffset: (offset: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.floor(offset / limit) + 1;
  if (total <= limit) return null;
  return (
    <nav className="merch-pager" aria-label={t('merch.actions.page', { page, pages })}>
      <Button size="sm" disabled={page <= 1} onClick={() => onOffset((page - 2) * limit)}>
        {t('merch.actions.prev')}
      </Button>
      <span>{t('merch.actions.page', { page, pages })}</span>
      <Button size="sm" disabled={page >= pages} onClick={() => onOffset(page * limit)}>
        {t('merch.actions.next')}
      </Button>
    </nav>
  );
}

/**
 * The rule status icons (spec part 2 §2): active in production, search on or off, autocomplete on
 * or off, error. They show what the rule does on the storefront now, not only its switches: a
 * rule that cannot act is not active, and acts in neither search nor autocomplete; the reason is
 * written beside the icons.
 */
export function RuleStatus({
  live,
  search,
  autocomplete,
  issues,
}: {
  live: boolean;
  search?: boolean;
  autocomplete?: boolean;
  issues: RuleIssue[];
}) {
  const { t } = useTranslation();
  const icon = (
    glyph: string,
    text: string,
    tone: 'success' | 'neutral' | 'warning' | 'danger',
    kind: string,
  ) => (
    <Badge tone={tone} title={text} className="merch-status__icon" data-status={kind}>
      <span aria-hidden="true">{glyph}</span>
      <span className="ui-visually-hidden">{text}</span>
    </Badge>
  );
  const issueText = (issue: RuleIssue) =>
    t(`merch.status.issue.${issue.code}`, { items: issue.items.join(', ') });
  const reasons = issues.map(issueText);
  const itemIssues = issues.filter(
    (issue) => issue.code === 'MISSING' || issue.code.startsWith('UNAVAILABLE'),
  );
  const blocked = itemIssues.some((issue) => issue.blocking);
  return (
    <span className="merch-status">
      <span className="merch-status__icons">
        {live
          ? icon('●', t('merch.status.live'), 'success', 'live')
          : icon('○', t('merch.status.notLive'), 'neutral', 'not-live')}
        {search !== undefined &&
          (live && search
            ? icon('≡', t('merch.status.searchOn'), 'success', 'search-on')
            : icon('≡', t('merch.status.searchOff'), 'neutral', 'search-off'))}
        {autocomplete !== undefined &&
          (live && autocomplete
            ? icon('⌨', t('merch.status.acOn'), 'success', 'ac-on')
            : icon('⌨', t('merch.status.acOff'), 'neutral', 'ac-off'))}
        {itemIssues.length > 0 &&
          icon(
            '!',
            t('merch.status.error', { error: itemIssues.map(issueText).join('; ') }),
            blocked ? 'danger' : 'warning',
            blocked ? 'error' : 'warning',
          )}
      </span>
      {reasons.length > 0 && (
        <span className={cx('merch-status__reason', !live && 'merch-status__reason--blocked')}>
          {reasons.join('; ')}
        </span>
      )}
    </span>
  );
}

/** A rule's period as the lists show it (site-local times). */
export function Period({ start, end }: { start: string | null; end: string | null }) {
  const { t } = useTranslation();
  const show = (value: string) => value.replace('T', ' ');
  if (!start && !end) return <>{t('merch.period.always')}</>;
  if (start && end) return <>{t('merch.period.range', { from: show(start), to: show(end) })}</>;
  if (start)
    return (
      <>
        {t('merch.period.from', { from: show(start) })}, {t('merch.period.open')}
      </>
    );
  return <>{t('merch.period.until', { to: show(end ?? '') })}</>;
}

/** A native date-time input (site-local `YYYY-MM-DDTHH:mm`) with its label. */
export function DateTimeInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
}) {
  const ids = fieldIds(`merch-date-${useId()}`);
  return (
    <Field ids={ids} label={label} error={error} className="merch-datetime">
      <input
        id={ids.controlId}
        type="datetime-local"
        className="ui-input"
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value ? event.target.value.slice(0, 16) : null)}
      />
    </Field>
  );
}
