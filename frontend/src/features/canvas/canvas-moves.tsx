import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import type { Question } from '../../data/journey/journey-api';

/** Where an entry can go: a question's list, and how the announcement names it ("Moved … to <label>."). */
export interface MoveDestination {
  questionId: string;
  label: string;
}

/** The entry being dragged: enough to find it again in its block, and to tell a stale drag from a current one. */
export interface DraggedEntry {
  section: string;
  key: string;
  questionId: string;
  index: number;
  text: string;
}

/** A block's way to move one of its entries when the drop lands in another block. */
type MoveHandler = (from: DraggedEntry, to: MoveDestination) => void;

export interface CanvasMoves {
  /** The canvas's blocks that take entries (those with questions), in the canvas's order. */
  blocks: readonly { section: string; questions: readonly Question[] }[];
  /** The drag in progress on this canvas, so each block can say whether it takes the drop (dragover has no data). */
  dragged: DraggedEntry | null;
  setDragged: (entry: DraggedEntry | null) => void;
  /**
   * A drop in another block hands the move to the entry's own block: the keyboard and the mouse then run the same
   * add-then-remove, with its refusals, announcement and focus.
   */
  request: MoveHandler;
  /** Each block takes the moves of its entries; returns the unregistering. */
  register: (section: string, handler: MoveHandler) => () => void;
}

const CanvasMovesContext = createContext<CanvasMoves | null>(null);

/** Lets the blocks of one canvas move entries between them (issue 36); one canvas per provider. */
export function CanvasMovesProvider({ blocks, children }: { blocks: CanvasMoves['blocks']; children: ReactNode }) {
  const [dragged, setDragged] = useState<DraggedEntry | null>(null);
  const handlers = useRef(new Map<string, MoveHandler>());
  const register = useCallback((section: string, handler: MoveHandler) => {
    handlers.current.set(section, handler);
    return () => {
      if (handlers.current.get(section) === handler) handlers.current.delete(section);
    };
  }, []);
  const request = useCallback<MoveHandler>((from, to) => handlers.current.get(from.section)?.(from, to), []);
  const value = useMemo(
    () => ({ blocks, dragged, setDragged, request, register }),
    [blocks, dragged, request, register],
  );
  return <CanvasMovesContext.Provider value={value}>{children}</CanvasMovesContext.Provider>;
}

/** The canvas's moves, or null outside a canvas (a block alone then offers no moves to other blocks). */
export function useCanvasMoves(): CanvasMoves | null {
  return useContext(CanvasMovesContext);
}

/** The drag's data type: only an entry of this app's canvas is taken as a drop (not a file, not a text). */
export const ENTRY_DRAG_TYPE = 'application/x-preseed-canvas-entry';
