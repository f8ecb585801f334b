import { KB_READ_ROLES, STAFF_ROLES } from '#contract/call-roles.ts';
import type { AppRoute } from './route-types.ts';

/** The knowledge base (spec §6: it needs site view). */
export const KNOWLEDGE_BASE_ROUTES: readonly AppRoute[] = [
  {
    path: '/knowledge-base',
    mainCall: 'GET /knowledge-base/articles',
    titleKey: 'routes.knowledgeBase',
    breadcrumbs: [],
    roles: KB_READ_ROLES,
    menu: { section: 'knowledgeBase' },
    locales: ['support'],
    page: () => import('#src/features/support/knowledge-base-page.tsx'),
  },
];

/** Feedback: staff only (spec §1: the feedback page is hidden from client users; §6). */
export const FEEDBACK_ROUTES: readonly AppRoute[] = [
  {
    path: '/internal-feedback',
    mainCall: 'GET /internal-feedback',
    titleKey: 'routes.internalFeedback',
    breadcrumbs: [],
    roles: STAFF_ROLES,
    staffOnly: true,
    menu: { section: 'feedback' },
    locales: ['support'],
    page: () => import('#src/features/support/feedback-page.tsx'),
  },
  {
    // The staff side of the client chat: not in the spec's route table.
    path: '/support/chat',
    mainCall: 'GET /support/chat/threads',
    titleKey: 'routes.supportChat',
    breadcrumbs: [],
    roles: STAFF_ROLES,
    staffOnly: true,
    menu: { section: 'feedback' },
    locales: ['support'],
    page: () => import('#src/features/support/chat-inbox-page.tsx'),
  },
];
