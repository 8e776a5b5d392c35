import { Flex, IconButton, Menu, Portal, Spacer } from '@chakra-ui/react';
import { MenuIcon, TextSizeIcon } from '../../components/icons';
import { useT } from '../i18n';
import { useSession } from '../session';
import { Breadcrumbs } from './Breadcrumbs';
import { GlobalSearch } from './GlobalSearch';
import { UI_SIZES, type UiSize } from './prefs';
import { UserCard } from './UserCard';

interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  size: UiSize;
  onSize: (size: UiSize) => void;
}

/** The fixed header: menu toggle, breadcrumbs, global search, display size, user card. */
export function TopBar({ menuOpen, onToggleMenu, size, onSize }: TopBarProps) {
  const t = useT();
  // Held on the password change, the server answers nothing else: no search then.
  const held = useSession((s) => s.matches({ authenticated: 'passwordChangeRequired' }));
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      h="14"
      align="center"
      gap="2"
      px={{ base: '2', md: '4' }}
      bg="bg"
      borderBottomWidth="1px"
      boxShadow="xs"
    >
      <IconButton
        variant="ghost"
        colorPalette="gray"
        size="sm"
        aria-label={t('shell.toggleMenu')}
        aria-expanded={menuOpen}
        onClick={onToggleMenu}
      >
        <MenuIcon />
      </IconButton>
      <Breadcrumbs />
      <Spacer />
      {!held && <GlobalSearch />}
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <IconButton variant="ghost" colorPalette="gray" size="sm" aria-label={t('shell.size')}>
            <TextSizeIcon />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="32">
              <Menu.RadioItemGroup value={size} onValueChange={(e) => onSize(e.value as UiSize)}>
                <Menu.ItemGroupLabel>{t('shell.size')}</Menu.ItemGroupLabel>
                {UI_SIZES.map((s) => (
                  <Menu.RadioItem key={s} value={s}>
                    {t(`shell.sizes.${s}`)}
                    <Menu.ItemIndicator />
                  </Menu.RadioItem>
                ))}
              </Menu.RadioItemGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <UserCard />
    </Flex>
  );
}
