import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { QuarantinedOrder } from '#contract/routes/reports.ts';
import { hasAccess } from '#contract/roles.ts';
import { formatDateTime } from '#src/lib/date-format.ts';
import { formatCurrency } from '#src/lib/format.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DataTable } from '#src/ui/data-table/data-table.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { useSaveOrderCapMutation } from '../api/report-mutations.ts';
import { QUARANTINE_SHOWN as SHOWN, quarantineQueryOptions } from '../api/report-queries.ts';

const order = createColumnHelper<QuarantinedOrder>();

/**
 * Orders kept out of the reports: above the site's cap, or above the day's outlier
 * bound (10 × the p99 of the 28 days before, or 50 × the catalog's highest price). Operators see
 * each with the bound it passed; an administrator sets the cap here.
 */
export function QuarantineTable({ siteId }: { siteId: number }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ru';
  const titleId = useId();
  const canSetCap = useAuthStore((state) => hasAccess(state.me?.roles ?? [], ['ROLE_ADMIN']));
  const quarantine = useQuery(quarantineQueryOptions(siteId));
  const data = quarantine.data;
  const title = t('reports.quarantine.title');
  const money = (value: number) => formatCurrency(value, locale);
  return (
    <section className="reports-quarantine" aria-labelledby={titleId}>
      <h2 id={titleId} className="reports-table__caption">
        {title}
      </h2>
      <p className="reports-muted">{t('reports.quarantine.lead')}</p>
      {quarantine.isError && (
        <p className="reports-empty" role="status">
          {t('reports.quarantine.loadFailed')}
        </p>
      )}
      {data && (
        <p className="reports-muted" role="status">
          {data.total === 0
            ? t('reports.quarantine.none')
            : data.total <= SHOWN
              ? t('reports.quarantine.count', { count: data.total })
              : t('reports.quarantine.total', { count: data.total, shown: SHOWN })}
        </p>
      )}
      {data && data.total > 0 && (
        <DataTable<QuarantinedOrder>
          labelledBy={titleId}
          scrollLabel={t('reports.quarantine.list')}
          className="reports-table"
          columns={[
            order.accessor('receivedAt', {
              header: t('reports.quarantine.received'),
              cell: ({ getValue }) => formatDateTime(getValue(), i18n.language),
            }),
            order.accessor('day', { header: t('reports.quarantine.day') }),
            order.accessor('revenue', {
              header: t('reports.quarantine.revenue'),
              meta: { numeric: true },
              cell: ({ getValue }) => money(getValue()),
            }),
            order.accessor((row) => t(`reports.quarantine.reasons.${row.reason}`), {
              id: 'reason',
              header: t('reports.quarantine.reason'),
            }),
            order.accessor('threshold', {
              header: t('reports.quarantine.threshold'),
              meta: { numeric: true },
              cell: ({ getValue }) => money(getValue()),
            }),
            order.accessor('sessionId', {
              header: t('reports.quarantine.session'),
              cell: ({ getValue }) => <span translate="no">{getValue()}</span>,
            }),
          ]}
          data={data.items}
          getRowId={(row) => String(row.id)}
        />
      )}
      {data && canSetCap && <OrderCapForm siteId={siteId} cap={data.cap} />}
    </section>
  );
}

/** The administrator's cap: the highest plausible order of the site (empty: none). */
function OrderCapForm({ siteId, cap }: { siteId: number; cap: number | null }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(cap === null ? '' : String(cap));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveOrderCapMutation(siteId, t('reports.quarantine.capSaved'));
  const submit = () => {
    const text = value.trim().replace(/\s/g, '').replace(',', '.');
    if (text === '') return save.mutate(null);
    const number = Number(text);
    if (!Number.isFinite(number) || number <= 0)
      return setError(t('reports.quarantine.capInvalid'));
    setError(null);
    save.mutate(number);
  };
  return (
    <div className="reports-quarantine__cap">
      <TextInput
        label={t('reports.quarantine.cap')}
        hint={t('reports.quarantine.capHint')}
        value={value}
        inputMode="decimal"
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
        onEnter={submit}
        error={error ?? undefined}
        errorDelayMs={0}
      />
      <Button onClick={submit} loading={save.isPending}>
        {t('reports.quarantine.saveCap')}
      </Button>
    </div>
  );
}
