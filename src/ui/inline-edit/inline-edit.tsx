import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../button/button.tsx';
import { cx } from '../cx.ts';

export interface InlineEditProps {
  value: string;
  /** Called with the confirmed text (Enter or the confirm button). */
  onConfirm: (value: string) => void;
  /** Accessible name of the text box, e.g. the field's label. */
  label: string;
  /** Confirm is disabled while the draft is empty (after trimming). */
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
  className?: string;
}

/**
 * Text that turns into a text box. Starts in edit mode when the value is empty; Escape or
 * the cancel button restores the previous value.
 */
export function InlineEdit({
  value,
  onConfirm,
  label,
  required = false,
  placeholder,
  maxLength,
  disabled = false,
  className,
}: InlineEditProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(value === '');
  const [draft, setDraft] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'input' | 'edit' | null>(null);

  useEffect(() => {
    if (focusAfter.current === 'input') input.current?.focus();
    if (focusAfter.current === 'edit') editButton.current?.focus();
    focusAfter.current = null;
  }, [editing]);

  const canConfirm = !disabled && !(required && draft.trim() === '');

  const startEditing = () => {
    setDraft(value);
    focusAfter.current = 'input';
    setEditing(true);
  };
  const commit = () => {
    if (!canConfirm) return;
    onConfirm(draft);
    if (draft !== '') {
      focusAfter.current = 'edit';
      setEditing(false);
    }
  };
  const cancel = () => {
    setDraft(value);
    if (value !== '') {
      focusAfter.current = 'edit';
      setEditing(false);
    }
  };

  if (!editing) {
    return (
      <span className={cx('ui-inline-edit', className)}>
        <span
          className={cx('ui-inline-edit__value', value === '' && 'ui-inline-edit__value--empty')}
        >
          {value === '' ? t('ui.inlineEdit.empty') : value}
        </span>
        <IconButton
          ref={editButton}
          label={`${t('ui.inlineEdit.edit')}: ${label}`}
          onClick={startEditing}
          disabled={disabled}
        >
          ✎
        </IconButton>
      </span>
    );
  }

  return (
    <span className={cx('ui-inline-edit', className)}>
      <input
        ref={input}
        className="ui-input"
        aria-label={label}
        aria-required={required || undefined}
        value={draft}
        placeholder={placeholder}
        maxLength={maxLength}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            cancel();
          }
        }}
      />
      <IconButton label={t('ui.inlineEdit.confirm')} onClick={commit} disabled={!canConfirm}>
        ✓
      </IconButton>
      <IconButton label={t('ui.inlineEdit.cancel')} onClick={cancel} disabled={disabled}>
        ✕
      </IconButton>
    </span>
  );
}
