import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AC_BLOCKS, type SearchConfigInput } from '#contract/entities/config.ts';
import { IconButton } from '#src/ui/button/button.tsx';
// Each row draws the Checkbox widget's markup by hand, so it brings the widget's styles itself.

type Block = (typeof AC_BLOCKS)[number];

/** The shown blocks in their order, then the hidden ones. */
export function fullOrder(shown: readonly Block[]): Block[] {
  return [...shown, ...AC_BLOCKS.filter((block) => !shown.includes(block))];
}

function Row({
  block,
  index,
  count,
  shown,
  onToggle,
  onMove,
  disabled,
}: {
  block: Block;
  index: number;
  count: number;
  shown: boolean;
  onToggle: () => void;
  onMove: (to: number) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const name = t(`ux.blocks.${block}`);
  const { setNodeRef, transform, transition, isDragging, attributes, listeners } = useSortable({
    id: block,
    disabled,
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className="search-ux__order-row"
      data-dragging={isDragging || undefined}
    >
      <button
        type="button"
        className="search-ux__handle"
        aria-label={t('ux.typesAC.drag', { block: name })}
        disabled={disabled}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <label className="ui-checkbox">
        <input
          type="checkbox"
          className="ui-checkbox__box"
          checked={shown}
          disabled={disabled}
          aria-label={t('ux.typesAC.include', { block: name })}
          onChange={onToggle}
        />
        <span>{name}</span>
      </label>
      <IconButton
        label={t('ux.typesAC.moveUp', { block: name })}
        disabled={disabled || index === 0}
        onClick={() => onMove(index - 1)}
      >
        ↑
      </IconButton>
      <IconButton
        label={t('ux.typesAC.moveDown', { block: name })}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        ↓
      </IconButton>
    </li>
  );
}

/** customSettings.typesAC: which autocomplete blocks show, in which order (drag or keyboard). */
export function TypesAcOrder({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { control } = useFormContext<SearchConfigInput>();
  const { field } = useController({ control, name: 'customSettings.typesAC' });
  const shown = (field.value ?? []) as Block[];
  const order = fullOrder(shown);
  const [announcement, setAnnouncement] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const commit = (next: Block[], visible: readonly Block[]) =>
    field.onChange(next.filter((block) => visible.includes(block)));

  const move = (from: number, to: number) => {
    const block = order[from];
    if (block === undefined || to < 0 || to >= order.length) return;
    const next = arrayMove(order, from, to);
    // A hidden block dragged among the shown ones stays hidden; its place is kept for later.
    commit(next, shown);
    setAnnouncement(
      t('ux.typesAC.moved', {
        block: t(`ux.blocks.${block}`),
        position: to + 1,
        count: order.length,
      }),
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(order.indexOf(active.id as Block), order.indexOf(over.id as Block));
  };

  return (
    <div className="search-ux__order" role="group" aria-labelledby={labelId}>
      <div id={labelId} className="ui-field__label">
        {t('ux.fields.customSettings.typesAC')}
      </div>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={order} strategy={verticalListSortingStrategy}>
          <ol className="search-ux__order-list">
            {order.map((block, index) => (
              <Row
                key={block}
                block={block}
                index={index}
                count={order.length}
                shown={shown.includes(block)}
                disabled={disabled}
                onMove={(to) => move(index, to)}
                onToggle={() =>
                  commit(
                    order,
                    shown.includes(block)
                      ? shown.filter((item) => item !== block)
                      : [...shown, block],
                  )
                }
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="ui-visually-hidden" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
