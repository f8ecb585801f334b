/**
 * The signed-in user's profile: two-factor sign-in. Enrolment shows the QR code of
 * the otpauth URL (and the secret for typing in), confirms with a code from the app, then shows
 * the ten recovery codes once. When a role requires it, this is the only screen until enrolled.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { ApiError } from '#contract/client.ts';
import { twoFactorCode } from '#contract/routes/auth.ts';
import { homePath } from '#src/lib/screens.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { Form, useZodForm } from '#src/ui/form/form.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import {
  useLogoutMutation,
  useRecoveryCodesMutation,
  useRefreshTwoFactor,
  useTwoFactorConfirmMutation,
  useTwoFactorDisableMutation,
  useTwoFactorSetupMutation,
} from './api/user-mutations.ts';
import { twoFactorStatusQueryOptions } from './api/user-queries.ts';
import './profile-page.css';

interface Setup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

/** A code form's field: empty is "required", anything else the contract's check of a code. */
const codeForm = z.strictObject({ code: z.string().trim().min(1).pipe(twoFactorCode) });

function CodeForm({
  label,
  submitLabel,
  onCode,
  danger,
}: {
  label: string;
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
  /** An irreversible action: a danger button, asked about before it runs. */
  danger?: { title: string; text: string };
}) {
  const { t } = useTranslation();
  const form = useZodForm(codeForm, { defaultValues: { code: '' } });
  const [busy, setBusy] = useState(false);
  /** The checked code waiting for the danger dialog's answer. */
  const [asking, setAsking] = useState<string | null>(null);
  const run = async (code: string) => {
    setBusy(true);
    try {
      await onCode(code);
      form.reset({ code: '' });
    } catch (caught) {
      const status = caught instanceof ApiError ? caught.status : 0;
      form.setError('code', {
        message: t(
          status === 400
            ? 'users.twoFactor.wrongCode'
            : status === 403
              ? 'users.twoFactor.required'
              : 'errors.generic',
        ),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form
      form={form}
      className="profile__code"
      onSubmit={({ code }) => (danger ? setAsking(code) : run(code))}
    >
      <FormTextField name="code" label={label} autoComplete="one-time-code" />
      <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy}>
        {submitLabel}
      </Button>
      {asking !== null && danger && (
        <ConfirmDialog
          title={danger.title}
          confirmLabel={submitLabel}
          onClose={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void run(asking);
          }}
        >
          <p>{danger.text}</p>
        </ConfirmDialog>
      )}
    </Form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <section className="panel" aria-label={t('users.twoFactor.recoveryTitle')}>
      <h2>{t('users.twoFactor.recoveryTitle')}</h2>
      <p>{t('users.twoFactor.recoveryLead')}</p>
      <ol className="profile__recovery">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAuthStore((state) => state.me);
  const signedOut = useAuthStore((state) => state.signedOut);
  const status = useQuery(twoFactorStatusQueryOptions());
  const refresh = useRefreshTwoFactor();
  const setupCall = useTwoFactorSetupMutation();
  const confirmCall = useTwoFactorConfirmMutation();
  const recoveryCall = useRecoveryCodesMutation();
  const disableCall = useTwoFactorDisableMutation();
  const logoutCall = useLogoutMutation();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const start = async () => {
    setSetup(await setupCall.mutateAsync());
    setCodes(null);
  };

  const mustEnrol = me?.mustEnrolTwoFactor === true;
  const data = status.data;

  return (
    <div className="page">
      <h1>{t('routes.profile')}</h1>
      <section className="panel" aria-label={t('users.twoFactor.title')}>
        <h2>{t('users.twoFactor.title')}</h2>
        <p>{me?.name ? `${me.name} (${me.login})` : me?.login}</p>
        {mustEnrol && (
          <p role="alert" className="profile__must">
            {t('users.twoFactor.mustEnrol')}
          </p>
        )}
        {data && (
          <p className="profile__status">
            {data.enrolled
              ? t('users.twoFactor.on', { count: data.recoveryCodesLeft })
              : t('users.twoFactor.off')}
          </p>
        )}
        {data && !data.enrolled && !setup && (
          <Button variant="primary" loading={setupCall.isPending} onClick={() => void start()}>
            {t('users.twoFactor.enrol')}
          </Button>
        )}
        {data && !data.enrolled && setup && (
          <div className="profile__setup">
            <p>{t('users.twoFactor.scan')}</p>
            <img
              className="profile__qr"
              src={setup.qrCode}
              alt={t('users.twoFactor.qrAlt')}
              width={200}
              height={200}
            />
            <p>
              {t('users.twoFactor.manual')}{' '}
              <code data-testid="two-factor-secret">{setup.secret}</code>
            </p>
            <CodeForm
              label={t('users.twoFactor.code')}
              submitLabel={t('users.twoFactor.confirm')}
              onCode={async (code) => {
                const result = await confirmCall.mutateAsync(code);
                setSetup(null);
                setCodes(result.recoveryCodes);
                await refresh();
              }}
            />
          </div>
        )}
        {data?.enrolled && (
          <div className="profile__manage">
            <CodeForm
              label={t('users.twoFactor.codeForNew')}
              submitLabel={t('users.twoFactor.newCodes')}
              onCode={async (code) => {
                const result = await recoveryCall.mutateAsync(code);
                setCodes(result.recoveryCodes);
                await refresh();
              }}
            />
            {!data.required && (
              <CodeForm
                label={t('users.twoFactor.codeForOff')}
                submitLabel={t('users.twoFactor.turnOff')}
                danger={{
                  title: t('users.twoFactor.turnOffTitle'),
                  text: t('users.twoFactor.turnOffText'),
                }}
                onCode={async (code) => {
                  await disableCall.mutateAsync(code);
                  setCodes(null);
                  await refresh();
                }}
              />
            )}
          </div>
        )}
      </section>
      {codes && <RecoveryCodes codes={codes} />}
      {codes && !mustEnrol && (
        <Button variant="secondary" onClick={() => navigate(homePath())}>
          {t('users.twoFactor.done')}
        </Button>
      )}
      {mustEnrol && (
        <Button
          variant="ghost"
          onClick={() =>
            void logoutCall.mutateAsync().then(() => {
              signedOut();
              navigate('/login', { replace: true });
            })
          }
        >
          {t('shell.logout')}
        </Button>
      )}
    </div>
  );
}
