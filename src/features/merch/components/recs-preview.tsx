import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Select } from '#src/ui/select/select.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { recsPreviewQuery } from '../api/merch-queries.ts';
import { FiredRules, marksOf, ProductRow } from './search-preview.tsx';

type Strategy = 'popular' | 'same_category' | 'similar_price';

/** A recommendation slot with and without the rules, side by side. */
export function RecsPreview({
  siteId,
  placements,
}: {
  siteId: number;
  placements: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const [strategy, setStrategy] = useState<Strategy>('popular');
  const [placement, setPlacement] = useState('');
  const [product, setProduct] = useState('');
  const preview = useQuery(
    recsPreviewQuery(siteId, { strategy, placement, productId: product.trim() }),
  );
  const data = preview.data;
  const marks = data ? marksOf(data.without, data.with) : new Map();
  return (
    <section className="merch-preview" aria-labelledby="recs-preview-title">
      <h2 id="recs-preview-title">{t('merch.preview.title')}</h2>
      <div className="merch-filters">
        <Select
          label={t('merch.preview.strategy')}
          options={(['popular', 'same_category', 'similar_price'] as const).map((value) => ({
            value,
            label: value,
          }))}
          value={strategy}
          onChange={setStrategy}
        />
        <Select
          label={t('merch.preview.placement')}
          options={[
            { value: '', label: t('merch.preview.anyPlacement') },
            ...placements.map((p) => ({ value: p.id, label: p.name })),
          ]}
          value={placement}
          onChange={setPlacement}
        />
        {strategy !== 'popular' && (
          <TextInput label={t('merch.preview.product')} value={product} onChange={setProduct} />
        )}
      </div>
      {data && (
        <>
          <FiredRules fired={data.fired} />
          <div className="merch-preview__columns">
            {(['with', 'without'] as const).map((side) => (
              <div key={side}>
                <h3>{t(`merch.preview.${side}`, { total: data[side].length })}</h3>
                <ol className="merch-preview__list">
                  {data[side].map((p, i) => (
                    <ProductRow
                      key={p.id}
                      product={p}
                      position={i + 1}
                      mark={side === 'with' ? marks.get(p.id) : undefined}
                    />
                  ))}
                </ol>
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
