/** Small decorative icons only the admin question pages use (the shared set lives in ui/icons.tsx). */
import type { ReactNode } from 'react';
import { Svg as IconFrame, type IconProps } from '../../ui/icons';

/** These icons are drawn a little smaller than the shared set. */
function Svg({ size = 16, ...rest }: IconProps & { children: ReactNode }) {
  return <IconFrame size={size} {...rest} />;
}

export const IconChevron = ({ className }: { className?: string }) => (
  <Svg size={18} className={className}>
    <path d="m9 6 6 6-6 6" />
  </Svg>
);

export const IconPlus = () => (
  <Svg>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);

export const IconPlay = () => (
  <Svg>
    <circle cx="12" cy="12" r="9" />
    <path d="m10 8.5 5 3.5-5 3.5Z" />
  </Svg>
);

export const IconPencil = () => (
  <Svg>
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16Z" />
    <path d="m13.5 6.5 4 4" />
  </Svg>
);

export const IconTrash = () => (
  <Svg>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);

export const IconEye = () => (
  <Svg>
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
    <circle cx="12" cy="12" r="3" />
  </Svg>
);

export const IconStar = () => (
  <Svg>
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9Z" />
  </Svg>
);

export const IconUnlock = () => (
  <Svg>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 7.5-2" />
  </Svg>
);
