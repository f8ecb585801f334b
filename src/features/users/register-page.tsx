import { useTranslation } from 'react-i18next';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { AttachSiteForm } from './components/attach-site-form.tsx';
import { RegisterSiteForm } from './components/register-site-form.tsx';
import { RegisterUserForm } from './components/register-user-form.tsx';

export default function RegisterPage() {
  const { t } = useTranslation();
  const isAdmin = useAuthStore((state) => state.me?.roles.includes('ROLE_ADMIN') ?? false);
  return (
    <div className="page">
      <h1>{t('routes.registerUser')}</h1>
      <section className="panel">
        <h2>{t('users.register.userTitle')}</h2>
        <RegisterUserForm isAdmin={isAdmin} />
      </section>
      <section className="panel">
        <h2>{t('users.register.siteTitle')}</h2>
        <RegisterSiteForm />
      </section>
      <section className="panel">
        <h2>{t('users.register.attachTitle')}</h2>
        <AttachSiteForm />
      </section>
    </div>
  );
}
