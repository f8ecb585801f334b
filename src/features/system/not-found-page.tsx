import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { homePath } from '#src/lib/screens.ts';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `Vitrina · ${t('routes.notFound')}`;
  }, [t]);
  return (
    <main className="page page--centered">
      <h1>{t('shell.notFound.title')}</h1>
      <Link to={homePath()}>{t('shell.notFound.home')}</Link>
    </main>
  );
}
