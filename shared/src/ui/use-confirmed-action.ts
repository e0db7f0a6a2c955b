import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * A row action behind the confirmation dialog (decline a booking, cancel one). The row stays in state while the
 * dialog closes, so its name does not blank mid-animation; once the action is done the row's button is gone, so
 * the screen's heading takes the focus back after the dialog has closed. `stillApplies` reads the row in the latest
 * list: when someone else moved it on meanwhile (a refused write refetches the list), nothing is left to confirm and
 * the dialog closes the same way.
 */
export function useConfirmedAction<Row>(
  heading: RefObject<HTMLElement | null>,
  stillApplies: (row: Row) => boolean = () => true,
) {
  const [row, setRow] = useState<Row | null>(null);
  const [open, setOpen] = useState(false);
  const acted = useRef(false);

  // A row someone else moved on meanwhile has nothing left to confirm: the dialog shows closed, as after an action.
  const gone = open && row !== null && !stillApplies(row);
  const showing = open && !gone;

  useEffect(() => {
    if (showing || (!acted.current && !gone)) return;
    acted.current = false;
    heading.current?.focus();
  }, [showing, gone, heading]);

  return {
    row,
    open: showing,
    ask(which: Row) {
      setRow(which);
      setOpen(true);
    },
    dismiss() {
      setOpen(false);
    },
    /** The action went through: close the dialog and hand the focus to the heading. */
    done() {
      acted.current = true;
      setOpen(false);
    },
  };
}
