import { createContext, useContext, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cx } from '../cx.ts';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  /**
   * An inactive tab: it stays in the arrow keys' reach (so the reason can be read) but is never
   * selected.
   */
  disabled?: boolean;
  /** Why the tab is inactive: its tooltip (title) and its accessible description. */
  disabledReason?: string;
}

export interface TabsProps<V extends string> {
  tabs: readonly TabItem<V>[];
  /** The selected tab (controlled). */
  value: V;
  onChange: (value: V) => void;
  /** The tab list's accessible name. */
  label: string;
  /** The panels: one `TabPanel` per tab, in any layout. */
  children?: ReactNode;
  /** `sm`: tighter tabs, for a tab list nested in another panel. @default 'md' */
  size?: 'sm' | 'md';
  /** Extra class of the tab list. */
  className?: string;
}

interface TabsContextValue {
  value: string;
  tabId: (value: string) => string;
  panelId: (value: string) => string;
}

const TabsContext = createContext<TabsContextValue | null>(null);

/** An id-safe form of a tab's value (values may hold spaces or dots). */
const idPart = (value: string) => value.replace(/[^\w-]/g, '_');

/**
 * WAI-ARIA tabs: a tab list with a roving tabindex (Tab enters at the selected tab; ArrowLeft,
 * ArrowRight, Home and End move and select) and the `TabPanel`s given as children. Selection
 * follows focus: panels that are slow to open should load lazily inside their `TabPanel`.
 */
export function Tabs<V extends string>({
  tabs,
  value,
  onChange,
  label,
  children,
  size = 'md',
  className,
}: TabsProps<V>) {
  const baseId = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const context: TabsContextValue = {
    value,
    tabId: (of) => `${baseId}-tab-${idPart(of)}`,
    panelId: (of) => `${baseId}-panel-${idPart(of)}`,
  };
  const reasonId = (of: string) => `${baseId}-why-${idPart(of)}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    const next = tabs[to];
    if (!next) return;
    refs.current.get(next.value)?.focus();
    if (!next.disabled) onChange(next.value);
  };

  return (
    <TabsContext.Provider value={context}>
      <div
        role="tablist"
        aria-label={label}
        className={cx('ui-tabs', size === 'sm' && 'ui-tabs--sm', className)}
      >
        {tabs.map((tab, index) => {
          const selected = tab.value === value;
          const why = tab.disabled ? tab.disabledReason : undefined;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                if (element) refs.current.set(tab.value, element);
                else refs.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={context.tabId(tab.value)}
              aria-selected={selected}
              aria-controls={context.panelId(tab.value)}
              aria-disabled={tab.disabled || undefined}
              aria-describedby={why ? reasonId(tab.value) : undefined}
              title={why}
              tabIndex={selected ? 0 : -1}
              className="ui-tabs__tab"
              onClick={() => {
                if (!tab.disabled) onChange(tab.value);
              }}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map(
        (tab) =>
          tab.disabled &&
          tab.disabledReason && (
            <span key={tab.value} id={reasonId(tab.value)} hidden>
              {tab.disabledReason}
            </span>
          ),
      )}
      {children}
    </TabsContext.Provider>
  );
}

export interface TabPanelProps {
  /** The tab this panel belongs to. */
  value: string;
  children?: ReactNode;
  /**
   * Keep the content mounted (hidden) while another tab is open: for form fields that must keep
   * validating. Otherwise the content mounts when its tab opens.
   * @default false
   */
  keepMounted?: boolean;
  className?: string;
}

/**
 * The panel of one tab, inside `Tabs`. Every panel's element exists (hidden when not selected),
 * so each tab's `aria-controls` names an element.
 */
export function TabPanel({ value, children, keepMounted = false, className }: TabPanelProps) {
  const context = useContext(TabsContext);
  if (!context) throw new Error('TabPanel must be inside Tabs');
  const selected = context.value === value;
  return (
    <div
      role="tabpanel"
      id={context.panelId(value)}
      aria-labelledby={context.tabId(value)}
      hidden={!selected}
      className={cx('ui-tabs__panel', className)}
    >
      {selected || keepMounted ? children : null}
    </div>
  );
}
