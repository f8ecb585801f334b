/**
 * A config's version history (either copy): pick two versions, or a version and the current
 * draft, to see their DiffView; restore any version into the integration draft; put production
 * back on the build a production version went live in (the server's artifact rollback).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigVersionMeta } from '#contract/entities/config.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { Modal } from '#src/ui/modal/modal.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { useEditorsText } from '../editors/editors-text.ts';
import { DiffView } from './diff-view.tsx';
import { formatShortTime } from './format-time.ts';
import './versions-panel.css';

export interface VersionsPanelProps {
  versions: readonly ConfigVersionMeta[];
  /** The parsed config of one version. */
  loadVersion: (versionId: number) => Promise<unknown>;
  /** The editor's current (maybe unsaved) config: offered as a side of the comparison. */
  current?: unknown;
  /** Loads a version into the integration draft (the screen then marks it dirty). */
  onRestore: (config: unknown, version: ConfigVersionMeta) => void;
  /** @default true */
  canRestore?: boolean;
  /** Rollback of production to an earlier build; absent: no rollback offered. */
  rollback?: VersionsRollback;
}

/** The production builds that carried each production version, and the rollback call. */
export interface VersionsRollback {
  /**
   * Production versionId → the newest production build holding it (`live`: production serves it;
   * `blocked`: why this user may not put it back, shown beside the disabled button).
   */
  builds: ReadonlyMap<number, { artifactId: number; live: boolean; blocked?: string }>;
  /**
   * Every config the rollback to a build changes (the whole bundle reverts, not only this
   * config): its name and version numbers, live → after; null where the side has none.
   */
  changes?: (
    artifactId: number,
  ) => ReadonlyArray<{ config: string; from: number | null; to: number | null }>;
  /** Points production at the build (resolves when done; rejects with a message). */
  onRollback: (artifactId: number, version: ConfigVersionMeta) => Promise<void>;
  /** Names for the confirmation ('Блок рекомендаций «Хиты»', the site's name). */
  config?: string | undefined;
  site?: string | undefined;
}

/** 'current' = the editor's config. */
export type VersionPick = number | 'current';

type Loaded =
  | { status: 'error'; message: string }
  | { status: 'ready'; before: unknown; after: unknown; beforeLabel: string; afterLabel: string };

export function VersionsPanel({
  versions,
  loadVersion,
  current,
  onRestore,
  canRestore = true,
  rollback,
}: VersionsPanelProps) {
  const text = useEditorsText();
  const { i18n } = useTranslation();
  const [picked, setPicked] = useState<VersionPick[]>([]);
  const [result, setResult] = useState<{ key: string; loaded: Loaded } | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const [rollingBack, setRollingBack] = useState<ConfigVersionMeta | null>(null);
  const [rollbackBusy, setRollbackBusy] = useState(false);
  const cache = useRef(new Map<number, Promise<unknown>>());
  const loadRef = useRef(loadVersion);
  useEffect(() => {
    loadRef.current = loadVersion;
  });

  const sorted = useMemo(
    () =>
      [...versions].sort(
        (a, b) => b.createdAt.localeCompare(a.createdAt) || b.versionId - a.versionId,
      ),
    [versions],
  );
  const byId = useMemo(() => new Map(versions.map((v) => [v.versionId, v])), [versions]);
  const formatTime = (iso: string) => formatShortTime(iso, i18n.language);
  const copyName = (v: ConfigVersionMeta) =>
    text(v.test ? 'versions.integration' : 'versions.production');
  /** One label for every version: 'Версия 3 (интеграция)'. */
  const label = (pick: VersionPick): string => {
    if (pick === 'current') return text('versions.current');
    const v = byId.get(pick);
    return v
      ? text('versions.label', { version: v.version, copy: copyName(v) })
      : text('versions.unknown');
  };

  const fetchVersion = (versionId: number): Promise<unknown> => {
    let promise = cache.current.get(versionId);
    if (!promise) {
      promise = loadRef.current(versionId);
      cache.current.set(versionId, promise);
      promise.catch(() => cache.current.delete(versionId));
    }
    return promise;
  };

  const pairKey = picked.length === 2 ? picked.join(':') : '';
  useEffect(() => {
    if (pairKey === '') return;
    // older on the left: the current draft is the newest, then by time
    const rank = (p: VersionPick) => (p === 'current' ? '\uffff' : (byId.get(p)?.createdAt ?? ''));
    const [older, newer] = (
      pairKey.split(':').map((p) => (p === 'current' ? 'current' : Number(p))) as VersionPick[]
    ).sort(
      (a, b) =>
        rank(a).localeCompare(rank(b)) || (a === 'current' ? 1 : b === 'current' ? -1 : a - b),
    ) as [VersionPick, VersionPick];
    let live = true;
    const get = (p: VersionPick) => (p === 'current' ? Promise.resolve(current) : fetchVersion(p));
    Promise.all([get(older), get(newer)]).then(
      ([before, after]) => {
        if (live)
          setResult({
            key: pairKey,
            loaded: {
              status: 'ready',
              before,
              after,
              beforeLabel: label(older),
              afterLabel: label(newer),
            },
          });
      },
      (error: unknown) => {
        if (live)
          setResult({
            key: pairKey,
            loaded: {
              status: 'error',
              message: text('versions.loadFailed', {
                message: error instanceof Error ? error.message : String(error),
              }),
            },
          });
      },
    );
    return () => {
      live = false;
    };
    // `current` is read when the pair is picked; a live diff against every keystroke is not wanted
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pairKey]);

  const loaded = pairKey !== '' && result?.key === pairKey ? result.loaded : null;

  const toggle = (pick: VersionPick) => {
    setPicked((list) =>
      list.includes(pick) ? list.filter((p) => p !== pick) : [...list, pick].slice(-2),
    );
  };

  const restore = async (v: ConfigVersionMeta) => {
    setRestoring(v.versionId);
    setNotice(null);
    try {
      const config = await fetchVersion(v.versionId);
      onRestore(config, v);
      setNotice({ error: false, text: text('versions.restored', { version: v.version }) });
    } catch (error) {
      setNotice({
        error: true,
        text: text('versions.loadFailed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      });
    } finally {
      setRestoring(null);
    }
  };

  const confirmRollback = async () => {
    const v = rollingBack;
    const build = v && rollback?.builds.get(v.versionId);
    if (!v || !build || !rollback) return;
    setRollbackBusy(true);
    setNotice(null);
    try {
      await rollback.onRollback(build.artifactId, v);
      setNotice({
        error: false,
        text: text('versions.rolledBack', { version: label(v.versionId) }),
      });
    } catch (error) {
      setNotice({
        error: true,
        text: text('versions.rollbackFailed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      });
    } finally {
      setRollbackBusy(false);
      setRollingBack(null);
    }
  };

  const rollingBackBuild = rollingBack ? rollback?.builds.get(rollingBack.versionId) : undefined;
  const rollingBackChanges =
    rollingBackBuild && rollback?.changes ? rollback.changes(rollingBackBuild.artifactId) : [];

  const pickBox = (pick: VersionPick) => (
    <input
      type="checkbox"
      aria-label={text('versions.compare', { version: label(pick) })}
      checked={picked.includes(pick)}
      onChange={() => toggle(pick)}
    />
  );

  return (
    <section className="vitrina-versions-panel" aria-label={text('versions.title')}>
      <p className="vitrina-versions-panel__hint">{text('versions.pickTwo')}</p>
      {notice && (
        <p role={notice.error ? 'alert' : 'status'} className="vitrina-versions-panel__notice">
          {notice.text}
        </p>
      )}
      {sorted.length === 0 && current === undefined ? (
        <p>{text('versions.none')}</p>
      ) : (
        <table className="vitrina-versions-panel__table">
          <thead>
            <tr>
              <th scope="col">
                <span className="ui-visually-hidden">{text('versions.compareColumn')}</span>
              </th>
              <th scope="col">{text('versions.version')}</th>
              <th scope="col">{text('versions.saved')}</th>
              <th scope="col">
                <span className="ui-visually-hidden">{text('versions.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {current !== undefined && (
              <tr className="vitrina-versions-panel__current">
                <td>{pickBox('current')}</td>
                <td colSpan={3}>{text('versions.current')}</td>
              </tr>
            )}
            {sorted.map((v) => {
              const source = v.sourceVersionId === null ? undefined : byId.get(v.sourceVersionId);
              const build = v.test ? undefined : rollback?.builds.get(v.versionId);
              return (
                <tr key={v.versionId}>
                  <td>{pickBox(v.versionId)}</td>
                  <td>
                    <span className="vitrina-versions-panel__version">
                      {text('versions.number', { version: v.version })}
                      <Badge tone={v.test ? 'accent' : 'success'}>{copyName(v)}</Badge>
                    </span>
                    {v.sourceVersionId !== null && (
                      <span className="vitrina-versions-panel__source">
                        {source
                          ? text('versions.generatedFrom', { version: label(source.versionId) })
                          : text('versions.generatedFromIntegration')}
                      </span>
                    )}
                  </td>
                  <td>
                    <span className="vitrina-versions-panel__author" translate="no">
                      {v.author}
                    </span>
                    <time className="vitrina-versions-panel__time" dateTime={v.createdAt}>
                      {formatTime(v.createdAt)}
                    </time>
                  </td>
                  <td className="vitrina-versions-panel__actions">
                    {build?.live && <Badge tone="success">{text('versions.live')}</Badge>}
                    {build && !build.live && (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={rollbackBusy || build.blocked !== undefined}
                        aria-label={text('versions.rollbackVersion', {
                          version: label(v.versionId),
                        })}
                        {...(build.blocked !== undefined && {
                          title: build.blocked,
                          'aria-describedby': `rollback-why-${v.versionId}`,
                        })}
                        onClick={() => setRollingBack(v)}
                      >
                        {text('versions.rollback')}
                      </Button>
                    )}
                    {build && !build.live && build.blocked !== undefined && (
                      <span
                        id={`rollback-why-${v.versionId}`}
                        className="vitrina-versions-panel__why"
                      >
                        {build.blocked}
                      </span>
                    )}
                    {canRestore && (
                      <Button
                        size="sm"
                        variant="ghost"
                        loading={restoring === v.versionId}
                        disabled={restoring !== null}
                        aria-label={text('versions.restoreVersion', {
                          version: label(v.versionId),
                        })}
                        onClick={() => void restore(v)}
                      >
                        {text('versions.restore')}
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {pairKey !== '' && loaded === null && <Spinner label={text('versions.loading')} />}
      {loaded?.status === 'error' && <p role="alert">{loaded.message}</p>}
      {loaded?.status === 'ready' && (
        <DiffView
          before={loaded.before}
          after={loaded.after}
          beforeLabel={loaded.beforeLabel}
          afterLabel={loaded.afterLabel}
        />
      )}
      <Modal
        open={rollingBack !== null}
        onClose={() => setRollingBack(null)}
        title={text('versions.rollbackTitle')}
        footer={
          <>
            <Button onClick={() => setRollingBack(null)}>{text('versions.cancel')}</Button>
            <Button variant="primary" loading={rollbackBusy} onClick={() => void confirmRollback()}>
              {text('versions.rollbackConfirm')}
            </Button>
          </>
        }
      >
        {rollingBack && (
          <>
            <p>
              {rollback?.config !== undefined && rollback.site !== undefined
                ? text('versions.rollbackWhat', {
                    version: label(rollingBack.versionId),
                    config: rollback.config,
                    site: rollback.site,
                  })
                : text('versions.rollbackWhatUnnamed', { version: label(rollingBack.versionId) })}
            </p>
            {rollingBackChanges.length > 0 && (
              <>
                <p>{text('versions.rollbackChanges')}</p>
                <ul className="vitrina-versions-panel__changes">
                  {rollingBackChanges.map((change) => (
                    <li key={change.config}>
                      {text('versions.rollbackChange', {
                        config: change.config,
                        from:
                          change.from === null
                            ? text('versions.absent')
                            : text('versions.number', { version: change.from }),
                        to:
                          change.to === null
                            ? text('versions.absent')
                            : text('versions.number', { version: change.to }),
                      })}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <p>{text('versions.rollbackEffect')}</p>
          </>
        )}
      </Modal>
    </section>
  );
}
