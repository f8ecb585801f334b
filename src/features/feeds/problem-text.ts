import type { TFunction } from 'i18next';
import type { FeedProblem } from '#contract/entities/feeds.ts';

/*
 * A feed problem in the interface language: its code's text (`feeds.problems.<code>`) with its
 * params; a problem without a code (a report made before codes) or with a code this console does
 * not know yet shows the server's English reason as it is.
 */
export function feedProblemText(problem: FeedProblem, t: TFunction): string {
  if (!problem.code) return problem.reason;
  const params: Record<string, string | number> = { ...problem.params };
  // A count picks the plural form, which i18next does for a number only.
  if (params['count'] !== undefined) params['count'] = Number(params['count']);
  return t(`feeds.problems.${problem.code}`, { ...params, defaultValue: problem.reason });
}
