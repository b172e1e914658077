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
