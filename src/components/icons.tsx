import { Icon, type IconProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { MenuIconName } from '../contract/routes';

/** Line icons (paths after the ISC-licensed Lucide set), drawn in the current text colour. */
function lineIcon(name: string, shapes: ReactNode) {
  const Component = (props: IconProps) => (
    <Icon boxSize="1em" flexShrink={0} {...props} asChild>
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        {shapes}
      </svg>
    </Icon>
  );
  Component.displayName = name;
  return Component;
}

export const MenuIcon = lineIcon('MenuIcon', <path d="M4 6h16M4 12h16M4 18h16" />);
export const HomeIcon = lineIcon(
  'HomeIcon',
  <>
    <path d="m3 9 9-7 9 7v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    <path d="M9 22V12h6v10" />
  </>,
);
export const CardIcon = lineIcon(
  'CardIcon',
  <>
    <rect width="20" height="14" x="2" y="5" rx="2" />
    <path d="M2 10h20" />
  </>,
);
export const HistoryIcon = lineIcon(
  'HistoryIcon',
  <>
    <path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" />
    <path d="M3 3v5h5M12 7v5l4 2" />
  </>,
);
export const BankIcon = lineIcon(
  'BankIcon',
  <path d="M3 22h18M6 18v-7M10 18v-7M14 18v-7M18 18v-7M12 2l8 5H4z" />,
);
export const ChartIcon = lineIcon('ChartIcon', <path d="M12 20V10M18 20V4M6 20v-4" />);
export const BellIcon = lineIcon(
  'BellIcon',
  <>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </>,
);
export const SettingsIcon = lineIcon(
  'SettingsIcon',
  <path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M2 14h4M10 8h4M18 16h4" />,
);
export const UserIcon = lineIcon(
  'UserIcon',
  <>
    <path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />
    <circle cx="12" cy="7" r="4" />
  </>,
);
export const KeyIcon = lineIcon(
  'KeyIcon',
  <>
    <circle cx="7.5" cy="15.5" r="5.5" />
    <path d="m21 2-9.6 9.6M15.5 7.5l3 3L22 7l-3-3" />
  </>,
);
export const LockIcon = lineIcon(
  'LockIcon',
  <>
    <rect width="18" height="11" x="3" y="11" rx="2" />
    <path d="M7 11V7a5 5 0 0 1 10 0v4" />
  </>,
);
export const IdCardIcon = lineIcon(
  'IdCardIcon',
  <>
    <rect width="18" height="14" x="3" y="5" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M6 16c.5-1.5 1.7-2 3-2s2.5.5 3 2M14 10h4M14 14h4" />
  </>,
);
export const GlobeIcon = lineIcon(
  'GlobeIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
  </>,
);
export const SwitchIcon = lineIcon(
  'SwitchIcon',
  <path d="m17 2 4 4-4 4M3 11v-1a4 4 0 0 1 4-4h14M7 22l-4-4 4-4M21 13v1a4 4 0 0 1-4 4H3" />,
);
export const LogoutIcon = lineIcon(
  'LogoutIcon',
  <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />,
);
export const ChevronDownIcon = lineIcon('ChevronDownIcon', <path d="m6 9 6 6 6-6" />);
export const ChevronRightIcon = lineIcon('ChevronRightIcon', <path d="m9 18 6-6-6-6" />);
export const ChevronLeftIcon = lineIcon('ChevronLeftIcon', <path d="m15 18-6-6 6-6" />);
export const CheckIcon = lineIcon('CheckIcon', <path d="M20 6 9 17l-5-5" />);
export const CrossIcon = lineIcon('CrossIcon', <path d="M18 6 6 18M6 6l12 12" />);
export const RefreshIcon = lineIcon(
  'RefreshIcon',
  <path d="M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8M21 3v5h-5M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16M8 16H3v5" />,
);
export const ArrowUpIcon = lineIcon('ArrowUpIcon', <path d="m5 12 7-7 7 7M12 19V5" />);
export const ArrowDownIcon = lineIcon('ArrowDownIcon', <path d="M12 5v14M19 12l-7 7-7-7" />);
export const SortIcon = lineIcon('SortIcon', <path d="m21 16-4 4-4-4M17 20V4M3 8l4-4 4 4M7 4v16" />);
export const TextSizeIcon = lineIcon('TextSizeIcon', <path d="M4 7V4h16v3M9 20h6M12 4v16" />);
export const AlertIcon = lineIcon(
  'AlertIcon',
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4M12 16h.01" />
  </>,
);
export const ShieldIcon = lineIcon(
  'ShieldIcon',
  <path d="M20 13c0 5-3.5 7.5-7.66 8.95a1 1 0 0 1-.67-.01C7.5 20.5 4 18 4 13V6a1 1 0 0 1 1-1c2 0 4.5-1.2 6.24-2.72a1.17 1.17 0 0 1 1.52 0C14.51 3.81 17 5 19 5a1 1 0 0 1 1 1z" />,
);
export const LinkOffIcon = lineIcon(
  'LinkOffIcon',
  <path d="M9 17H7A5 5 0 0 1 7 7M15 7h2a5 5 0 0 1 4 8M8 12h4M2 2l20 20" />,
);

/** Sidebar icon names of the contract's MENU table. */
export const PlusIcon = lineIcon('PlusIcon', <path d="M12 5v14M5 12h14" />);
export const CopyIcon = lineIcon(
  'CopyIcon',
  <>
    <rect width="14" height="14" x="8" y="8" rx="2" />
    <path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2" />
  </>,
);
export const EditIcon = lineIcon('EditIcon', <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />);
export const TrashIcon = lineIcon(
  'TrashIcon',
  <path d="M3 6h18M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />,
);
export const UnlockIcon = lineIcon(
  'UnlockIcon',
  <>
    <rect width="18" height="11" x="3" y="11" rx="2" />
    <path d="M7 11V7a5 5 0 0 1 9.9-1" />
  </>,
);
/** The sidebar's icons by the name a menu route gives (src/contract/routes.ts). */
export const MENU_ICONS: Record<MenuIconName, (p: IconProps) => ReactNode> = {
  home: HomeIcon,
  payments: CardIcon,
  history: HistoryIcon,
  settle: BankIcon,
  report: ChartIcon,
  notice: BellIcon,
  setup: SettingsIcon,
};
export const CalendarIcon = lineIcon(
  'CalendarIcon',
  <>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </>,
);
export const SearchIcon = lineIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="8" />
    <path d="m21 21-4.3-4.3" />
  </>,
);
