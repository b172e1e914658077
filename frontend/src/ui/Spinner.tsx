export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Inside a control that already says it is busy, the spinner is only decoration. */
  decorative?: boolean;
  label?: string;
}

export function Spinner({ size = 'md', decorative = false, label = 'Loading' }: SpinnerProps) {
  if (decorative) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return <span className={`spinner spinner--${size}`} role="status" aria-label={label} />;
}

/** Centred spinner for a whole page or region while something loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="lg" label={label} />
    </div>
  );
}
