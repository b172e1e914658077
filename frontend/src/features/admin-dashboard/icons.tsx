import { type IconProps, Svg } from '../../ui/icons';

/** A decorative people icon for the Total Users card (the shared set in ui/icons.tsx has none). */
export const IconUsers = (p: IconProps) => (
  <Svg {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </Svg>
);
