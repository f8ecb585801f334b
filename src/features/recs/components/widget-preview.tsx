import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { widgetPreviewQuery } from '../api/recs-api.ts';

/**
 * A widget as drafted, tried on the site's own products and pages before it is saved: the
 * pages its strategy cannot serve, then the strategy's answer.
 */
export function useWidgetPreview(
  siteId: number,
  strategyHash: string | null,
  placements: readonly string[],
) {
  const tried = useDeferredValue(
    strategyHash ? { strategyHash, placements: placements.join(',') } : null,
  );
  const preview = useQuery(widgetPreviewQuery(siteId, tried));
  const data = strategyHash ? preview.data : undefined;
  return { data, refused: data?.refused ?? [] };
}

export function WidgetPreview({
  preview,
  strategyName,
}: {
  preview: ReturnType<typeof useWidgetPreview>;
  strategyName: string;
}) {
  const { t, i18n } = useTranslation();
  const { data, refused } = preview;
  if (!data) return null;
  return (
    <section className="recs-widget-preview" aria-label={t('recs.widgets.preview.title')}>
      {refused.length > 0 && (
        <div role="alert" className="recs-widget-preview__refused">
          <p>{t('recs.widgets.preview.refused', { strategy: strategyName })}</p>
          <ul>
            {refused.map((page) => (
              <li key={`${page.block}|${page.placement}|${page.pageType}`}>
                {t('recs.widgets.preview.page', page)}
              </li>
            ))}
          </ul>
        </div>
      )}
      <h2 className="recs-widget-preview__title">{t('recs.widgets.preview.title')}</h2>
      {data.forProduct && (
        <p className="recs-muted">
          {t('recs.widgets.preview.forProduct', { name: data.forProduct.name })}
        </p>
      )}
      {data.products.length === 0 ? (
        <p className="recs-muted">{t('recs.widgets.preview.empty')}</p>
      ) : (
        <ul className="recs-widget-preview__list">
          {data.products.map((product) => (
            <li key={product.id} className="recs-widget-preview__item">
              {product.image_url && <img src={product.image_url} alt="" />}
              <span className="recs-widget-preview__name">{product.name}</span>
              <span className="recs-muted">
                {Number(product.price).toLocaleString(i18n.language)} {product.currency}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
