export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  label: string;
  /** Read out instead of the bare percentage, e.g. 'Step 1 of 3'. */
  valueText?: string;
}

export function ProgressBar({ value, label, valueText }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
    >
      <div className="progress__bar" style={{ width: `${clamped}%` }} />
    </div>
  );
}
