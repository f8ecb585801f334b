import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button/button.tsx';
import { fieldIds } from '../field/field.tsx';
import { ProgressBar } from '../progress/progress-bar.tsx';

/** The server's per-row answer to an upload (contract/entities/upload.ts, restated: src/ui is a leaf). */
export interface UploadFieldReport {
  total: number;
  accepted: number;
  rejected: { line: number; reason: string; id?: string }[];
}

export interface UploadFieldProps {
  /** What the file holds ("Правила из файла"). */
  label: string;
  hint?: string;
  /** File types offered by the picker. @default '.csv,.xlsx' */
  accept?: string;
  disabled?: boolean;
  /** Sends the file; reports the share sent (0–1); resolves with the server's report. */
  upload: (
    file: File,
    onProgress: (fraction: number) => void,
    signal: AbortSignal,
  ) => Promise<UploadFieldReport>;
  /** After a report (the host refreshes its list). */
  onUploaded?: (report: UploadFieldReport) => void;
}

type State =
  | { step: 'idle' }
  | { step: 'sending'; file: string; percent: number }
  | { step: 'done'; file: string; report: UploadFieldReport }
  | { step: 'failed'; file: string; message: string };

interface UploadErrorShape {
  status?: number;
  message?: string;
  body?: { details?: { maxBytes?: number; maxRows?: number; missing?: string[] } } | null;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Upload of a CSV or Excel table: pick a file, watch it go, read the report. A partly applied
 * upload shows the spec's partial-failure bar, the refused rows' ids in a field to copy, and each
 * refused line with its reason.
 */
export function UploadField({
  label,
  hint,
  accept = '.csv,.xlsx',
  disabled = false,
  upload,
  onUploaded,
}: UploadFieldProps) {
  const { t } = useTranslation();
  const ids = fieldIds(`upload-${useId()}`);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });

  const failureText = (error: unknown): string => {
    const { status, message, body } = (error ?? {}) as UploadErrorShape;
    const details = body?.details;
    if (status === 413 && details?.maxBytes)
      return t('ui.upload.tooLarge', { mb: Math.round(details.maxBytes / 1024 / 1024) });
    if (status === 413 && details?.maxRows)
      return t('ui.upload.tooManyRows', { count: details.maxRows });
    if (status === 400 && details?.missing)
      return t('ui.upload.missingColumns', { columns: details.missing.join(', ') });
    if (status === 415) return t('ui.upload.wrongType');
    if (status === 0 || status === undefined) return t('ui.upload.network');
    return t('ui.upload.failed', { message: message ?? String(status) });
  };

  const send = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const controller = new AbortController();
    abort.current = controller;
    setState({ step: 'sending', file: file.name, percent: 0 });
    try {
      const report = await upload(
        file,
        (fraction) => setState({ step: 'sending', file: file.name, percent: fraction * 100 }),
        controller.signal,
      );
      setState({ step: 'done', file: file.name, report });
      onUploaded?.(report);
    } catch (error) {
      setState(
        isAbort(error)
          ? { step: 'idle' }
          : { step: 'failed', file: file.name, message: failureText(error) },
      );
    } finally {
      abort.current = null;
    }
  };

  const rejectedIds =
    state.step === 'done' ? state.report.rejected.map((row) => row.id ?? String(row.line)) : [];

  return (
    <div className="ui-upload">
      <div className="ui-upload__picker">
        <span className="ui-field__label" id={ids.labelId}>
          {label}
        </span>
        <input
          ref={input}
          id={ids.controlId}
          className="ui-visually-hidden"
          type="file"
          accept={accept}
          disabled={disabled || state.step === 'sending'}
          aria-labelledby={ids.labelId}
          {...(hint && { 'aria-describedby': ids.hintId })}
          onChange={(event) => void send(event)}
        />
        <Button
          disabled={disabled || state.step === 'sending'}
          onClick={() => input.current?.click()}
          aria-describedby={ids.labelId}
        >
          {t('ui.upload.choose')}
        </Button>
        {state.step !== 'idle' && <span className="ui-upload__file">{state.file}</span>}
        {state.step === 'sending' && (
          <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
            {t('ui.upload.cancel')}
          </Button>
        )}
      </div>
      {hint && (
        <p className="ui-field__hint" id={ids.hintId}>
          {hint}
        </p>
      )}
      {state.step === 'sending' && (
        <ProgressBar
          percent={state.percent}
          label={t('ui.upload.progress', { file: state.file })}
        />
      )}
      {state.step === 'failed' && (
        <p className="ui-upload__error" role="alert">
          {state.message}
        </p>
      )}
      {state.step === 'done' && state.report.rejected.length === 0 && (
        <p className="ui-upload__success" role="status">
          {t('ui.upload.applied', { count: state.report.accepted })}
        </p>
      )}
      {state.step === 'done' && state.report.rejected.length > 0 && (
        <div className="ui-upload__partial" role="alert">
          <p className="ui-upload__partial-title">{t('ui.upload.partialFailure')}</p>
          <p>
            {t('ui.upload.summary', {
              accepted: state.report.accepted,
              rejected: state.report.rejected.length,
            })}
          </p>
          <label className="ui-upload__ids">
            <span className="ui-field__label">{t('ui.upload.rejectedIds')}</span>
            <input
              className="ui-input"
              readOnly
              value={rejectedIds.join(', ')}
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
          <details>
            <summary>{t('ui.upload.details')}</summary>
            <ul className="ui-upload__rows">
              {state.report.rejected.map((row) => (
                <li key={row.line}>
                  {t('ui.upload.line', { line: row.line })}: {row.reason}
                </li>
              ))}
            </ul>
          </details>
        </div>
      )}
    </div>
  );
}
