import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../spinner/spinner.tsx';
import './picker.css';

export interface TreeCategory {
  id: string;
  name: string;
  hasChildren: boolean;
  /** Products in the category (shown beside its name). */
  products?: number;
}

export interface CategoryTreePickerProps {
  label: ReactNode;
  /** The chosen categories. */
  value: readonly TreeCategory[];
  onChange: (value: TreeCategory[]) => void;
  loadRoots: (signal: AbortSignal) => Promise<TreeCategory[]>;
  /** A category's children, loaded when it is first opened. */
  loadChildren: (categoryId: string, signal: AbortSignal) => Promise<TreeCategory[]>;
  disabled?: boolean;
}

const ROOT = '\u0000root';

/**
 * A category tree (WAI-ARIA tree, multi-select) whose children load when a branch opens.
 * Keyboard: arrows move and open/close, Home/End, Space or Enter chooses.
 */
export function CategoryTreePicker({
  label,
  value,
  onChange,
  loadRoots,
  loadChildren,
  disabled = false,
}: CategoryTreePickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [children, setChildren] = useState<Map<string, TreeCategory[]>>(new Map());
  const [loading, setLoading] = useState<Set<string>>(new Set([ROOT]));
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const abort = useRef(new AbortController());
  const loaders = useRef({ loadRoots, loadChildren });
  useEffect(() => {
    loaders.current = { loadRoots, loadChildren };
  });

  const settle = useCallback((id: string, request: Promise<TreeCategory[]>) => {
    request
      .then((found) => setChildren((current) => new Map(current).set(id, found)))
      .catch(() => setChildren((current) => new Map(current).set(id, [])))
      .finally(() =>
        setLoading((current) => {
          const next = new Set(current);
          next.delete(id);
          return next;
        }),
      );
  }, []);
  const load = (id: string) => {
    setLoading((current) => new Set(current).add(id));
    settle(id, loaders.current.loadChildren(id, abort.current.signal));
  };
  useEffect(() => {
    const controller = abort.current;
    settle(ROOT, loaders.current.loadRoots(controller.signal));
    return () => controller.abort();
  }, [settle]);

  /** The visible nodes in order, with their parent, for the keyboard. */
  const visible = useMemo(() => {
    const list: Array<{ node: TreeCategory; parent: string | null }> = [];
    const walk = (id: string, parent: string | null) => {
      for (const node of children.get(id) ?? []) {
        list.push({ node, parent });
        if (expanded.has(node.id)) walk(node.id, node.id);
      }
    };
    walk(ROOT, null);
    return list;
  }, [children, expanded]);

  const chosen = new Set(value.map((item) => item.id));
  const toggleChosen = (node: TreeCategory) => {
    if (disabled) return;
    onChange(chosen.has(node.id) ? value.filter((item) => item.id !== node.id) : [...value, node]);
  };
  const setOpen = (node: TreeCategory, open: boolean) => {
    if (!node.hasChildren) return;
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(node.id);
      else next.delete(node.id);
      return next;
    });
    if (open && !children.has(node.id) && !loading.has(node.id)) load(node.id);
  };
  const focus = (id: string | undefined) => {
    if (!id) return;
    setFocused(id);
    itemRefs.current.get(id)?.focus();
  };
  const current = focused ?? visible[0]?.node.id ?? null;

  const onKeyDown = (event: KeyboardEvent, node: TreeCategory, parent: string | null) => {
    const index = visible.findIndex((entry) => entry.node.id === node.id);
    switch (event.key) {
      case 'ArrowDown':
        focus(visible[index + 1]?.node.id);
        break;
      case 'ArrowUp':
        focus(visible[index - 1]?.node.id);
        break;
      case 'Home':
        focus(visible[0]?.node.id);
        break;
      case 'End':
        focus(visible.at(-1)?.node.id);
        break;
      case 'ArrowRight':
        if (node.hasChildren && !expanded.has(node.id)) setOpen(node, true);
        else if (expanded.has(node.id)) focus(children.get(node.id)?.[0]?.id);
        break;
      case 'ArrowLeft':
        if (expanded.has(node.id)) setOpen(node, false);
        else if (parent) focus(parent);
        break;
      case ' ':
      case 'Enter':
        toggleChosen(node);
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const renderLevel = (id: string, parent: string | null, level: number): ReactNode => {
    const nodes = children.get(id);
    if (!nodes) return null;
    return nodes.map((node) => {
      const open = expanded.has(node.id);
      return (
        <li
          key={node.id}
          ref={(element) => {
            if (element) itemRefs.current.set(node.id, element);
            else itemRefs.current.delete(node.id);
          }}
          role="treeitem"
          className="ui-tree__item"
          aria-level={level}
          aria-selected={chosen.has(node.id)}
          aria-expanded={node.hasChildren ? open : undefined}
          aria-busy={loading.has(node.id) || undefined}
          aria-label={node.name}
          tabIndex={node.id === current ? 0 : -1}
          onFocus={(event) => {
            if (event.target === event.currentTarget) setFocused(node.id);
          }}
          onKeyDown={(event) => onKeyDown(event, node, parent)}
        >
          <div className="ui-tree__row">
            {node.hasChildren ? (
              <button
                type="button"
                tabIndex={-1}
                className="ui-tree__toggle"
                aria-hidden="true"
                onClick={() => setOpen(node, !open)}
              >
                {open ? '▾' : '▸'}
              </button>
            ) : (
              <span className="ui-tree__toggle" aria-hidden="true" />
            )}
            <input
              type="checkbox"
              tabIndex={-1}
              aria-hidden="true"
              checked={chosen.has(node.id)}
              disabled={disabled}
              onChange={() => toggleChosen(node)}
            />
            <span onClick={() => toggleChosen(node)}>{node.name}</span>
            {node.products !== undefined && (
              <span className="ui-tree__count" aria-hidden="true">
                {node.products}
              </span>
            )}
            {loading.has(node.id) && <Spinner size="sm" decorative />}
          </div>
          {open && (
            <ul role="group" className="ui-tree">
              {renderLevel(node.id, node.id, level + 1)}
            </ul>
          )}
        </li>
      );
    });
  };

  return (
    <div className="ui-picker">
      <span id={labelId} className="ui-field__label">
        {label}
      </span>
      <div className="ui-tree__box">
        {loading.has(ROOT) ? (
          <Spinner size="sm" label={t('ui.spinner.loading')} />
        ) : visible.length === 0 ? (
          <p role="status">{t('ui.select.empty')}</p>
        ) : (
          <ul role="tree" aria-labelledby={labelId} aria-multiselectable="true" className="ui-tree">
            {renderLevel(ROOT, null, 1)}
          </ul>
        )}
      </div>
      {value.length > 0 && (
        <ul className="ui-picker__chosen" aria-label={t('ui.picker.chosen')}>
          {value.map((item) => (
            <li key={item.id} className="ui-picker__chip">
              <span>{item.name}</span>
              {!disabled && (
                <button
                  type="button"
                  className="ui-picker__remove"
                  aria-label={t('ui.picker.remove', { name: item.name })}
                  onClick={() => onChange(value.filter((v) => v.id !== item.id))}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
