import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeedCheckReport } from '#contract/entities/feeds.ts';
import { CheckReport } from '#src/features/feeds/components/check-report.tsx';
import { renderWithProviders } from '#tests/helpers/render.tsx';

const report: FeedCheckReport = {
  feedType: 'YML',
  regionId: 'global',
  url: 'https://shop.example/feed.xml',
  ok: true,
  fatal: null,
  offers: 3,
  products: 3,
  categories: 2,
  skipped: 2,
  changed: 1,
  removed: 0,
  previous: 0,
  wouldHold: false,
  problems: [
    {
      line: 12,
      id: 'A5',
      reason: 'Missing or invalid price "дорого"',
      code: 'invalidPrice',
      params: { price: 'дорого' },
    },
    {
      line: 20,
      id: 'A7',
      reason: '3 pictures are not http(s) or image data URLs: dropped',
      code: 'droppedPictures',
      params: { count: '3' },
    },
    // A report made before problems had codes: its reason as it is.
    { line: 30, id: 'A9', reason: 'The offer has no name' },
  ],
  problemCount: 3,
  warnings: [],
  bytes: 2048,
  encoding: 'utf-8',
};

describe('the feed check report', () => {
  it('shows each problem in Russian, from its code and params', () => {
    renderWithProviders(<CheckReport report={report} />);
    const table = screen.getByRole('table', { name: 'Ошибки (3)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Нет цены («price») или она неверна: «дорого»');
    expect(rows[1]).toHaveTextContent(
      '3 изображения — не ссылки http(s) и не встроенные изображения: отброшены',
    );
    expect(rows[2]).toHaveTextContent('The offer has no name');
  });

  it('shows the English texts in English', () => {
    renderWithProviders(<CheckReport report={report} />, { locale: 'en' });
    expect(screen.getByText('Missing or invalid price "дорого"')).toBeInTheDocument();
    expect(
      screen.getByText('3 pictures are not http(s) or image data URLs: dropped'),
    ).toBeInTheDocument();
  });
});
