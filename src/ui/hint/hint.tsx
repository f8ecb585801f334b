import {
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import type { Placement } from '@floating-ui/react';
import { cloneElement, isValidElement, useState } from 'react';
import type { ReactElement, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../button/button.tsx';

/** Spec §9: hints open after 300 ms of hovering. */
export const HINT_DELAY_MS = 300;

type TriggerElement = ReactElement<Record<string, unknown> & { ref?: Ref<Element> }>;

export interface HintProps {
  /** The tooltip text. */
  content: ReactNode;
  /**
   * The element the hint explains: a focusable element (button, link, input).
   * Without it, a small '?' button is rendered.
   */
  children?: TriggerElement;
  /** Accessible name of the default '?' button. */
  label?: string;
  /** @default 'top' */
  placement?: Placement;
  /** @default 300 */
  delayMs?: number;
}

/** A tooltip on hover (after a delay) and on keyboard focus; Escape closes it. */
export function Hint({
  content,
  children,
  label,
  placement = 'top',
  delayMs = HINT_DELAY_MS,
}: HintProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { floatingStyles, context, ...floating } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [offset(6), flip(), shift({ padding: 8 })],
  });
  // Callback refs (setters), safe to pass during render.
  const { setReference, setFloating } = floating.refs;
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { delay: { open: delayMs, close: 0 }, move: false }),
    useFocus(context),
    useDismiss(context),
    useRole(context, { role: 'tooltip' }),
  ]);
  const childRef = isValidElement(children) ? children.props.ref : undefined;
  const ref = useMergeRefs([setReference, childRef]);

  const trigger = isValidElement(children) ? (
    cloneElement(children, getReferenceProps({ ...children.props, ref }))
  ) : (
    <IconButton
      ref={setReference}
      label={label ?? t('ui.hint.label')}
      className="ui-hint__trigger"
      {...getReferenceProps()}
    >
      ?
    </IconButton>
  );

  return (
    <>
      {trigger}
      {open && (
        <FloatingPortal>
          <div
            ref={setFloating}
            className="ui-tooltip"
            style={floatingStyles}
            {...getFloatingProps()}
          >
            {content}
          </div>
        </FloatingPortal>
      )}
    </>
  );
}
