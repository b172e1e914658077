import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { IconClose } from './icons';
import './dialog.css';

export interface DialogProps {
  /** Rendered (and shown as a modal) only while true. */
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  /** A line under the title, read as the dialog's description. */
  description?: ReactNode;
  /** Buttons under the content. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** What gets focus on open; defaults to the first focusable element in the content, else the close button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** The close button's accessible name. */
  closeLabel?: string;
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog> element (top layer, the page behind it inert): labelled by its title, focus
 * moved in on open and given back to the opener on close, Escape closes.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  onClose,
  title,
  description,
  footer,
  size = 'md',
  initialFocusRef,
  closeLabel = 'Close',
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useId();
  const descriptionId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves in once per opening, not on each render.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function' && !dialog.open) {
      try {
        dialog.showModal();
      } catch {
        dialog.setAttribute('open', '');
      }
    }
    const first =
      initialFocusRef?.current ?? bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? closeRef.current;
    first?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      // Give focus back to whatever opened the dialog, if it is still on the page.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Escape arrives as a keydown (handled below) or, in browsers, as the dialog's cancel event.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const cancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', cancel);
    return () => dialog.removeEventListener('cancel', cancel);
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${size}`}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog__panel">
        <div className="dialog__header">
          <div className="dialog__heading">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="dialog__description">
                {description}
              </p>
            ) : null}
          </div>
          <button ref={closeRef} type="button" className="dialog__close" aria-label={closeLabel} onClick={onClose}>
            <IconClose size={18} />
          </button>
        </div>
        <div ref={bodyRef} className="dialog__body">
          {children}
        </div>
        {footer ? <div className="dialog__footer">{footer}</div> : null}
      </div>
    </dialog>
  );
}
