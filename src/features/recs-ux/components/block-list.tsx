import { useTranslation } from 'react-i18next';
import { Badge } from '#src/ui/badge/badge.tsx';
import { SortableList } from '#src/ui/sortable-list/sortable-list.tsx';
import type { StoredBlock } from '../api/blocks.ts';

export interface BlockListProps {
  blocks: readonly StoredBlock[];
  selectedId: number | null;
  onSelect: (configId: number) => void;
  onReorder: (blocks: StoredBlock[]) => void;
  /** Reordering saves the integration copies: off without the save roles or while saving. */
  canReorder: boolean;
  /** Why the user may not reorder (their roles), shown under the list. */
  reorderDeniedReason?: string | undefined;
}

/** The site's blocks (integration copy) in display order; drag, keyboard or buttons reorder them. */
export function BlockList({
  blocks,
  selectedId,
  onSelect,
  onReorder,
  canReorder,
  reorderDeniedReason,
}: BlockListProps) {
  const { t } = useTranslation();
  if (blocks.length === 0) return <p className="muted">{t('recsUx.list.empty')}</p>;
  return (
    <SortableList
      aria-label={t('recsUx.list.aria')}
      items={blocks}
      itemId={(stored) => stored.block.configId}
      itemLabel={(stored) => stored.block.name}
      disabled={!canReorder}
      disabledReason={reorderDeniedReason}
      onReorder={onReorder}
      labels={{
        handle: (name) => t('recsUx.sortable.handle', { name }),
        moveUp: (name) => t('recsUx.sortable.moveUp', { name }),
        moveDown: (name) => t('recsUx.sortable.moveDown', { name }),
        instructions: t('recsUx.sortable.instructions'),
        picked: (name) => t('recsUx.sortable.picked', { name }),
        moved: (name, position) => t('recsUx.sortable.moved', { name, position }),
        dropped: (name, position) => t('recsUx.sortable.dropped', { name, position }),
        cancelled: (name) => t('recsUx.sortable.cancelled', { name }),
      }}
      renderItem={({ block }) => (
        <button
          type="button"
          className="config-list__item"
          aria-current={block.configId === selectedId ? 'true' : undefined}
          aria-label={t('recsUx.list.open', { name: block.name })}
          onClick={() => onSelect(block.configId)}
        >
          <span className="config-list__name">{block.name}</span>
          <span className="config-list__meta">
            {t(`fields.pageTypes.${block.pageType}`)}
            {block.enabledDesktop && <Badge tone="success">{t('recsUx.list.desktop')}</Badge>}
            {block.enabledMobile && <Badge tone="success">{t('recsUx.list.mobile')}</Badge>}
            {!block.enabledDesktop && !block.enabledMobile && <Badge>{t('recsUx.list.off')}</Badge>}
          </span>
        </button>
      )}
    />
  );
}
