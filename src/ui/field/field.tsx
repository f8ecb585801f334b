import type { ReactNode } from 'react';
import { cx } from '../cx.ts';

/** Ids a control needs to point at its label, hint and error. */
export interface FieldIds {
  controlId: string;
  labelId: string;
  hintId: string;
  errorId: string;
}

export function fieldIds(base: string): FieldIds {
  return {
    controlId: base,
    labelId: `${base}-label`,
    hintId: `${base}-hint`,
    errorId: `${base}-error`,
  };
}

/** The `aria-describedby` value for a control: hint first, then the visible error. */
export function describedBy(
  ids: FieldIds,
  hasHint: boolean,
  hasError: boolean,
): string | undefined {
  const list = [hasHint && ids.hintId, hasError && ids.errorId].filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}

export interface FieldProps {
  ids: FieldIds;
  label?: ReactNode;
  hint?: ReactNode;
  /** Shown only when given; pass `undefined` to hide. */
  error?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Layout shared by text inputs, selects and form fields: label, control, hint, error. */
export function Field({ ids, label, hint, error, required, className, children }: FieldProps) {
  return (
    <div className={cx('ui-field', className)}>
      {label !== undefined && (
        <label className="ui-field__label" htmlFor={ids.controlId} id={ids.labelId}>
          {label}
          {required && (
            <span className="ui-field__required" aria-hidden="true">
              *
            </span>
          )}
        </label>
      )}
      {children}
      {hint !== undefined && (
        <div className="ui-field__hint" id={ids.hintId}>
          {hint}
        </div>
      )}
      {error !== undefined && error !== null && error !== false && (
        <div className="ui-field__error" id={ids.errorId} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
