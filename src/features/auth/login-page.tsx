import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import { loginRoute } from '#contract/routes/auth.ts';
import { homePath } from '#src/app/routes.ts';
import { api, applyServerIssues } from '#src/lib/api.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Form, FormRootError, useZodForm } from '#src/ui/form/form.tsx';
import { FormTextField } from '#src/ui/form/form-field.tsx';
import { LocaleSwitch } from '#src/layout/locale-switch.tsx';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAuthStore((state) => state.me);
  const signedIn = useAuthStore((state) => state.signedIn);
  const form = useZodForm(loginRoute.body, { defaultValues: { username: '', password: '' } });

  useEffect(() => {
    document.title = `Vitrina · ${t('routes.login')}`;
  }, [t]);

  if (me) return <Navigate to={homePath()} replace />;

  return (
    <main className="login">
      <div className="login__card">
        <div className="login__header">
          <h1 className="login__brand">Vitrina</h1>
          <LocaleSwitch />
        </div>
        <p className="login__lead">{t('auth.lead')}</p>
        <Form
          form={form}
          aria-label={t('auth.title')}
          onSubmit={async (values) => {
            try {
              const me = await api(
                loginRoute,
                { body: values },
                { quiet: true, successToast: false },
              );
              signedIn(me);
              navigate(homePath(), { replace: true });
            } catch (error) {
              if (applyServerIssues(error, form.setError)) return;
              const wrong = error instanceof ApiError && error.status === 401;
              const message =
                error instanceof ApiError && error.status > 0 && !wrong
                  ? error.message
                  : t(wrong ? 'auth.wrong' : 'errors.network');
              form.setError('root.server', { type: 'server', message });
            }
          }}
        >
          <FormTextField
            name="username"
            label={t('auth.username')}
            autoComplete="username"
            required
          />
          <FormTextField
            name="password"
            type="password"
            label={t('auth.password')}
            autoComplete="current-password"
            required
          />
          <FormRootError />
          <Button
            type="submit"
            variant="primary"
            loading={form.formState.isSubmitting}
            className="login__submit"
          >
            {t('auth.submit')}
          </Button>
        </Form>
      </div>
    </main>
  );
}
