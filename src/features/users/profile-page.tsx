/**
 * The signed-in user's profile: two-factor sign-in. Enrolment shows the QR code of
 * the otpauth URL (and the secret for typing in), confirms with a code from the app, then shows
 * the ten recovery codes once. When a role requires it, this is the only screen until enrolled.
 */
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '#contract/client.ts';
import {
  logoutRoute,
  meRoute,
  twoFactorConfirmRoute,
  twoFactorDisableRoute,
  twoFactorRecoveryCodesRoute,
  twoFactorSetupRoute,
  twoFactorStatusRoute,
} from '#contract/routes/auth.ts';
import { homePath } from '#src/app/routes.ts';
import { api } from '#src/lib/api.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { ConfirmDialog } from '#src/ui/confirm-dialog/confirm-dialog.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { userKeys } from './api/keys.ts';
import './profile-page.css';

interface Setup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(t('errors.validation.required'));
      return;
    }
    if (danger) setAsking(true);
    else void run();
  };
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onCode(code.trim());
      setCode('');
    } catch (caught) {
      const status = caught instanceof ApiError ? caught.status : 0;
      setError(
        t(
          status === 400
            ? 'users.twoFactor.wrongCode'
            : status === 403
              ? 'users.twoFactor.required'
              : 'errors.generic',
        ),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ui-form profile__code" noValidate onSubmit={submit}>
      <TextInput
        name="code"
        label={label}
        autoComplete="one-time-code"
        value={code}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
        error={error}
        errorDelayMs={0}
      />
      <Button type="submit" variant={danger ? 'danger' : 'primary'} loading={busy}>
        {submitLabel}
      </Button>
      {asking && danger && (
        <ConfirmDialog
          title={danger.title}
          confirmLabel={submitLabel}
          onClose={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            void run();
          }}
        >
          <p>{danger.text}</p>
        </ConfirmDialog>
      )}
    </form>
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
  const queryClient = useQueryClient();
  const me = useAuthStore((state) => state.me);
  const signedIn = useAuthStore((state) => state.signedIn);
  const signedOut = useAuthStore((state) => state.signedOut);
  const status = useQuery({
    queryKey: userKeys.twoFactor,
    queryFn: ({ signal }) => api(twoFactorStatusRoute, { signal }, { overlay: false }),
  });
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: userKeys.twoFactor });
    signedIn(await api(meRoute, {}, { overlay: false }));
  };

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await api(twoFactorSetupRoute, {}, { successToast: false }));
      setCodes(null);
    } finally {
      setStarting(false);
    }
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
          <Button variant="primary" loading={starting} onClick={() => void start()}>
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
                const result = await api(
                  twoFactorConfirmRoute,
                  { body: { code } },
                  { quiet: true, successToast: t('users.twoFactor.enabled') },
                );
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
                const result = await api(
                  twoFactorRecoveryCodesRoute,
                  { body: { code } },
                  { quiet: true },
                );
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
                  await api(twoFactorDisableRoute, { body: { code } }, { quiet: true });
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
            void api(logoutRoute, {}, { successToast: false, quiet: true })
              .catch(() => undefined)
              .then(() => {
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
