import type { ButtonHTMLAttributes, Ref } from 'react';
import { cx } from '../cx.ts';
import { Spinner } from '../spinner/spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** @default 'secondary' */
  variant?: ButtonVariant;
  /** @default 'md' */
  size?: 'sm' | 'md';
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        'ui-button',
        `ui-button--${variant}`,
        size === 'sm' && 'ui-button--sm',
        className,
      )}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" decorative />}
      {children}
    </button>
  );
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Accessible name: icon buttons have no visible text. */
  label: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A square, borderless button for icons (close, edit, confirm…). */
export function IconButton({
  label,
  className,
  type = 'button',
  children,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      className={cx('ui-icon-button', className)}
      aria-label={label}
      title={label}
      {...rest}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
