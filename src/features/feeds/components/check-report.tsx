import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { FeedCheckReport } from '#contract/entities/feeds.ts';
import { formatNumber } from '#src/lib/format.ts';
import { DataTable } from '#src/ui/data-table/data-table.tsx';
import { feedProblemText } from '../problem-text.ts';

type Problem = FeedCheckReport['problems'][number];
const problem = createColumnHelper<Problem>();

/** The feed checker's dry-run report: counts, the whole-feed verdict, ops warnings, every problem. */
export function CheckReport({ report }: { report: FeedCheckReport }) {
  const { t } = useTranslation();
  const count = (n: number) => formatNumber(n, 'ru', 0);
  const counts: Array<[string, string]> = [
    [t('feeds.checker.offers'), count(report.offers)],
    [t('feeds.checker.products'), count(report.products)],
    [t('feeds.checker.categories'), count(report.categories)],
    [t('feeds.checker.skipped'), count(report.skipped)],
    [t('feeds.checker.changed'), count(report.changed ?? 0)],
    [t('feeds.checker.removed'), count(report.removed)],
    [t('feeds.checker.previous'), count(report.previous)],
    [t('feeds.checker.bytes'), `${formatNumber(report.bytes / 1024, 'ru', 1)} KB`],
    [t('feeds.checker.encoding'), report.encoding],
  ];
  return (
    <section className="panel" aria-labelledby="feed-check-report">
      <h2 id="feed-check-report">
        {t('feeds.checker.report')} · {report.feedType} · {report.regionId}
      </h2>
      <p className="muted">{t('feeds.checker.url', { url: report.url })}</p>
      <p
        role="status"
        className={report.ok ? 'feed-verdict' : 'feed-verdict feed-advice--danger feed-advice'}
      >
        {t(report.ok ? 'feeds.checker.ok' : 'feeds.checker.notOk')}
      </p>
      {report.fatal && (
        <p className="feed-advice feed-advice--danger">
          {t('feeds.checker.fatal', { reason: report.fatal })}
        </p>
      )}
      {report.wouldHold && (
        <p className="feed-advice">
          {t('feeds.checker.wouldHold', { removed: report.removed, previous: report.previous })}
        </p>
      )}
      <dl className="feed-report__counts">
        {counts.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {report.warnings.length > 0 && (
        <>
          <h3>{t('feeds.checker.warnings')}</h3>
          <ul className="feed-report__problems" aria-label={t('feeds.checker.warnings')}>
            {report.warnings.map((warning) => (
              <li key={`${warning.message}:${warning.attribute ?? ''}`} className="feed-advice">
                {warning.attribute
                  ? t('feeds.checker.warningAttribute', {
                      ...warning,
                      attribute: warning.attribute,
                    })
                  : t('feeds.checker.warningOffers', warning)}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3>{t('feeds.checker.problems', { count: report.problemCount })}</h3>
      {report.problems.length === 0 ? (
        <p className="muted">{t('feeds.checker.noProblems')}</p>
      ) : (
        <>
          {report.problems.length < report.problemCount && (
            <p className="muted">
              {t('feeds.checker.problemsShown', {
                shown: report.problems.length,
                count: report.problemCount,
              })}
            </p>
          )}
          <DataTable<Problem>
            caption={t('feeds.checker.problems', { count: report.problemCount })}
            columns={[
              problem.accessor('line', { header: t('feeds.checker.lineHeader') }),
              problem.accessor((row) => row.id ?? '—', { id: 'id', header: 'Id' }),
              problem.accessor((row) => feedProblemText(row, t), {
                id: 'reason',
                header: t('feeds.checker.reason'),
              }),
            ]}
            data={report.problems}
            getRowId={(row, index) => `${row.line}:${index}`}
          />
        </>
      )}
    </section>
  );
}
