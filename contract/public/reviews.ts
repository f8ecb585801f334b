import * as z from 'zod';
import { microReviewsRequest } from '../entities/reviews.ts';
import { apiKeyParam } from './common.ts';
import type { PublicRouteDef } from './route.ts';

/**
 * The reviews' storefront read (spec part 2 §7 "Reviews": POST /micro-reviews/reviews/get on the
 * public host, the apiKey in the query): the asked products' reviews in the order asked, those
 * without reviews left out. The answer (an array of contract/entities/reviews.ts `MicroReview`)
 * goes out as the server builds it, unchecked.
 */
export const publicMicroReviews = {
  method: 'POST',
  path: '/public/micro-reviews/reviews/get',
  query: z.strictObject({ apiKey: apiKeyParam }),
  body: microReviewsRequest,
} as const satisfies PublicRouteDef;
