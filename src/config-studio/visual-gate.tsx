import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPLOY_KINDS, type ConfigKind } from '#contract/entities/config.ts';
import {
  acceptGateRoute,
  gateRunRoute,
  startGateRoute,
  type GateRun,
} from '#contract/routes/visual-gate.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { ProgressBar } from '#src/ui/progress/progress-bar.tsx';
import { api, isAbort } from '#src/lib/api.ts';

// The gallery shows only once a run has images: its code loads then, not with every studio screen.
const VisualGateGallery = lazy(() =>
  import('#studio/panels/visual-gate-gallery.tsx').then((m) => ({ default: m.VisualGateGallery })),
);

/** Spec §9: jobs are polled every second. */
const POLL_MS = 1000;

export interface VisualGateOptions {
  siteId: number | null;
  kind: ConfigKind;
  /** configId / componentId of a block or component (deploy); absent for the one-per-site kinds. */
  id?: number | undefined;
  /** What the dialog's last button does once the check holds (its label). */
  promoteAction: 'generate' | 'deploy' | 'schedule';
  /** Whether the user may accept (the generate role of the kind). */
  canAccept: boolean;
  /** Starts the generate / deploy job (the machine's PROMOTE). */
  promote: () => void;
}

type Phase = { step: 'closed' } | { step: 'starting' } | { step: 'run'; run: GateRun };

/**
 * The visual regression gate in front of Generate and Deploy: `request()` runs the
 * check (or finds the current one); nothing changed, already accepted or the gate switched off by
 * the server → the promotion starts at once; otherwise the gallery shows the difference and a
 * user with the generate role accepts it, then promotes from the dialog.
 */
export function useVisualGate(options: VisualGateOptions): {
  request: () => void;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ step: 'closed' });
  const [accepting, setAccepting] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => () => controller.current?.abort(), []);

  const settle = useCallback((run: GateRun, signal: AbortSignal) => {
    if (signal.aborted) return;
    if (run.state === 'passed' || (run.state === 'accepted' && run.current)) {
      setPhase({ step: 'closed' });
      latest.current.promote();
      return;
    }
    setPhase({ step: 'run', run });
  }, []);

  const poll = useCallback(
    async (run: GateRun, signal: AbortSignal) => {
      const { siteId } = latest.current;
      let current = run;
      setPhase({ step: 'run', run: current });
      while (current.state === 'running' && !signal.aborted) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (signal.aborted) return;
        current = await api(
          gateRunRoute,
          { params: { runId: current.id }, query: { siteId: siteId ?? 0 }, signal },
          { overlay: false },
        );
        if (current.state === 'running') setPhase({ step: 'run', run: current });
      }
      settle(current, signal);
    },
    [settle],
  );

  const request = useCallback(() => {
    const { siteId, kind, id } = latest.current;
    if (siteId === null) return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ step: 'starting' });
    const keyed = (DEPLOY_KINDS as readonly string[]).includes(kind);
    void (async () => {
      try {
        const status = await api(
          startGateRoute,
          {
            params: { kind },
            query: { siteId, ...(keyed && id !== undefined && { id }) },
            signal: abort.signal,
          },
          { overlay: false, successToast: false },
        );
        if (!status.enabled || !status.run) {
          // VISUAL_GATE=off: the server promotes without the check.
          setPhase({ step: 'closed' });
          latest.current.promote();
          return;
        }
        await poll(status.run, abort.signal);
      } catch (error) {
        if (!isAbort(error)) setPhase({ step: 'closed' });
      }
    })();
  }, [poll]);

  const close = () => {
    controller.current?.abort();
    setPhase({ step: 'closed' });
  };

  const accept = async (run: GateRun) => {
    setAccepting(true);
    try {
      const accepted = await api(acceptGateRoute, {
        params: { runId: run.id },
        query: { siteId: latest.current.siteId ?? 0 },
      });
      setPhase({ step: 'run', run: accepted });
    } catch {
      // The toast says why (403, or 409 when production moved meanwhile).
    } finally {
      setAccepting(false);
    }
  };

  const { siteId, promoteAction, canAccept } = options;
  const imageUrl = (runId: number) => (view: string, image: string) =>
    `/api/config/gate/run/${runId}/image?${new URLSearchParams({
      siteId: String(siteId ?? 0),
      view,
      image,
    }).toString()}`;

  const run = phase.step === 'run' ? phase.run : null;
  const footer = (
    <>
      <Button onClick={close}>{t('studio.gate.close')}</Button>
      {run && (run.state === 'failed' || run.state === 'unavailable' || !run.current) && (
        <Button onClick={request}>{t('studio.gate.retry')}</Button>
      )}
      {run?.state === 'changed' && run.current && (
        <Button
          variant="primary"
          disabled={!canAccept}
          disabledReason={t('studio.gate.noAcceptRole')}
          loading={accepting}
          onClick={() => void accept(run)}
        >
          {t('studio.gate.accept')}
        </Button>
      )}
      {run?.state === 'accepted' && run.current && (
        <Button
          variant="primary"
          onClick={() => {
            setPhase({ step: 'closed' });
            latest.current.promote();
          }}
        >
          {t(`studio.gate.${promoteAction}`)}
        </Button>
      )}
    </>
  );

  const dialog = (
    <Modal
      open={phase.step !== 'closed'}
      onClose={close}
      title={t('studio.gate.title')}
      width={1200}
      footer={footer}
      closeOnOutsideClick={false}
    >
      {phase.step === 'starting' && (
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
  return { request, dialog };
}
