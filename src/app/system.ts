import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { menuAnatomy } from '@chakra-ui/react/anatomy';

/**
 * The console's Chakra system: the default theme with blue as the colour palette
 * (spec point 9), the 992 px mobile breakpoint as `lg` (spec point 9), and fonts that
 * carry Japanese and Chinese glyphs.
 */
/** Spec point 9: sidebar width 210 px, user card popover width 495. */
export const SIDEBAR_WIDTH = '210px';
export const USER_CARD_WIDTH = '495px';

const fontStack =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans CJK JP", "Noto Sans JP", "Microsoft YaHei", "PingFang SC", Meiryo, sans-serif';

export const system = createSystem(
  defaultConfig,
  defineConfig({
    globalCss: {
      // Focus rings (issue 14): 2 px for every focusable thing, inputs included (Chakra's
      // "inside" ring is 1 px unless this variable says otherwise); elements without a recipe
      // of their own (links, sort buttons, the sidebar's entries) get the same ring.
      html: { colorPalette: 'blue', '--focus-ring-width': '2px' },
      body: { bg: 'bg.subtle' },
      // Motion only for those who want it (WCAG 2.3.3): with the system's "reduce motion" set,
      // dialogs, drawers and spinners appear and go without animating (an exit whose duration
      // is 0 s unmounts at once).
      '*, *::before, *::after': {
        _motionReduce: {
          animationDuration: '0s !important',
          animationIterationCount: '1 !important',
          transitionDuration: '0s !important',
          scrollBehavior: 'auto !important',
        },
      },
      '*:focus-visible': {
        outlineWidth: 'var(--focus-ring-width)',
        outlineStyle: 'solid',
        outlineColor: 'blue.500',
        outlineOffset: '2px',
      },
    },
    theme: {
      breakpoints: { sm: '480px', md: '768px', lg: '992px', xl: '1280px', '2xl': '1536px' },
      tokens: {
        fonts: { body: { value: fontStack }, heading: { value: fontStack } },
        sizes: { sidebar: { value: SIDEBAR_WIDTH }, userCard: { value: USER_CARD_WIDTH } },
      },
      // The ring's colour has at least 3:1 against white and the dark sidebar (gray's own,
      // gray.400, has 2.6:1 on white).
      semanticTokens: {
        colors: { gray: { focusRing: { value: '{colors.blue.500}' } } },
      },
      recipes: {
        // A solid button under the pointer got lighter (solid/90: white on it fell to 4.3:1);
        // it gets darker instead, so its text keeps at least 4.5:1 while hovered or open.
        button: {
          variants: {
            variant: {
              solid: {
                _hover: { bg: 'colorPalette.solid', filter: 'brightness(0.9)' },
                _expanded: { bg: 'colorPalette.solid', filter: 'brightness(0.9)' },
              },
            },
          },
        },
      },
      slotRecipes: {
        // A menu keeps the focus on its list and marks the item the arrows reached: that item
        // shows the ring while the keyboard moves through the menu.
        menu: {
          slots: menuAnatomy.keys(),
          base: {
            item: {
              '&[data-highlighted]:is([role=menu]:focus-visible *)': {
                outlineWidth: 'var(--focus-ring-width)',
                outlineStyle: 'solid',
                outlineColor: 'blue.500',
                outlineOffset: '-2px',
              },
            },
          },
        },
      },
      keyframes: {
        progressSlide: {
          '0%': { transform: 'translateX(-100%)' },
          '100%': { transform: 'translateX(250%)' },
        },
      },
    },
  }),
);

/** The mobile breakpoint of spec point 9, for matchMedia. */
export const MOBILE_QUERY = '(max-width: 991.98px)';
