import { useTranslation } from 'react-i18next';
import { setLocale } from '#src/lib/i18n.ts';
import { LOCALES, type Locale } from '#src/lib/locale.ts';

export function LocaleSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div className="locale-switch" role="group" aria-label={t('shell.language')}>
      {LOCALES.map((locale: Locale) => (
        <button
          key={locale}
          type="button"
          className="locale-switch__option"
          aria-pressed={i18n.language === locale}
          onClick={() => void setLocale(locale)}
        >
          {locale.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
