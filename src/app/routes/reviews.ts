import type { ComponentType } from 'react';
import { REVIEWS_READ_ROLES } from '#contract/call-roles.ts';
import type { AppRoute, TitleKey } from './route-types.ts';

/** A reviews screen: site viewers open it (contract/routes/reviews.ts); one module holds the four. */
const reviewsRoute = (
  path: string,
  titleKey: TitleKey,
  name: 'ReviewsUploadPage' | 'ReviewsDeletePage' | 'NeurocardUploadPage' | 'NeurocardDeletePage',
): AppRoute => ({
  path,
  // Reviews screens list the reviews, neurocard screens the neurocards.
  mainCall: name.startsWith('Neurocard') ? 'GET /llm-store' : 'GET /reviews',
  titleKey,
  breadcrumbs: [],
  roles: REVIEWS_READ_ROLES,
  menu: { section: 'reviews' },
  locales: ['reviews'],
  page: () =>
    import('#src/features/reviews/pages.tsx').then((m) => ({ default: m[name] as ComponentType })),
});

/** Reviews and neurocards: upload and delete. */
export const REVIEWS_ROUTES: readonly AppRoute[] = [
  reviewsRoute('/anyreviews/upload', 'routes.reviewsUpload', 'ReviewsUploadPage'),
  reviewsRoute('/anyreviews/delete', 'routes.reviewsDelete', 'ReviewsDeletePage'),
  reviewsRoute('/anyreviews/neurocard-upload', 'routes.neurocardUpload', 'NeurocardUploadPage'),
  reviewsRoute('/anyreviews/neurocard-delete', 'routes.neurocardDelete', 'NeurocardDeletePage'),
];
