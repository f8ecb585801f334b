import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import { homePath } from '#src/lib/screens.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
// The sign-in form is a plain <form> with the Form widget's classes: its styles come with them.
import { LocaleSwitch } from '#src/layout/locale-switch.tsx';
import type { Me } from '#contract/entities/user.ts';
import { signIn, signInErrors, signInWithCode } from './api/sign-in-call.ts';

type FieldName = 'username' | 'password';

/** A failed sign-in call that is not the step's own refusal: too many tries, the server, the network. */
const callFailure = (status: number) =>
  status === 429 ? 'auth.tooMany' : status > 0 ? 'errors.generic' : 'errors.network';

/** One step's form (password, or two-factor code): its fields, its message, its submit button. */
function StepForm({
  label,
  submitLabel,
  busy,
  rootError,
  onSubmit,
  after,
  children,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  rootError: string | null;
  onSubmit: (event: FormEvent) => Promise<void>;
  /** Under the submit button. */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      className="ui-form"
      aria-label={label}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      {children}
      {rootError && (
        <div className="ui-form__error" role="alert">
          {rootError}
        </div>
      )}
      <Button type="submit" variant="primary" loading={busy} className="login__submit">
        {submitLabel}
      </Button>
      {after}
    </form>
  );
}

/**
 * The sign-in page. Two fields, so a plain form: no react-hook-form and no zod on this route
 * (DESIGN.md budgets); the check is loginRoute.body's, the server applies the schema itself.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAuthStore((state) => state.me);
  const signedIn = useAuthStore((state) => state.signedIn);
  const [values, setValues] = useState({ username: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [rootError, setRootError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The password was right and the account has two-factor sign-in: the code step. */
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');

  useEffect(() => {
    document.title = `Vitrina · ${t('routes.login')}`;
  }, [t]);

  if (me) return <Navigate to={homePath()} replace />;

  const own = signInErrors(values);
  const errorOf = (name: FieldName) =>
    serverErrors[name] ?? (submitted && own[name] ? t('errors.validation.required') : undefined);
  const change = (name: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors((current) => ({ ...current, [name]: undefined }));
  };

  const enter = (me: Me) => {
    signedIn(me);
    // a role requires two-factor sign-in and it is not set up yet: the profile enrols
    navigate(me.mustEnrolTwoFactor ? '/profile' : homePath(), { replace: true });
  };

  /**
   * A step's submit: the form counts as submitted and its message goes; when `ready` (its fields
   * are filled), `call` runs (catching its own failure) with the submit button busy.
   */
  const attempt = (ready: boolean, call: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setRootError(null);
    if (!ready) return;
    setBusy(true);
    try {
      await call();
    } finally {
      setBusy(false);
    }
  };

  const submitCode = attempt(code.trim() !== '', async () => {
    try {
      enter(await signInWithCode(code.trim()));
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const expired = status === 401 && error instanceof ApiError && /expired/.test(error.message);
      if (expired) {
        setCodeStep(false);
        setValues((current) => ({ ...current, password: '' }));
      }
      setRootError(
        t(
          expired
            ? 'auth.codeExpired'
            : status === 401 || status === 400
              ? 'auth.codeWrong'
              : callFailure(status),
        ),
      );
    }
  });

  const submit = attempt(!own.username && !own.password, async () => {
    try {
      const answer = await signIn({
        username: values.username.trim(),
        password: values.password,
      });
      if ('twoFactorRequired' in answer) {
        setSubmitted(false);
        setCode('');
        setCodeStep(true);
        return;
      }
      enter(answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.issues.length > 0) {
        const fields: Partial<Record<FieldName, string>> = {};
        for (const issue of error.issues) {
          const name = issue.path.at(-1);
          if (name === 'username' || name === 'password') fields[name] = issue.message;
        }
        setServerErrors(fields);
        if (Object.keys(fields).length > 0) return;
      }
      // Translated, never the server's English.
      const status = error instanceof ApiError ? error.status : 0;
      setRootError(t(status === 401 ? 'auth.wrong' : callFailure(status)));
    }
  });

  return (
    <main className="login">
      <div className="login__card">
        <div className="login__header">
          <h1 className="login__brand">Vitrina</h1>
          <LocaleSwitch />
        </div>
        <p className="login__lead">{t(codeStep ? 'auth.codeLead' : 'auth.lead')}</p>
        {codeStep ? (
          <StepForm
            label={t('auth.codeTitle')}
            submitLabel={t('auth.codeSubmit')}
            busy={busy}
            rootError={rootError}
            onSubmit={submitCode}
            after={
              <Button
                variant="ghost"
                onClick={() => {
                  setCodeStep(false);
                  setRootError(null);
                  setValues((current) => ({ ...current, password: '' }));
                }}
              >
                {t('auth.back')}
              </Button>
            }
          >
            <TextInput
              name="code"
              label={t('auth.code')}
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(value) => setCode(value)}
              error={submitted && code.trim() === '' ? t('errors.validation.required') : undefined}
              errorDelayMs={0}
              hint={t('auth.codeHint')}
            />
          </StepForm>
        ) : (
          <StepForm
            label={t('auth.title')}
            submitLabel={t('auth.submit')}
            busy={busy}
            rootError={rootError}
            onSubmit={submit}
          >
            <TextInput
              name="username"
              label={t('auth.username')}
              autoComplete="username"
              required
              value={values.username}
              onChange={change('username')}
              error={errorOf('username')}
              errorDelayMs={0}
            />
            <TextInput
              name="password"
              type="password"
              label={t('auth.password')}
              autoComplete="current-password"
              required
              value={values.password}
              onChange={change('password')}
              error={errorOf('password')}
              errorDelayMs={0}
            />
          </StepForm>
        )}
      </div>
    </main>
  );
}
