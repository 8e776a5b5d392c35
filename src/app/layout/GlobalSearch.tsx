import { useEffect, useRef, useState } from 'react';
import { Box, Button, CloseButton, Dialog, Flex, Kbd, Portal, Spinner, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { Command } from 'cmdk';
import { useLocation } from 'wouter';
import { globalSearchMachine } from '../../machines/globalSearch';
import { globalSearchActors } from '../../services/search';
import { SearchIcon } from '../../components/icons';
import { useMoney } from '../../components/money';
import { useT } from '../i18n';
import { hitGroups, hitKey, hitPath } from './searchHits';
import { hitText } from './searchHitText';

const search = globalSearchMachine.provide({ actors: globalSearchActors });

/** Typing in a field: `/` is a character there, not the search's key. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The top bar's search (issue #29): a button, `/` or Ctrl-K (⌘K) opens a command palette that
 * searches every kind of record the user may open, by number or name, all time, within the
 * user's scope (the server decides). It renders the globalSearch machine: the hint, searching,
 * the results grouped by kind (arrows move, Enter opens the page), nothing found, or the
 * failure with a retry.
 */
export function GlobalSearch() {
  const t = useT();
  const money = useMoney();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [state, send] = useMachine(search);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const ctrlK = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typingIn(e.target);
      if (!ctrlK && !slash) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const type = (value: string) => {
    setText(value);
    send({ type: 'TYPE', keyword: value });
  };
  const close = () => {
    setOpen(false);
    type('');
  };
  const go = (path: string) => {
    close();
    navigate(path);
    // A list already shown reads its filters from the address again (its back/forward signal).
    window.dispatchEvent(new PopStateEvent('popstate'));
  };

  const { keyword, reply, error } = state.context;
  const busy = state.hasTag('busy');

  return (
    <>
      <Button
        variant="outline"
        colorPalette="gray"
        size="sm"
        color="fg.muted"
        justifyContent="flex-start"
        w={{ base: '9', md: '56' }}
        px={{ base: '0', md: '3' }}
        aria-label={t('search.openLabel')}
        aria-keyshortcuts="/ Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Box as="span" mx={{ base: 'auto', md: '0' }} display="inline-flex">
          <SearchIcon />
        </Box>
        <Box as="span" display={{ base: 'none', md: 'inline' }} flex="1" textAlign="start">
          {t('search.open')}
        </Box>
        <Kbd size="sm" display={{ base: 'none', md: 'inline-flex' }}>
          /
        </Kbd>
      </Button>
      <Dialog.Root
        open={open}
        onOpenChange={(e) => !e.open && close()}
        placement="top"
        size="lg"
        initialFocusEl={() => input.current}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            {/* A phone's whole screen; a panel below the top bar from tablet width on. */}
            <Dialog.Content
              overflow="hidden"
              minH={{ base: '100dvh', sm: 'auto' }}
              maxW={{ base: '100dvw', sm: '2xl' }}
              my={{ base: '0', sm: '16' }}
              rounded={{ base: '0', sm: 'l3' }}
            >
              <Dialog.Title srOnly>{t('search.title')}</Dialog.Title>
              <Box css={PALETTE_CSS}>
                <Command label={t('search.title')} shouldFilter={false} loop>
                  <Flex align="center" gap="2" px="4" borderBottomWidth="1px">
                    <SearchIcon color="fg.muted" />
                    <Command.Input
                      ref={input}
                      value={text}
                      onValueChange={type}
                      placeholder={t('search.placeholder')}
                      maxLength={64}
                    />
                    {busy && <Spinner size="sm" color="fg.muted" aria-hidden="true" />}
                    {/* Phones have no Escape key. */}
                    <Dialog.CloseTrigger asChild position="static">
                      <CloseButton size="sm" colorPalette="gray" aria-label={t('common.close')} />
                    </Dialog.CloseTrigger>
                  </Flex>
                  <Command.List label={t('search.results')}>
                    {busy && (
                      <Command.Loading label={t('search.searching')}>{t('search.searching')}</Command.Loading>
                    )}
                    {state.matches('idle') && <Text className="palette-note">{t('search.hint')}</Text>}
                    {state.matches('nothing') && (
                      <Command.Empty>{t('search.nothing', { keyword })}</Command.Empty>
                    )}
                    {state.matches('failed') && (
                      <Flex className="palette-note" role="alert" align="center" gap="3" wrap="wrap">
                        <Text color="fg.error">{t('search.failed', { message: error ?? '' })}</Text>
                        <Button size="xs" variant="outline" onClick={() => send({ type: 'RETRY' })}>
                          {t('search.retry')}
                        </Button>
                      </Flex>
                    )}
                    {state.matches('found') &&
                      hitGroups(reply?.hits ?? []).map((group) => (
                        <Command.Group key={group.kind} heading={t(`search.kinds.${group.kind}`)}>
                          {group.hits.map((hit) => {
                            const shown = hitText(t, money, hit);
                            return (
                              <Command.Item
                                key={hitKey(hit)}
                                value={hitKey(hit)}
                                onSelect={() => go(hitPath(hit))}
                              >
                                <Box minW="0" flex="1">
                                  <Text fontWeight="medium" truncate>
                                    {shown.title}
                                  </Text>
                                  <Text fontSize="xs" color="fg.muted" truncate>
                                    {shown.detail}
                                  </Text>
                                </Box>
                                {shown.amount && (
                                  <Text fontSize="sm" whiteSpace="nowrap">
                                    {shown.amount}
                                  </Text>
                                )}
                              </Command.Item>
                            );
                          })}
                        </Command.Group>
                      ))}
                  </Command.List>
                </Command>
              </Box>
              <Text
                display={{ base: 'none', sm: 'block' }}
                px="4"
                py="2"
                fontSize="xs"
                color="fg.muted"
                borderTopWidth="1px"
                aria-hidden="true"
              >
                {t('search.keys')}
              </Text>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

/** cmdk renders plain elements marked with attributes: the palette's look, in the theme's tokens. */
const PALETTE_CSS = {
  '& [cmdk-input]': {
    flex: '1',
    minW: '0',
    h: '12',
    bg: 'transparent',
    outline: 'none',
    fontSize: 'md',
    color: 'fg',
  },
  '& [cmdk-input]::placeholder': { color: 'fg.subtle' },
  '& [cmdk-list]': {
    maxH: { base: 'calc(100dvh - 3rem)', sm: 'min(60vh, 28rem)' },
    overflowY: 'auto',
    overscrollBehavior: 'contain',
    py: '2',
  },
  '& [cmdk-group-heading]': {
    px: '4',
    pt: '2',
    pb: '1',
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'fg.muted',
  },
  '& [cmdk-item]': {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    mx: '2',
    px: '2',
    py: '1.5',
    rounded: 'md',
    cursor: 'pointer',
  },
  '& [cmdk-item][data-selected="true"]': { bg: 'colorPalette.subtle', colorPalette: 'blue' },
  '& [cmdk-loading], & [cmdk-empty], & .palette-note': {
    px: '4',
    py: '3',
    fontSize: 'sm',
    color: 'fg.muted',
  },
} as const;
