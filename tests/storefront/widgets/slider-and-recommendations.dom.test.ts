import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { fixtureCatalog } from '#storefront/fixtures/catalog.ts';
import { createMemorySource } from '#storefront/fixtures/memory-source.ts';
import {
  mountRecommendations,
  type RecommendationsWidget,
} from '#storefront/widgets/recommendations/recommendations.ts';
import { mountSlider, type SliderWidget } from '#storefront/widgets/slider/slider.ts';

let widgets: Array<SliderWidget | RecommendationsWidget> = [];
afterEach(() => {
  for (const w of widgets) w.dispose();
  widgets = [];
  document.body.replaceChildren();
});
const container = () => document.body.appendChild(document.createElement('div'));
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('slider widget', { timeout: 20_000 }, () => {
  it('navigates with next/prev and dots, hiding off-screen slides', async () => {
    const w = mountSlider(container(), {
      products: fixtureCatalog(8),
      perView: 3,
      title: 'Хиты продаж',
      delays: { slider: 0 },
    });
    widgets.push(w);
    expect(screen.getByRole('region', { name: 'Хиты продаж' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    expect(screen.getByRole('button', { name: 'Назад' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Вперёд' }));
    w.flush();
    expect(screen.getByRole('button', { name: 'Слайд 2' })).toHaveAttribute('aria-current', 'true');
    const slides = document.querySelectorAll('.digi-slider__slide');
    expect(slides[0]).toHaveAttribute('aria-hidden', 'true');
    expect(slides[1]).not.toHaveAttribute('aria-hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Слайд 6' }));
    w.flush();
    expect(screen.getByRole('button', { name: 'Вперёд' })).toBeDisabled();
  });
});

describe('recommendation block', { timeout: 20_000 }, () => {
  it('infinite list: loads, tracks the view and clicks, shows more and opens the modal', async () => {
    const source = createMemorySource();
    const w = mountRecommendations(container(), {
      source,
      message: 'С этим товаром покупают',
      strategy: 'popular',
      lazyLoad: false,
      infinityListOptions: { infiniteListMode: true, stepCountPageDesktop: 4 },
      mobile: false,
      delays: {},
    });
    widgets.push(w);
    await tick();
    w.flush();
    expect(document.querySelectorAll('.digi-recommendations__cell .digi-card')).toHaveLength(4);
    expect(source.events[0]).toMatchObject({
      eventType: 'WIDGET_VIEW',
      widgetType: 'RECOMMENDATIONS',
      strategy: 'popular',
      pageNumber: 1,
      apiKey: 'demo-api-key',
    });
    expect(source.events[0]!.pageProducts).toHaveLength(4);
    const link = document.querySelectorAll<HTMLAnchorElement>('.digi-card__name')[2]!;
    link.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(link);
    expect(source.events[1]).toMatchObject({
      eventType: 'WIDGET_CLICK',
      position: 2,
      viewGUID: source.events[0]!.viewGUID,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await tick();
    w.flush();
    expect(
      document.querySelectorAll('.digi-recommendations__grid > .digi-recommendations__cell'),
    ).toHaveLength(8);
    await userEvent.click(screen.getByRole('button', { name: 'Смотреть все' }));
    w.flush();
    expect(screen.getByRole('dialog', { name: 'С этим товаром покупают' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    w.flush();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('swiper mode renders slides and starts Swiper', async () => {
    // jsdom has no matchMedia; Swiper's breakpoints need it.
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
    const w = mountRecommendations(container(), {
      source: createMemorySource(),
      lazyLoad: false,
      mobile: true,
      delays: {},
    });
    widgets.push(w);
    await tick();
    w.flush();
    expect(document.querySelectorAll('.swiper-slide .digi-card')).toHaveLength(10);
    expect(document.querySelector('.swiper')).toHaveClass('swiper-initialized');
  });
});
