/** Two small decorative icons only this page uses (the shared set and frame live in ui/icons.tsx). */
import { type IconProps, Svg } from '../../ui/icons';

export const IconChevron = (p: IconProps) => (
  <Svg {...p}>
    <path d="m9 6 6 6-6 6" />
  </Svg>
);

export const IconPlay = (p: IconProps) => (
  <Svg size={16} {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m10 8.5 5 3.5-5 3.5Z" />
  </Svg>
);
