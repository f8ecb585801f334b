import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import { ApiError } from '#contract/client.ts';
import {
  checkDolyameWidgetText,
  DOLYAME_WIDGET_DEFAULT_TEXT,
  dolyameWidgetInput,
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
import { Form, useShownField, useZodForm } from '#src/ui/form/form.tsx';
import { useFieldError } from '#src/ui/form/form-field.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { CodeEditor, type EditorDiagnostic } from '#studio/editors/code-editor.tsx';
import { dolyameWidgetQueryOptions } from './api/dolyame-queries.ts';
import { useSaveDolyameWidgetMutation } from './api/dolyame-mutations.ts';
import './dolyame.css';

type DolyameWidgetInput = z.input<typeof dolyameWidgetInput>;

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
  const form = useZodForm(dolyameWidgetInput, {
    defaultValues: { enabled: saved.enabled, config: saved.config },
  });
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const mutation = useSaveDolyameWidgetMutation(siteId);
  const text = form.watch('config');
  const dirty = form.formState.isDirty;

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

  return (
    <Form
      form={form}
      className="dolyame-widget"
      aria-label={t('routes.dolyameWidget')}
      onSubmit={async (body) => {
        setServerProblem(null);
        try {
          await mutation.mutateAsync(body);
        } catch (error) {
          if (error instanceof ApiError && error.status === 400) setServerProblem(error.message);
          else reportError(error);
        }
      }}
    >
      <EnabledField label={t('dolyame.widget.enabled')} disabled={!canEdit} />
      <p className="ui-field__hint">{t('dolyame.widget.enabledHint')}</p>
      <ConfigField
        canEdit={canEdit}
        diagnostics={diagnostics}
        label={t('dolyame.widget.editor')}
        problem={problem ?? serverProblem}
        valid={t('dolyame.widget.valid')}
      />
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
            onClick={() =>
              form.setValue('config', DOLYAME_WIDGET_DEFAULT_TEXT, { shouldDirty: true })
            }
          >
            {t('dolyame.widget.defaults')}
          </Button>
          <Button
            type="button"
            variant="ghost"
            disabled={!dirty}
            onClick={() => form.reset({ enabled: saved.enabled, config: saved.config })}
          >
            {t('actions.cancel')}
          </Button>
        </div>
      )}
    </Form>
  );
}

function EnabledField({ label, disabled }: { label: string; disabled: boolean }) {
  const { control } = useFormContext<DolyameWidgetInput>();
  const { field } = useController({ control, name: 'enabled' });
  return (
    <Checkbox
      label={label}
      checked={field.value}
      disabled={disabled}
      onChange={(event) => field.onChange(event.target.checked)}
    />
  );
}

/**
 * The JSON text, and under it what is wrong with it: the live check's problem (or the server's),
 * else the form's own refusal (too long), else that it is valid.
 */
function ConfigField({
  canEdit,
  diagnostics,
  label,
  problem,
  valid,
}: {
  canEdit: boolean;
  diagnostics: EditorDiagnostic[];
  label: string;
  problem: string | null;
  valid: string;
}) {
  const { control } = useFormContext<DolyameWidgetInput>();
  const { field } = useController({ control, name: 'config' });
  const error = useFieldError<DolyameWidgetInput>('config');
  useShownField('config');
  const shown = problem ?? error ?? null;
  return (
    <>
      <CodeEditor
        value={field.value}
        onChange={canEdit ? field.onChange : undefined}
        readOnly={!canEdit}
        language="javascript"
        diagnostics={diagnostics}
        ariaLabel={label}
        height="460px"
      />
      <p className={shown ? 'dolyame-problem' : 'dolyame-ok'} role={shown ? 'alert' : 'status'}>
        {shown ?? valid}
      </p>
    </>
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
