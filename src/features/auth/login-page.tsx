import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import { homePath } from '#src/app/routes.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { LocaleSwitch } from '#src/layout/locale-switch.tsx';
import { signIn, signInErrors } from './sign-in-call.ts';

type FieldName = 'username' | 'password';

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setRootError(null);
    if (own.username || own.password) return;
    setBusy(true);
    try {
      const me = await signIn({ username: values.username.trim(), password: values.password });
      signedIn(me);
      navigate(homePath(), { replace: true });
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
      // Translated, never the server's English (issue 19.7).
      const status = error instanceof ApiError ? error.status : 0;
      setRootError(
        t(
          status === 401
            ? 'auth.wrong'
            : status === 429
              ? 'auth.tooMany'
              : status > 0
                ? 'errors.generic'
                : 'errors.network',
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="login">
      <div className="login__card">
        <div className="login__header">
          <h1 className="login__brand">Vitrina</h1>
          <LocaleSwitch />
        </div>
        <p className="login__lead">{t('auth.lead')}</p>
        <form
          className="ui-form"
          aria-label={t('auth.title')}
          noValidate
          onSubmit={(event) => void submit(event)}
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
          {rootError && (
            <div className="ui-form__error" role="alert">
              {rootError}
            </div>
          )}
          <Button type="submit" variant="primary" loading={busy} className="login__submit">
            {t('auth.submit')}
          </Button>
        </form>
      </div>
    </main>
  );
}
