import { useTranslation } from 'react-i18next';

/** The e-mail field's hint naming the company's domains, when STAFF_EMAIL_DOMAINS names any. */
export function useEmailDomainsHint(domains: readonly string[]): string | undefined {
  const { t, i18n } = useTranslation();
  if (domains.length === 0) return undefined;
  const list = new Intl.ListFormat(i18n.language, { type: 'disjunction' }).format(domains);
  return t('users.fields.emailDomainsHint', { domains: list });
}
