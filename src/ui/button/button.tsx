import { useId } from 'react';
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
  /**
   * Why the button is disabled (the user's roles do not allow the action …), shown while
   * `disabled`: the button stays focusable (`aria-disabled`, clicks ignored) so the reason is its
   * tooltip on hover and its accessible description.
   */
  disabledReason?: string | null | undefined;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  type = 'button',
  className,
  disabled,
  disabledReason,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const reasonId = useId();
  const why = disabled && disabledReason ? disabledReason : undefined;
  const button = (
    <button
      type={type}
      className={cx(
        'ui-button',
        `ui-button--${variant}`,
        size === 'sm' && 'ui-button--sm',
        className,
      )}
      disabled={why === undefined ? disabled || loading : loading}
      aria-busy={loading || undefined}
      onClick={onClick}
      {...rest}
      {...(why !== undefined && {
        'aria-disabled': true,
        title: why,
        'aria-describedby': cx(reasonId, rest['aria-describedby']),
        // a disabled submit button must not submit its form either
        onClick: (event) => event.preventDefault(),
      })}
    >
      {loading && <Spinner size="sm" decorative />}
      {children}
    </button>
  );
  if (why === undefined) return button;
  return (
    <>
      {button}
      <span id={reasonId} hidden>
        {why}
      </span>
    </>
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
