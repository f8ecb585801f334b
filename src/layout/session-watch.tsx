import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { queryClient } from '#src/app/query-client.ts';
import { sitesQueryOptions } from '#src/features/sites/api/site-queries.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';

/** Warning lead time before the session ends (spec §9). */
export const SESSION_WARNING_MS = 120_000;

type Phase = 'active' | 'expiring' | 'expired';

function phaseAt(expiresAt: number | null, now: number): Phase {
  if (expiresAt === null || now < expiresAt - SESSION_WARNING_MS) return 'active';
  return now < expiresAt ? 'expiring' : 'expired';
}

/** 'Your session is about to expire' with Refresh, then 'Your session has expired' (spec §4, §8). */
export function SessionWatch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const expiresAt = useAuthStore((state) => state.expiresAt);
  const signedOut = useAuthStore((state) => state.signedOut);
  const [now, setNow] = useState(() => Date.now());
  const phase = phaseAt(expiresAt, now);

  useEffect(() => {
    if (expiresAt === null) return;
    const next = phase === 'active' ? expiresAt - SESSION_WARNING_MS : expiresAt;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, next - Date.now()) + 50);
    return () => window.clearTimeout(timer);
  }, [expiresAt, phase]);

  const refresh = async () => {
    // Any answered call extends the session; reloading the sites is the one the spec names.
    await queryClient.fetchQuery({ ...sitesQueryOptions(), staleTime: 0 });
    setNow(Date.now());
  };

  if (phase === 'active') return null;
  if (phase === 'expiring') {
    return (
      <div className="session-banner" role="alert">
        <span>{t('shell.session.expiring')}</span>
        <Button size="sm" onClick={() => void refresh()}>
          {t('shell.session.refresh')}
        </Button>
      </div>
    );
  }
  return (
    <Modal
      open
      title={t('shell.session.expired')}
      onClose={() => {
        signedOut();
        navigate('/login');
      }}
      footer={
        <Button
          onClick={() => {
            signedOut();
            navigate('/login');
          }}
        >
          {t('shell.session.signInAgain')}
        </Button>
      }
    >
      <p>{t('shell.session.expiredText')}</p>
    </Modal>
  );
}
