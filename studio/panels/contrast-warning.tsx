/** The generate confirmation's contrast warning: it informs, it does not refuse. */
import { useTranslation } from 'react-i18next';
import type { ContrastFinding } from './tokens-contrast.ts';

/** Pairs named in the list at most; the tokens panel lists every one. */
const SHOWN = 8;

export function ContrastWarning({ failures }: { failures: readonly ContrastFinding[] }) {
  const { t } = useTranslation();
  if (failures.length === 0) return null;
  const name = (token: string | null, value: string) => (token ? `--${token}` : value);
  // one line per colour pair (a border and a fill of the same colours read the same)
  const lines = [
    ...new Set(
      failures.map((f) =>
        t('studio.lifecycle.confirm.contrastItem', {
          fg: name(f.foregroundToken, f.foreground),
          bg: name(f.backgroundToken, f.background),
          ratio: f.ratio,
          required: f.required,
        }),
      ),
    ),
  ];
  return (
    <div className="ui-form__warning vitrina-contrast-warning" role="note">
      <p>{t('studio.lifecycle.confirm.contrast', { count: lines.length })}</p>
      <ul>
        {lines.slice(0, SHOWN).map((line) => (
          <li key={line}>{line}</li>
        ))}
        {lines.length > SHOWN && <li>…</li>}
      </ul>
      <p className="ui-hint-text">{t('studio.lifecycle.confirm.contrastNote')}</p>
    </div>
  );
}
