import { lazy, Suspense } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { promoteActionOf, visualGateOf } from '#studio/machines/config.machine.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { ProgressBar } from '#src/ui/progress/progress-bar.tsx';
import type { ConfigActor } from './config-form.ts';

// The gallery shows only once a run has images: its code loads then, not with every studio screen.
const VisualGateGallery = lazy(() =>
  import('#studio/panels/visual-gate-gallery.tsx').then((m) => ({ default: m.VisualGateGallery })),
);

/**
 * The visual regression gate's dialog in front of Generate, Deploy and a scheduling: the config
 * machine's `gating` state (studio/machines/config-gate.ts) read from its snapshot. The toolbar
 * and the schedule dialog send GATE; this shows the run and sends CANCEL, GATE_RETRY,
 * GATE_ACCEPT (a user with the generate role) and GATE_PROMOTE once the changes are accepted.
 */
export function VisualGateDialog({
  actor,
  siteId,
  canAccept,
}: {
  actor: ConfigActor;
  siteId: number | null;
  /** Whether the user may accept (the generate role of the kind). */
  canAccept: boolean;
}) {
  const { t } = useTranslation();
  const gate = useSelector(actor, visualGateOf, shallowEqual);
  const kind = useSelector(actor, (s) => s.context.kind);
  const promoteAction =
    gate?.purpose === 'schedule'
      ? 'schedule'
      : promoteActionOf(kind) === 'deploy'
        ? 'deploy'
        : 'generate';
  const close = () => actor.send({ type: 'CANCEL' });
  const imageUrl = (runId: number) => (view: string, image: string) =>
    `/api/config/gate/run/${runId}/image?${new URLSearchParams({
      siteId: String(siteId ?? 0),
      view,
      image,
    }).toString()}`;

  const run = gate?.run ?? null;
  const footer = (
    <>
      <Button onClick={close}>{t('studio.gate.close')}</Button>
      {run && (run.state === 'failed' || run.state === 'unavailable' || !run.current) && (
        <Button onClick={() => actor.send({ type: 'GATE_RETRY' })}>{t('studio.gate.retry')}</Button>
      )}
      {run?.state === 'changed' && run.current && (
        <Button
          variant="primary"
          disabled={!canAccept}
          disabledReason={t('studio.gate.noAcceptRole')}
          loading={gate?.accepting ?? false}
          onClick={() => actor.send({ type: 'GATE_ACCEPT' })}
        >
          {t('studio.gate.accept')}
        </Button>
      )}
      {run?.state === 'accepted' && run.current && (
        <Button variant="primary" onClick={() => actor.send({ type: 'GATE_PROMOTE' })}>
          {t(`studio.gate.${promoteAction}`)}
        </Button>
      )}
    </>
  );

  return (
    <Modal
      open={gate !== null}
      onClose={close}
      title={t('studio.gate.title')}
      width={1200}
      footer={footer}
      closeOnOutsideClick={false}
    >
      {gate?.starting && (
        <div className="visual-gate__running">
          <p>{t('studio.gate.starting')}</p>
          <ProgressBar percent={null} label={t('studio.gate.progress')} />
        </div>
      )}
      {run && (
        <Suspense fallback={<ProgressBar percent={null} label={t('studio.gate.progress')} />}>
          <VisualGateGallery run={run} imageUrl={imageUrl(run.id)} />
        </Suspense>
      )}
    </Modal>
  );
}
