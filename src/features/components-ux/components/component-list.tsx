import { useTranslation } from 'react-i18next';
import { Badge } from '#src/ui/badge/badge.tsx';
import { SortableList } from '#src/ui/sortable-list/sortable-list.tsx';
import type { StoredComponent } from '../api/components.ts';

export interface ComponentListProps {
  components: readonly StoredComponent[];
  selectedId: number | null;
  onSelect: (componentId: number) => void;
  onReorder: (components: StoredComponent[]) => void;
  canReorder: boolean;
  /** Why the user may not reorder (their roles), shown under the list. */
  reorderDeniedReason?: string | undefined;
}

/** The site's components (integration copy) in order; drag, keyboard or buttons reorder them. */
export function ComponentList({
  components,
  selectedId,
  onSelect,
  onReorder,
  canReorder,
  reorderDeniedReason,
}: ComponentListProps) {
  const { t } = useTranslation();
  if (components.length === 0) return <p className="muted">{t('componentsUx.list.empty')}</p>;
  return (
    <SortableList
      aria-label={t('componentsUx.list.aria')}
      items={components}
      itemId={(stored) => stored.component.componentId}
      itemLabel={(stored) => stored.component.name}
      disabled={!canReorder}
      disabledReason={reorderDeniedReason}
      onReorder={onReorder}
      labels={{
        handle: (name) => t('componentsUx.sortable.handle', { name }),
        moveUp: (name) => t('componentsUx.sortable.moveUp', { name }),
        moveDown: (name) => t('componentsUx.sortable.moveDown', { name }),
        instructions: t('componentsUx.sortable.instructions'),
        picked: (name) => t('componentsUx.sortable.picked', { name }),
        moved: (name, position) => t('componentsUx.sortable.moved', { name, position }),
        dropped: (name, position) => t('componentsUx.sortable.dropped', { name, position }),
        cancelled: (name) => t('componentsUx.sortable.cancelled', { name }),
      }}
      renderItem={({ component }) => (
        <button
          type="button"
          className="config-list__item"
          aria-current={component.componentId === selectedId ? 'true' : undefined}
          aria-label={t('componentsUx.list.open', { name: component.name })}
          onClick={() => onSelect(component.componentId)}
        >
          <span className="config-list__name">{component.name}</span>
          <span className="config-list__meta">
            <Badge tone="accent">{t(`componentsUx.types.${component.type}`)}</Badge>
            <Badge>{t(`componentsUx.views.${component.view}`)}</Badge>
          </span>
        </button>
      )}
    />
  );
}
