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
import { useId } from 'react';
import type { ReactNode } from 'react';
import { IconButton } from '../button/button.tsx';
import { cx } from '../cx.ts';

export type SortableId = string | number;

/** Texts the list needs; the host translates them (this leaf has no keys of its own). */
export interface SortableListLabels {
  /** Accessible name of an item's drag handle, e.g. 'Move «Hits»'. */
  handle: (itemLabel: string) => string;
  moveUp: (itemLabel: string) => string;
  moveDown: (itemLabel: string) => string;
  /** Screen-reader instructions for the handle (Space to lift, arrows to move, Space to drop). */
  instructions: string;
  /** Announcements while dragging. */
  picked: (itemLabel: string) => string;
  moved: (itemLabel: string, position: number) => string;
  dropped: (itemLabel: string, position: number) => string;
  cancelled: (itemLabel: string) => string;
}

export interface SortableListProps<T> {
  items: readonly T[];
  itemId: (item: T) => SortableId;
  /** A short text naming the item (announcements, button names). */
  itemLabel: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Called with the items in their new order after a drop or a move button. */
  onReorder: (items: T[]) => void;
  labels: SortableListLabels;
  'aria-label': string;
  disabled?: boolean;
  /** Why the list cannot be reordered, shown under it (and described on its buttons) while `disabled`. */
  disabledReason?: string | undefined;
  className?: string;
}

function SortableRow<T>({
  item,
  index,
  count,
  props,
  move,
  whyId,
}: {
  item: T;
  index: number;
  count: number;
  props: SortableListProps<T>;
  move: (from: number, to: number) => void;
  /** The id of the shown reason the list is disabled, if any. */
  whyId: string | undefined;
}) {
  const id = props.itemId(item);
  const label = props.itemLabel(item);
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled: props.disabled });
  return (
    <li
      ref={setNodeRef}
      className={cx('ui-sortable__item', isDragging && 'ui-sortable__item--dragging')}
      style={{
        transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
        transition,
      }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="ui-sortable__handle"
        aria-label={props.labels.handle(label)}
        disabled={props.disabled}
        {...attributes}
        {...listeners}
        {...(whyId !== undefined && { 'aria-describedby': whyId })}
      >
        <span aria-hidden="true">⋮⋮</span>
      </button>
      <div className="ui-sortable__body">{props.renderItem(item)}</div>
      <span className="ui-sortable__moves">
        <IconButton
          label={props.labels.moveUp(label)}
          disabled={props.disabled || index === 0}
          aria-describedby={whyId}
          onClick={() => move(index, index - 1)}
        >
          ↑
        </IconButton>
        <IconButton
          label={props.labels.moveDown(label)}
          disabled={props.disabled || index === count - 1}
          aria-describedby={whyId}
          onClick={() => move(index, index + 1)}
        >
          ↓
        </IconButton>
      </span>
    </li>
  );
}

/**
 * A vertical list reordered by drag and drop (@dnd-kit/sortable): the handle is keyboard
 * operable (Space lifts, arrows move, Space drops, Escape cancels) and every item also has
 * move up / move down buttons, so ordering never needs a pointer.
 */
export function SortableList<T>(props: SortableListProps<T>) {
  const { items, itemId, itemLabel, onReorder, labels } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(itemId);
  const reasonId = useId();
  const why = props.disabled ? props.disabledReason : undefined;
  const labelOf = (id: SortableId) => {
    const item = items.find((candidate) => itemId(candidate) === id);
    return item === undefined ? String(id) : itemLabel(item);
  };
  const positionOf = (id: SortableId | undefined) => (id === undefined ? 0 : ids.indexOf(id) + 1);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    onReorder(arrayMove([...items], from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(active.id), ids.indexOf(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: labels.instructions },
        announcements: {
          onDragStart: ({ active }) => labels.picked(labelOf(active.id)),
          onDragOver: ({ active, over }) => labels.moved(labelOf(active.id), positionOf(over?.id)),
          onDragEnd: ({ active, over }) => labels.dropped(labelOf(active.id), positionOf(over?.id)),
          onDragCancel: ({ active }) => labels.cancelled(labelOf(active.id)),
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={cx('ui-sortable', props.className)} aria-label={props['aria-label']}>
          {items.map((item, index) => (
            <SortableRow
              key={itemId(item)}
              item={item}
              index={index}
              count={items.length}
              props={props}
              move={move}
              whyId={why ? reasonId : undefined}
            />
          ))}
        </ol>
      </SortableContext>
      {why && (
        <p id={reasonId} className="ui-sortable__why">
          {why}
        </p>
      )}
    </DndContext>
  );
}
