/** The shape of a route table entry (../routes.ts) and the title keys screens may use. */
import type { ComponentType } from 'react';
import type { Role } from '#contract/roles.ts';
import type { LocaleDomain } from '#src/lib/i18n-domains.ts';
import type { MenuSection } from './menu.ts';

export type TitleKey =
  | 'routes.greeting'
  | 'routes.login'
  | 'routes.notFound'
  | 'routes.siteEdit'
  | 'routes.registerUser'
  | 'routes.roles'
  | 'routes.editUser'
  | 'routes.profile'
  | 'routes.instantSearch'
  | 'routes.autocomplete'
  | 'routes.search'
  | 'routes.globalComponents'
  | 'routes.recsUx'
  | 'routes.mvt'
  | 'routes.tracking'
  | 'routes.feedLoader'
  | 'routes.feedChecker'
  | 'routes.feedConfigurator'
  | 'routes.recsStrategies'
  | 'routes.modelTraining'
  | 'routes.rankingConfig'
  | 'routes.dolyameApp'
  | 'routes.dolyameWidget'
  | 'routes.dolyameAttributes'
  | 'routes.queryWhiteList'
  | 'routes.queryBlackList'
  | 'routes.queryBrands'
  | 'routes.queryStemmerExclusions'
  | 'routes.querySynonyms'
  | 'routes.queryBrandExclusions'
  | 'routes.queryTransliterations'
  | 'routes.queryExclusions'
  | 'routes.queryAutocompleteBlackList'
  | 'routes.merchSearch'
  | 'routes.merchRecs'
  | 'routes.merchModels'
  | 'reports.routes.home'
  | 'reports.routes.reporting'
  | 'reports.routes.customTab'
  | 'reports.routes.customReporting'
  | 'routes.searchAttributes'
  | 'routes.regionalAttributes'
  | 'routes.responseAttributes'
  | 'routes.skuAttributes'
  | 'routes.skuConfig'
  | 'routes.groupingConfig'
  | 'routes.jobConfig'
  | 'routes.facetAttributes'
  | 'routes.customSort'
  | 'routes.apiConfig'
  | 'routes.knowledgeBase'
  | 'routes.internalFeedback'
  | 'routes.supportChat'
  | 'routes.reviewsUpload'
  | 'routes.reviewsDelete'
  | 'routes.neurocardUpload'
  | 'routes.neurocardDelete'
  | 'routes.editReports'
  | 'routes.globalConfig'
  | 'routes.audit'
  | 'routes.recsWidgets';

export interface AppRoute {
  path: string;
  titleKey: TitleKey;
  /** Title keys of the pages above this one, outermost first. */
  breadcrumbs: readonly TitleKey[];
  /** Any one of these lets the user in (empty: any signed-in user); the menu hides what they do not allow. */
  roles: readonly Role[];
  /**
   * The call the screen cannot show without (`METHOD /path` of the contract): every role in
   * `roles` must be one it allows (tests/src/app/route-calls.test.ts), so the menu never offers
   * a page whose first read answers 403. Absent: the screen reads nothing of its own.
   */
  mainCall?: CallKey;
  /**
   * The roles that change what the screen shows, as the contract's write call (`writeCall`)
   * names them: without one, the screen says it is read-only, and why, above its greyed forms.
   */
  write?: { call: CallKey; roles: readonly Role[] };
  menu?: {
    section: MenuSection;
    /** Left out of the menu for users who may open this path instead (the two homes, spec §6). */
    replacedBy?: string;
  };
  /** Staff only (spec §1, §6): hidden from client users and refused to them whatever their roles. */
  staffOnly?: boolean;
  /** Show the global loading overlay while calls run. @default true */
  overlay?: boolean;
  /**
   * The key domains the screen shows beyond CORE_LOCALES and LAYOUT_LOCALES: loaded with its
   * chunk, in the active language only (tests/src/app/locale-domains.test.ts checks the list).
   */
  locales: readonly LocaleDomain[];
  page: () => Promise<{ default: ComponentType }>;
}

/** A contract call as `METHOD /path` (`GET /aq/synonyms`). */
export type CallKey = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`;
