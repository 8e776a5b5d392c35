import { Box, Flex } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';

export interface NavTab {
  href: string;
  label: string;
}

/**
 * Sibling pages as a row of tabs (the look of the settlement lists' tabs), each a link: the
 * pages have their own addresses, so they are a navigation with the current one marked
 * (aria-current), not an in-page tab list.
 */
export function NavTabs({ label, tabs }: { label: string; tabs: readonly NavTab[] }) {
  const [path] = useLocation();
  return (
    <Box as="nav" aria-label={label} mb="4" borderBottomWidth="1px" overflowX="auto">
      <Flex as="ul" listStyleType="none" gap="1">
        {tabs.map((tab) => {
          const current = path === tab.href;
          return (
            <Box as="li" key={tab.href} flexShrink={0}>
              <Box
                asChild
                display="inline-block"
                px={{ base: '3', md: '4' }}
                py="2"
                mb="-1px"
                fontSize="sm"
                fontWeight="medium"
                whiteSpace="nowrap"
                color={current ? 'fg' : 'fg.muted'}
                borderBottomWidth="2px"
                borderColor={current ? 'colorPalette.solid' : 'transparent'}
                colorPalette="blue"
                textDecoration="none"
                _hover={{ color: 'fg', textDecoration: 'none' }}
                _focusVisible={{
                  outline: '2px solid',
                  outlineColor: 'colorPalette.focusRing',
                  outlineOffset: '-2px',
                }}
              >
                <Link href={tab.href} aria-current={current ? 'page' : undefined}>
                  {tab.label}
                </Link>
              </Box>
            </Box>
          );
        })}
      </Flex>
    </Box>
  );
}
