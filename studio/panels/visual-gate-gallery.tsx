import { useTranslation } from 'react-i18next';
import type { GateRun, GateView } from '#contract/routes/visual-gate.ts';
import { ProgressBar } from '#src/ui/progress/progress-bar.tsx';
import './visual-gate-gallery.css';

export type GateImage = 'production' | 'candidate' | 'diff';

export interface VisualGateGalleryProps {
  run: GateRun;
  /** The URL of a stored screenshot of a view. */
  imageUrl: (view: string, image: GateImage) => string;
}

/** `0,42 %` (ru) / `0.42%` (en): at least one significant digit of tiny shares. */
export function formatShare(share: number, language: string): string {
  const percent = share * 100;
  const digits = percent === 0 ? 0 : percent < 0.01 ? 4 : percent < 1 ? 2 : 1;
  return new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(share);
}

function ViewTitle({ view }: { view: GateView }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`studio.gate.widget.${view.widget}`, { name: view.label ?? '' })}
      <span className="visual-gate__width">{t('studio.gate.width', { width: view.width })}</span>
    </>
  );
}

/**
 * The visual regression gate's result: per view production, candidate and the
 * difference highlighted, with the share of pixels changed; unchanged views listed apart.
 */
export function VisualGateGallery({ run, imageUrl }: VisualGateGalleryProps) {
  const { t, i18n } = useTranslation();
  if (run.state === 'running')
    return (
      <div className="visual-gate__running">
        <p>{t('studio.gate.running')}</p>
        <ProgressBar percent={run.progress} label={t('studio.gate.progress')} />
      </div>
    );
  if (run.state === 'unavailable' || run.state === 'failed')
    return (
      <div role="alert" className="visual-gate__problem">
        <p>{t(`studio.gate.state.${run.state}`)}</p>
        {run.reason && <p className="visual-gate__reason">{run.reason}</p>}
      </div>
    );
  const changed = run.views.filter((view) => view.changedPixels > 0);
  const unchanged = run.views.filter((view) => view.changedPixels === 0);
  return (
    <div className="visual-gate">
      <p role="status" className="visual-gate__summary">
        {run.state === 'passed'
          ? t('studio.gate.state.passed', { count: run.views.length })
          : t('studio.gate.summary', { changed: changed.length, total: run.views.length })}
        {run.state === 'accepted' &&
          ` ${t('studio.gate.state.accepted', { user: run.acceptedBy ?? '—' })}`}
      </p>
      {changed.map((view) => (
        <section
          key={view.view}
          className="visual-gate__view"
          aria-label={`${t(`studio.gate.widget.${view.widget}`, { name: view.label ?? '' })} ${t('studio.gate.width', { width: view.width })}`}
        >
          <h3 className="visual-gate__title">
            <ViewTitle view={view} />
            <span className="visual-gate__share">
              {t('studio.gate.share', { share: formatShare(view.share, i18n.language) })}
            </span>
          </h3>
          <div className="visual-gate__images">
            {(['production', 'candidate', 'diff'] as const).map((image) => (
              <figure key={image} className="visual-gate__figure">
                <figcaption>{t(`studio.gate.image.${image}`)}</figcaption>
                <a href={imageUrl(view.view, image)} target="_blank" rel="noopener">
                  <img
                    src={imageUrl(view.view, image)}
                    alt={t(`studio.gate.alt.${image}`, {
                      view: t(`studio.gate.widget.${view.widget}`, { name: view.label ?? '' }),
                      width: view.width,
                    })}
                    loading="lazy"
                  />
                </a>
              </figure>
            ))}
          </div>
        </section>
      ))}
      {unchanged.length > 0 && (
        <section className="visual-gate__unchanged" aria-label={t('studio.gate.unchanged')}>
          <h3 className="visual-gate__title">{t('studio.gate.unchanged')}</h3>
          <ul>
            {unchanged.map((view) => (
              <li key={view.view}>
                <ViewTitle view={view} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
