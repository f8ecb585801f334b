import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import { hasAccess } from '#contract/roles.ts';
import {
  addMonitoringEmailRoute,
  deleteMonitoringEmailRoute,
  listMonitoringEmailsRoute,
  outboxRoute,
} from '#contract/routes/mail.ts';
import { api } from '#src/lib/api.ts';
import { formatFeedTime } from '#src/lib/feed-time.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { monitoringEmailsQueryOptions, outboxQueryOptions } from '../api/feed-queries.ts';
import { feedKeys } from '../api/keys.ts';

/** The monitoring e-mail list (view, add, delete) and, without SMTP, the outbox. */
export function MonitoringPanel({ siteId }: { siteId: number }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const allowed = hasAccess(roles, listMonitoringEmailsRoute.roles);
  const emails = useQuery({ ...monitoringEmailsQueryOptions(siteId), enabled: allowed });
  const outbox = useQuery({
    ...outboxQueryOptions(siteId),
    enabled: hasAccess(roles, outboxRoute.roles),
  });
  const [email, setEmail] = useState('');
  const add = useMutation({
    mutationFn: () =>
      api(addMonitoringEmailRoute, { query: { siteId }, body: { email } }, { quiet: true }),
    onSuccess: async () => {
      setEmail('');
      await client.invalidateQueries({ queryKey: feedKeys.emails(siteId) });
    },
  });
  if (!allowed) return null;
  const error =
    add.error instanceof ApiError
      ? add.error.status === 409
        ? t('feeds.monitoring.duplicate')
        : add.error.status === 400
          ? t('feeds.monitoring.invalid')
          : add.error.message
      : undefined;
  return (
    <section className="panel" aria-labelledby="feeds-monitoring">
      <h2 id="feeds-monitoring">{t('feeds.monitoring.title')}</h2>
      <p className="muted">{t('feeds.monitoring.lead')}</p>
      <ul className="feed-emails" aria-label={t('feeds.monitoring.list')}>
        {emails.data?.length === 0 && <li className="muted">{t('feeds.monitoring.none')}</li>}
        {emails.data?.map((item) => (
          <li key={item.id}>
            <span>{item.email}</span>
            {hasAccess(roles, deleteMonitoringEmailRoute.roles) && (
              <DeleteButton
                name={item.email}
                aria-label={t('feeds.monitoring.delete', { email: item.email })}
                onDelete={async () => {
                  await api(deleteMonitoringEmailRoute, { query: { siteId, id: item.id } });
                  await client.invalidateQueries({ queryKey: feedKeys.emails(siteId) });
                }}
              />
            )}
          </li>
        ))}
      </ul>
      {hasAccess(roles, addMonitoringEmailRoute.roles) && (
        <form
          className="feed-emails__add"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <TextInput
            type="email"
            label={t('feeds.monitoring.email')}
            value={email}
            onChange={setEmail}
            error={error}
            errorDelayMs={0}
          />
          <Button type="submit" variant="primary" loading={add.isPending} disabled={!email.trim()}>
            {t('feeds.monitoring.add')}
          </Button>
        </form>
      )}
      {outbox.data && !outbox.data.smtpConfigured && (
        <div className="feed-outbox">
          <h3>{t('feeds.outbox.title')}</h3>
          <p className="muted">{t('feeds.outbox.lead')}</p>
          {outbox.data.messages.length === 0 ? (
            <p className="muted">{t('feeds.outbox.none')}</p>
          ) : (
            <ul className="feed-outbox__list" aria-label={t('feeds.outbox.title')}>
              {outbox.data.messages.map((message) => (
                <li key={message.id}>
                  <details>
                    <summary>
                      <strong>{message.subject}</strong> — {message.recipient} ·{' '}
                      {formatFeedTime(message.createdAt, i18n.language)}
                    </summary>
                    <pre className="feed-outbox__body">{message.body}</pre>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
