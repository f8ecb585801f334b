/**
 * The result of the contrast check for a whole token set, under the panel's toolbar: how many of
 * the storefront's pairs were checked and how many fall below WCAG 2.2. For the default set (a
 * config without its own) each failing pair is listed too, since it has no rows to show them at.
 */
import { useEditorsText } from '../editors/editors-text.ts';
import type { ContrastCheck } from './tokens-contrast.ts';

export interface ContrastSummaryProps {
  check: ContrastCheck;
  /** The storefront's default set rather than the config's own. */
  defaults?: boolean;
}

export function ContrastSummary({ check, defaults = false }: ContrastSummaryProps) {
  const text = useEditorsText();
  if (check.checked === 0) return null;
  const failing = check.failures.length;
  const result = text(failing === 0 ? 'tokens.contrastPass' : 'tokens.contrastFail', {
    checked: check.checked,
    failing,
  });
  const name = (token: string | null, value: string) => (token ? `--${token} (${value})` : value);
  return (
    <div className="vitrina-tokens-panel__contrast" role="status">
      <p className={failing === 0 ? 'vitrina-tokens-panel__contrast--pass' : undefined}>
        {defaults ? `${text('tokens.contrastDefaults')}: ${result}` : result}
      </p>
      {defaults && failing > 0 && (
        <ul
          className="vitrina-diagnostics vitrina-contrast"
          aria-label={text('tokens.contrastTitle')}
        >
          {check.failures.map((f, i) => (
            <li key={i} className="vitrina-diagnostics__item--warning">
              {text('tokens.contrast', {
                ratio: f.ratio,
                required: f.required,
                fg: name(f.foregroundToken, f.foreground),
                bg: name(f.backgroundToken, f.background),
                kind: text(`tokens.contrastKind.${f.kind}`),
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
