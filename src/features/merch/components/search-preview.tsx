import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Product } from '#contract/public/product.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Button } from '#src/ui/button/button.tsx';
import { TextInput } from '#src/ui/text-input/text-input.tsx';
import { searchPreviewQuery, usePinProduct } from '../api/merch-queries.ts';

type Mark = { kind: 'pinned' | 'moved' | 'new' | 'same'; from?: number };

/** How each product of `after` moved against `before` (1-based positions). */
export function marksOf(before: readonly Product[], after: readonly Product[]): Map<string, Mark> {
  const at = new Map(before.map((p, i) => [p.id, i]));
  return new Map(
    after.map((p, i): [string, Mark] => {
      const j = at.get(p.id);
      if (j === undefined) return [p.id, { kind: 'new' }];
      if (j === i) return [p.id, { kind: 'same' }];
      return [p.id, { kind: i < j ? 'pinned' : 'moved', from: j + 1 }];
    }),
  );
}

/** A product of a preview list: its position, picture, name and id, and how the rules moved it. */
export function ProductRow({
  product,
  position,
  mark,
  actions,
}: {
  product: Product;
  position: number;
  mark?: Mark | undefined;
  actions?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li className={`merch-preview__item merch-preview__item--${mark?.kind ?? 'same'}`}>
      <span className="merch-preview__pos">{position}</span>
      <img
        src={product.image_url || undefined}
        alt=""
        width={40}
        height={40}
        className="merch-thumb"
      />
      <span className="merch-preview__name">
        {product.name}
        <span className="merch-muted"> · {product.id}</span>
      </span>
      {mark && mark.kind !== 'same' && (
        <Badge tone={mark.kind === 'moved' ? 'warning' : 'accent'}>
          {mark.kind === 'new'
            ? t('merch.preview.new')
            : t('merch.preview.moved', { from: mark.from, to: position })}
        </Badge>
      )}
      {actions}
    </li>
  );
}

/** Which rules fired for a preview (name and type), or that none did; `children` follow. */
export function FiredRules({
  fired,
  children,
}: {
  fired: readonly { name: string; type: string }[];
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <p className="merch-preview__fired" role="status">
      {fired.length
        ? t('merch.preview.fired', {
            rules: fired.map((rule) => `${rule.name} (${rule.type})`).join(', '),
          })
        : t('merch.preview.none')}
      {children}
    </p>
  );
}

/**
 * The storefront's answer for a query with the live rules and without them, side by side: moved,
 * pinned and added products marked, hidden ones listed; a merchandiser may pin or hide a product
 * of the plain answer from here.
 */
export function SearchPreview({ siteId, canEdit }: { siteId: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const preview = useQuery(searchPreviewQuery(siteId, query));
  const pin = usePinProduct(siteId);
  const data = preview.data;
  const marks = data ? marksOf(data.without, data.with) : new Map<string, Mark>();
  const shown = new Set(data?.with.map((p) => p.id));
  // Left out by an exclude or include rule: gone from the page though nothing pushed it off.
  const excludes = data?.fired.some((rule) => /EXCLUDE|INCLUDE/.test(rule.type)) ?? false;
  const added = [...marks.values()].filter((mark) => mark.kind === 'new').length;
  const hidden = excludes
    ? (data?.without.filter((p, i) => !shown.has(p.id) && i < data.with.length - added) ?? [])
    : [];

  return (
    <section className="merch-preview" aria-labelledby="merch-preview-title">
      <h2 id="merch-preview-title">{t('merch.preview.title')}</h2>
      <form
        className="merch-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(text.trim());
        }}
      >
        <TextInput label={t('merch.preview.query')} value={text} onChange={setText} />
        <Button type="submit" variant="primary">
          {t('merch.preview.show')}
        </Button>
      </form>
      {data && (
        <>
          <FiredRules fired={data.fired}>
            {data.redirect && <> · {t('merch.preview.redirect', { url: data.redirect.url })}</>}
          </FiredRules>
          <div className="merch-preview__columns">
            <div>
              <h3>{t('merch.preview.with', { total: data.totalWith })}</h3>
              <ol
                className="merch-preview__list"
                aria-label={t('merch.preview.with', { total: data.totalWith })}
              >
                {data.with.map((product, i) => (
                  <ProductRow
                    key={product.id}
                    product={product}
                    position={i + 1}
                    mark={marks.get(product.id)}
                  />
                ))}
              </ol>
              {hidden.length > 0 && (
                <ul className="merch-preview__hidden">
                  {hidden.map((product) => (
                    <li key={product.id}>
                      <Badge tone="danger">{t('merch.preview.hidden')}</Badge> {product.name} ·{' '}
                      {product.id}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div>
              <h3>{t('merch.preview.without', { total: data.totalWithout })}</h3>
              <ol
                className="merch-preview__list"
                aria-label={t('merch.preview.without', { total: data.totalWithout })}
              >
                {data.without.map((product, i) => (
                  <ProductRow
                    key={product.id}
                    product={product}
                    position={i + 1}
                    actions={
                      canEdit && (
                        <span className="merch-preview__actions">
                          <Button
                            size="sm"
                            aria-label={`${t('merch.actions.pin')}: ${product.name} (${product.id})`}
                            loading={pin.isPending}
                            onClick={() =>
                              pin.mutate({ query: data.query, productId: product.id, hide: false })
                            }
                          >
                            {t('merch.actions.pin')}
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`${t('merch.actions.hide')}: ${product.name} (${product.id})`}
                            onClick={() =>
                              pin.mutate({ query: data.query, productId: product.id, hide: true })
                            }
                          >
                            {t('merch.actions.hide')}
                          </Button>
                        </span>
                      )
                    }
                  />
                ))}
              </ol>
            </div>
          </div>
        </>
      )}
    </section>
  );
}
