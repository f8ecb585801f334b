import {
  FloatingFocusManager,
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../button/button.tsx';
import { cx } from '../cx.ts';

export interface PickerPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: ReactNode;
  /** Text on the trigger button (the chosen date or range, or a placeholder). */
  valueText: ReactNode;
  disabled?: boolean;
  /** Extra controls after the trigger, e.g. a clear button. */
  after?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Trigger button plus a non-modal popover; shared by the date and date-range pickers. */
export function PickerPopover({
  open,
  onOpenChange,
  label,
  valueText,
  disabled = false,
  after,
  className,
  children,
}: PickerPopoverProps) {
  const labelId = useId();
  const valueId = useId();
  const { floatingStyles, context, ...floating } = useFloating({
    open,
    onOpenChange,
    placement: 'bottom-start',
    whileElementsMounted: autoUpdate,
    middleware: [offset(4), flip(), shift({ padding: 8 })],
  });
  const { setReference, setFloating } = floating.refs;
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
  ]);

  return (
    <div className={cx('ui-field', className)}>
      <span className="ui-field__label" id={labelId}>
        {label}
      </span>
      <div className="ui-input-row">
        <Button
          ref={setReference}
          className="ui-date-picker__trigger"
          aria-labelledby={`${labelId} ${valueId}`}
          disabled={disabled}
          {...getReferenceProps()}
        >
          <svg
            className="ui-date-picker__icon"
            width="16"
            height="16"
            viewBox="0 0 16 16"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            aria-hidden="true"
          >
            <rect x="2" y="3" width="12" height="11" rx="2" />
            <path d="M2 6.5h12M5.5 1.5v3M10.5 1.5v3" />
          </svg>
          <span id={valueId}>{valueText}</span>
        </Button>
        {after}
      </div>
      {open && (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false}>
            <div
              ref={setFloating}
              className="ui-popover ui-date-picker"
              style={floatingStyles}
              aria-labelledby={labelId}
              {...getFloatingProps()}
            >
              {children}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </div>
  );
}
