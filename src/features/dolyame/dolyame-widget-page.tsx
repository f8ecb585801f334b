import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#contract/client.ts';
import {
  checkDolyameWidgetText,
  DOLYAME_WIDGET_DEFAULT_TEXT,
  type DolyameWidgetConfig,
} from '#contract/entities/dolyame.ts';
import { describeProblem } from '#contract/json-text.ts';
import { hasAccess } from '#contract/roles.ts';
import { saveDolyameWidgetRoute } from '#contract/routes/dolyame.ts';
import { reportError } from '#src/lib/api.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Button } from '#src/ui/button/button.tsx';
import { Checkbox } from '#src/ui/checkbox/checkbox.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { CodeEditor, type EditorDiagnostic } from '#studio/editors/code-editor.tsx';
import { dolyameWidgetQueryOptions } from './api/dolyame-queries.ts';
import { useSaveDolyameWidgetMutation } from './api/dolyame-mutations.ts';
import './dolyame.css';

function WidgetEditor({
  siteId,
  saved,
  canEdit,
}: {
  siteId: number;
  saved: DolyameWidgetConfig;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(saved.config);
  const [enabled, setEnabled] = useState(saved.enabled);
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const mutation = useSaveDolyameWidgetMutation(siteId);

  // Checked on every keystroke with the server's own rules: the problem is shown at its line.
  const checked = useMemo(() => checkDolyameWidgetText(text), [text]);
  const diagnostics: EditorDiagnostic[] = checked.ok
    ? []
    : [
        {
          line: checked.problem.line,
          column: checked.problem.column,
          message: checked.problem.message,
        },
      ];
  const problem = checked.ok ? null : describeProblem(checked.problem);
  const dirty = text !== saved.config || enabled !== saved.enabled;

  return (
    <form
      className="dolyame-widget"
      aria-label={t('routes.dolyameWidget')}
      onSubmit={async (event) => {
        event.preventDefault();
        setServerProblem(null);
        try {
          await mutation.mutateAsync({ enabled, config: text });
        } catch (error) {
          if (error instanceof ApiError && error.status === 400) setServerProblem(error.message);
          else reportError(error);
        }
      }}
    >
      <Checkbox
        label={t('dolyame.widget.enabled')}
        checked={enabled}
        disabled={!canEdit}
        onChange={(event) => setEnabled(event.target.checked)}
      />
      <p className="ui-field__hint">{t('dolyame.widget.enabledHint')}</p>
      <CodeEditor
        value={text}
        onChange={canEdit ? setText : undefined}
        readOnly={!canEdit}
        language="javascript"
        diagnostics={diagnostics}
        ariaLabel={t('dolyame.widget.editor')}
        height="460px"
      />
      <p
        className={problem || serverProblem ? 'dolyame-problem' : 'dolyame-ok'}
        role={problem || serverProblem ? 'alert' : 'status'}
      >
        {problem ?? serverProblem ?? t('dolyame.widget.valid')}
      </p>
      {canEdit && (
        <div className="form-actions">
          <Button
            type="submit"
            variant="primary"
            loading={mutation.isPending}
            disabled={!dirty || problem !== null}
          >
            {t('actions.save')}
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => setText(DOLYAME_WIDGET_DEFAULT_TEXT)}
          >
            {t('dolyame.widget.defaults')}
          </Button>
          <Button
            type="button"
            variant="ghost"
            disabled={!dirty}
            onClick={() => {
              setText(saved.config);
              setEnabled(saved.enabled);
            }}
          >
            {t('actions.cancel')}
          </Button>
        </div>
      )}
    </form>
  );
}

/** /dolyame/config/widget: the storefront widget's settings as JSON text (spec part 2 §3). */
export default function DolyameWidgetPage() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const roles = useAuthStore((state) => state.me?.roles ?? []);
  const config = useQuery({ ...dolyameWidgetQueryOptions(siteId ?? 0), enabled: siteId !== null });
  if (siteId === null) return <p className="page">{t('dolyame.noSite')}</p>;
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('routes.dolyameWidget')}</h1>
        <a
          className="ui-button ui-button--secondary"
          href={`/cdn/${siteId}/demo.html`}
          target="_blank"
          rel="noreferrer"
        >
          {t('dolyame.widget.demo')}
        </a>
      </div>
      <p className="page__lead">{t('dolyame.widget.lead')}</p>
      {config.data ? (
        <WidgetEditor
          key={`${config.data.updatedAt ?? ''}:${siteId}`}
          siteId={siteId}
          saved={config.data}
          canEdit={hasAccess(roles, saveDolyameWidgetRoute.roles)}
        />
      ) : (
        <Spinner label={t('ui.spinner.loading')} />
      )}
    </div>
  );
}
