import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaseMeta, JobAction, Outcome } from '#studio/machines/config.machine.ts';
import type { LifecyclePermissions } from '#studio/machines/config-permissions.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { Hint } from '#src/ui/hint/hint.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import './lifecycle-toolbar.css';
import { formatShortTime } from './format-time.ts';

/** The machine's state, flattened for the toolbar (select it with `lifecycleFlags`). */
export interface LifecycleFlags {
  loading: boolean;
  dirty: boolean;
  saving: boolean;
  /** Spec §4: a preview or generate/deploy is running. */
  calculating: boolean;
  jobAction: JobAction | null;
  /** The running job's progress in %. */
  progress: number | null;
  base: BaseMeta;
  outcome: Outcome | null;
  /** The integration version production holds, when known. */
  productionVersionId: number | null;
}

export interface LifecycleToolbarProps {
  flags: LifecycleFlags;
  /** Which copy is edited: integration saves with Save, production with Save to production. */
  copy: 'integration' | 'production';
  /** Generate for single configs, deploy for recommendation blocks and global components. */
  promoteAction: 'generate' | 'deploy';
  roles: LifecyclePermissions;
  onSave: () => void;
  onPreview: () => void;
  onPromote: () => void;
  /** Formats the version time; the interface language's medium date and short time by default. */
  formatTime?: (iso: string) => string;
  /** What goes live, named in the confirmation Generate and Deploy ask for first. */
  target?: PromoteTarget;
  /** Warnings shown in that confirmation, which do not block it (contrast of the tokens …). */
  confirmWarnings?: ReactNode;
}

/** The site and the config a promotion puts into production (their display names). */
export interface PromoteTarget {
  site?: string | undefined;
  config?: string | undefined;
}

type ReasonKey =
  | 'noSaveRole'
  | 'noSaveToProdRole'
  | 'noPreviewRole'
  | 'noGenerateRole'
  | 'noDeployRole'
  | 'pristine'
  | 'unsaved'
  | 'neverSaved'
  | 'integrationOnly'
  | 'productionOnly'
  | 'busy'
  | 'loading';

/** Why each button is unavailable (the first reason wins), or null when it may be pressed. */
export function lifecycleReasons({
  flags,
  copy,
  promoteAction,
  roles,
}: Pick<LifecycleToolbarProps, 'flags' | 'copy' | 'promoteAction' | 'roles'>) {
  const busy: ReasonKey | null = flags.loading
    ? 'loading'
    : flags.saving || flags.calculating
      ? 'busy'
      : null;
  const neverSaved = flags.base.versionId === null;
  const first = (...reasons: Array<ReasonKey | false | null>): ReasonKey | null =>
    reasons.find((reason): reason is ReasonKey => Boolean(reason)) ?? null;
  return {
    save: first(
      !roles.canSave && 'noSaveRole',
      copy !== 'integration' && 'productionOnly',
      busy,
      !flags.dirty && !neverSaved && 'pristine',
    ),
    saveToProd: first(
      !roles.canSaveToProd && 'noSaveToProdRole',
      copy !== 'production' && 'productionOnly',
      busy,
      !flags.dirty && !neverSaved && 'pristine',
    ),
    preview: first(
      !roles.canPreview && 'noPreviewRole',
      copy !== 'integration' && 'integrationOnly',
      busy,
      flags.dirty && 'unsaved',
    ),
    promote: first(
      !roles.canGenerate && (promoteAction === 'deploy' ? 'noDeployRole' : 'noGenerateRole'),
      copy !== 'integration' && 'integrationOnly',
      busy,
      flags.dirty && 'unsaved',
      neverSaved && 'neverSaved',
    ),
  };
}

const formatIn = (language: string) => (iso: string) => formatShortTime(iso, language);

function ActionButton({
  label,
  reason,
  onClick,
  loading,
  variant,
}: {
  label: string;
  reason: string | null;
  onClick: () => void;
  loading: boolean;
  variant: 'primary' | 'secondary';
}) {
  const reasonId = useId();
  const button = (
    <Button
      variant={variant}
      // aria-disabled keeps the button focusable, so its reason can be read and hovered.
      aria-disabled={reason !== null || loading || undefined}
      aria-describedby={reason ? reasonId : undefined}
      aria-busy={loading || undefined}
      onClick={() => {
        if (reason === null && !loading) onClick();
      }}
    >
      {label}
    </Button>
  );
  if (reason === null) return button;
  return (
    <>
      <Hint content={reason}>{button}</Hint>
      <span id={reasonId} className="ui-visually-hidden">
        {reason}
      </span>
    </>
  );
}

/** Save / Save to production / Preview / Generate (or Deploy), with why each is unavailable. */
export function LifecycleToolbar(props: LifecycleToolbarProps) {
  const { flags, copy, promoteAction, onSave, onPreview, onPromote } = props;
  const { t, i18n } = useTranslation();
  const formatTime = props.formatTime ?? formatIn(i18n.language);
  const reasons = lifecycleReasons(props);
  const reason = (key: ReasonKey | null) => (key ? t(`studio.lifecycle.reason.${key}`) : null);

  const running =
    flags.jobAction === 'preview'
      ? 'previewing'
      : flags.jobAction === 'deploy'
        ? 'deploying'
        : 'generating';
  const status = flags.loading
    ? t('studio.lifecycle.status.loading')
    : flags.saving
      ? t('studio.lifecycle.status.saving')
      : flags.calculating
        ? `${t(`studio.lifecycle.status.${running}`)}${
            flags.progress !== null
              ? ` ${t('studio.lifecycle.status.progress', { progress: flags.progress })}`
              : ''
          }`
        : flags.dirty
          ? t('studio.lifecycle.status.unsaved')
          : null;
  const outcomeText =
    !flags.calculating && !flags.saving && flags.outcome
      ? {
          saved: t('studio.lifecycle.status.saved'),
          previewed: t('studio.lifecycle.status.previewed'),
          promoted: t('studio.lifecycle.status.promoted'),
          'already-running': t('studio.lifecycle.status.alreadyRunning'),
          failed: t('studio.lifecycle.status.failed'),
        }[flags.outcome]
      : null;
  const { base } = flags;
  const [confirming, setConfirming] = useState(false);
  const target = props.target ?? {};
  const confirmKey = promoteAction === 'deploy' ? 'deploy' : 'generate';

  return (
    <div className="vitrina-lifecycle" role="toolbar" aria-label={t('studio.lifecycle.toolbar')}>
      <div className="vitrina-lifecycle__buttons">
        {copy === 'integration' ? (
          <ActionButton
            variant="primary"
            label={t('studio.lifecycle.save')}
            reason={reason(reasons.save)}
            loading={flags.saving}
            onClick={onSave}
          />
        ) : (
          <ActionButton
            variant="primary"
            label={t('studio.lifecycle.saveToProd')}
            reason={reason(reasons.saveToProd)}
            loading={flags.saving}
            onClick={onSave}
          />
        )}
        <ActionButton
          variant="secondary"
          label={t('studio.lifecycle.preview')}
          reason={reason(reasons.preview)}
          loading={flags.calculating && flags.jobAction === 'preview'}
          onClick={onPreview}
        />
        <ActionButton
          variant="secondary"
          label={t(`studio.lifecycle.${promoteAction}`)}
          reason={reason(reasons.promote)}
          loading={flags.calculating && flags.jobAction !== 'preview'}
          // Production in one click is too easy: name what goes live and ask first.
          onClick={() => setConfirming(true)}
        />
      </div>
      <div className="vitrina-lifecycle__status" role="status">
        {status && <span>{status}</span>}
        {outcomeText && (
          <Badge
            tone={
              flags.outcome === 'failed'
                ? 'danger'
                : flags.outcome === 'already-running'
                  ? 'warning'
                  : 'success'
            }
          >
            {outcomeText}
          </Badge>
        )}
        <span className="vitrina-lifecycle__version">
          {base.versionId === null ? (
            t('studio.lifecycle.status.noVersion')
          ) : (
            // The author is a login, data rather than words (Trans would cost the studio 3 KB).
            <>
              {t('studio.lifecycle.status.version', { version: base.version })} ·{' '}
              <span translate="no">{base.author ?? '—'}</span> ·{' '}
              {base.createdAt ? formatTime(base.createdAt) : '—'}
            </>
          )}
        </span>
        {copy === 'integration' && flags.productionVersionId !== null && (
          <span className="vitrina-lifecycle__production">
            {flags.productionVersionId === base.versionId
              ? t('studio.lifecycle.status.inProduction')
              : t('studio.lifecycle.status.notInProduction')}
          </span>
        )}
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t(`studio.lifecycle.confirm.${confirmKey}.title`)}
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>
              {t('studio.lifecycle.confirm.cancel')}
            </Button>
            <Button
              variant="primary"
              onClick={() => {
                setConfirming(false);
                onPromote();
              }}
            >
              {t(`studio.lifecycle.confirm.${confirmKey}.confirm`)}
            </Button>
          </>
        }
      >
        <p>
          {target.config !== undefined && target.site !== undefined
            ? t('studio.lifecycle.confirm.what', {
                version: base.version,
                config: target.config,
                site: target.site,
              })
            : t('studio.lifecycle.confirm.whatUnnamed', { version: base.version })}
        </p>
        {base.createdAt && (
          <p className="ui-hint-text">
            {t('studio.lifecycle.confirm.savedBy')} <span translate="no">{base.author ?? '—'}</span>
            , {formatTime(base.createdAt)}.
          </p>
        )}
        <p>{t(`studio.lifecycle.confirm.${confirmKey}.effect`)}</p>
        {props.confirmWarnings}
      </Modal>
    </div>
  );
}
