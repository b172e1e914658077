/** Small decorative icons only the review of founders uses (the shared set lives in ui/icons.tsx). */
import { Svg } from '../../ui/icons';

/** Drawn a little smaller than the shared set, like the admin question pages' own icons. */
const SIZE = 16;

export const IconEye = () => (
  <Svg size={SIZE}>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);

export const IconStar = () => (
  <Svg size={SIZE}>
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9Z" />
  </Svg>
);

export const IconUnlock = () => (
  <Svg size={SIZE}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 7.5-2" />
  </Svg>
);
