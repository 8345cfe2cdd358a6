import { type CSSProperties, type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

/** Where a drag is: the item taken, the place it would drop at, how far it moved, how far the others step aside. */
interface DragState {
  from: number;
  to: number;
  offset: number;
  shift: number;
}

interface Gesture {
  pointerId: number;
  startY: number;
  startScroll: number;
  lastY: number;
  /** Each item's top and height in page coordinates, measured when the drag started. */
  boxes: { top: number; height: number }[];
  frame: number;
  state: DragState;
}

/** Pixels from the top or bottom of the window where a drag scrolls the page. */
const EDGE = 72;
const SCROLL_STEP = 10;

/** The place the item taken at `from` would drop at, its centre moved by `offset`. */
function dropIndex(boxes: readonly { top: number; height: number }[], from: number, offset: number): number {
  const centre = boxes[from].top + boxes[from].height / 2 + offset;
  let to = from;
  boxes.forEach((box, index) => {
    const middle = box.top + box.height / 2;
    if (index < from && centre < middle) to = Math.min(to, index);
    if (index > from && centre > middle) to = Math.max(to, index);
  });
  return to;
}

/**
 * Reordering a list by dragging a handle, with a mouse, a pen or a finger (pointer events with the
 * pointer captured; the handle has `touch-action: none`, so the page still scrolls everywhere
 * else), scrolling the page near the window's edges; and with the keyboard: the handle's arrow keys
 * move the item one place. `onMove(from, to)` once, when the item is dropped at another place.
 * The list is a `<ul ref={listRef}>` whose items carry `data-sortable-item`.
 */
export function useSortable(onMove: (from: number, to: number) => void) {
  const listRef = useRef<HTMLUListElement>(null);
  const gesture = useRef<Gesture | null>(null);
  const [drag, setDrag] = useState<DragState | null>(null);
  const onMoveRef = useRef(onMove);
  useEffect(() => {
    onMoveRef.current = onMove;
  });

  const track = useCallback(() => {
    const current = gesture.current;
    if (!current) return;
    const offset = current.lastY - current.startY + (window.scrollY - current.startScroll);
    current.state = { ...current.state, offset, to: dropIndex(current.boxes, current.state.from, offset) };
    setDrag(current.state);
  }, []);

  const finish = useCallback((commit: boolean) => {
    const current = gesture.current;
    if (!current) return;
    cancelAnimationFrame(current.frame);
    gesture.current = null;
    setDrag(null);
    const { from, to } = current.state;
    if (commit && to !== from) onMoveRef.current(from, to);
  }, []);

  useEffect(() => () => finish(false), [finish]);

  const handleProps = (index: number, count: number) => ({
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0 || gesture.current || !listRef.current) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture?.(event.pointerId);
      const items = [...listRef.current.querySelectorAll<HTMLElement>(':scope > [data-sortable-item]')];
      const boxes = items.map((item) => {
        const rect = item.getBoundingClientRect();
        return { top: rect.top + window.scrollY, height: rect.height };
      });
      if (!boxes[index]) return;
      const gap = boxes.length > 1 ? boxes[1].top - boxes[0].top - boxes[0].height : 0;
      const state = { from: index, to: index, offset: 0, shift: boxes[index].height + gap };
      gesture.current = {
        pointerId: event.pointerId,
        startY: event.clientY,
        startScroll: window.scrollY,
        lastY: event.clientY,
        boxes,
        frame: 0,
        state,
      };
      // Near the window's edges the page scrolls on its own while the item is held.
      const scrollNearEdges = () => {
        const current = gesture.current;
        if (!current) return;
        const step = current.lastY < EDGE ? -SCROLL_STEP : current.lastY > window.innerHeight - EDGE ? SCROLL_STEP : 0;
        if (step !== 0) {
          window.scrollBy(0, step);
          track();
        }
        current.frame = requestAnimationFrame(scrollNearEdges);
      };
      gesture.current.frame = requestAnimationFrame(scrollNearEdges);
      setDrag(state);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      const current = gesture.current;
      if (!current || event.pointerId !== current.pointerId) return;
      current.lastY = event.clientY;
      track();
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      const current = gesture.current;
      if (!current || event.pointerId !== current.pointerId) return;
      current.lastY = event.clientY;
      track();
      finish(true);
    },
    onPointerCancel: () => finish(false),
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
      event.preventDefault();
      const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
      if (to >= 0 && to < count) onMoveRef.current(index, to);
    },
    style: { touchAction: 'none', cursor: drag ? 'grabbing' : 'grab' } satisfies CSSProperties,
  });

  /** How an item is drawn while something is dragged: the taken one follows the pointer, those it passes make room. */
  const itemStyle = (index: number): CSSProperties | undefined => {
    if (!drag) return undefined;
    const { from, to, offset, shift } = drag;
    if (index === from) return { transform: `translateY(${offset}px)`, zIndex: 2, position: 'relative' };
    const moves = from < to ? index > from && index <= to : index >= to && index < from;
    const by = !moves ? 0 : from < to ? -shift : shift;
    return { transform: `translateY(${by}px)`, transition: 'transform 150ms ease' };
  };

  return { listRef, handleProps, itemStyle, dragging: drag?.from ?? null };
}
