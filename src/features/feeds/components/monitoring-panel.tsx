import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import { monitoringEmailInput } from '#contract/entities/mail.ts';
import { hasAccess } from '#contract/roles.ts';
import {
  addMonitoringEmailRoute,
  deleteMonitoringEmailRoute,
  listMonitoringEmailsRoute,
  outboxRoute,
} from '#contract/routes/mail.ts';
import { showSaveError } from '#src/lib/api.ts';
import { formatFeedTime } from '#src/lib/feed-time.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { DeleteButton } from '#src/ui/button/delete-button.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { monitoringEmailsQueryOptions, outboxQueryOptions } from '../api/feed-queries.ts';
import {
  useAddMonitoringEmailMutation,
  useDeleteMonitoringEmailMutation,
} from '../api/feed-mutations.ts';

/** The monitoring e-mail list (view, add, delete) and, without SMTP, the outbox. */
export function MonitoringPanel({ siteId }: { siteId: number }) {
  const { t, i18n } = useTranslation();
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const allowed = hasAccess(roles, listMonitoringEmailsRoute.roles);
  const emails = useQuery({ ...monitoringEmailsQueryOptions(siteId), enabled: allowed });
  const outbox = useQuery({
    ...outboxQueryOptions(siteId),
    enabled: hasAccess(roles, outboxRoute.roles),
  });
  const remove = useDeleteMonitoringEmailMutation(siteId);
  if (!allowed) return null;
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
                  await remove.mutateAsync(item.id);
                }}
              />
            )}
          </li>
        ))}
      </ul>
      {hasAccess(roles, addMonitoringEmailRoute.roles) && <AddEmailForm siteId={siteId} />}
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

/** A new address, checked by the contract's schema; the server refuses a duplicate. */
function AddEmailForm({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const form = useZodForm(monitoringEmailInput, { defaultValues: { email: '' } });
  const add = useAddMonitoringEmailMutation(siteId);
  return (
    <Form
      form={form}
      className="feed-emails__add"
      onSubmit={async ({ email }) => {
        try {
          await add.mutateAsync(email);
        } catch (error) {
          const status = error instanceof ApiError ? error.status : 0;
          if (status === 409 || status === 400) {
            const key = status === 409 ? 'feeds.monitoring.duplicate' : 'feeds.monitoring.invalid';
            form.setError('email', { type: 'server', message: t(key) });
          } else showSaveError(error, form.setError);
          return;
        }
        form.reset({ email: '' });
      }}
    >
      <FormTextField name="email" type="email" label={t('feeds.monitoring.email')} />
      <Button
        type="submit"
        variant="primary"
        loading={add.isPending}
        disabled={!form.watch('email').trim()}
      >
        {t('feeds.monitoring.add')}
      </Button>
    </Form>
  );
}
