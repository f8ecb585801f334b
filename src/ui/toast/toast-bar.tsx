import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../button/button.tsx';
import { useToastStore } from './toast-store.ts';
import type { Toast } from './toast-store.ts';

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (toast.durationMs <= 0) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, onDismiss]);

  const isError = toast.kind === 'error';
  const title = toast.title ?? t(isError ? 'ui.toast.errorTitle' : 'ui.toast.successTitle');
  const message = toast.message ?? (isError ? undefined : t('ui.toast.successMessage'));
  return (
    <div className={`ui-toast ui-toast--${toast.kind}`} role={isError ? 'alert' : 'status'}>
      <div className="ui-toast__content">
        <p className="ui-toast__title">{title}</p>
        {message !== undefined && message !== '' && <p className="ui-toast__message">{message}</p>}
      </div>
      <IconButton label={t('ui.toast.close')} onClick={() => onDismiss(toast.id)}>
        ✕
      </IconButton>
    </div>
  );
}

/** Renders the toast store; mount once near the app root. Each toast hides after 3000 ms. */
export function ToastBar() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <section aria-label={t('ui.toast.region')}>
      <div className="ui-toast-bar">
        {toasts.map((item) => (
          <ToastItem key={item.id} toast={item} onDismiss={dismiss} />
        ))}
      </div>
    </section>
  );
}
