import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

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
      html: { colorPalette: 'blue' },
      body: { bg: 'bg.subtle' },
    },
    theme: {
      breakpoints: { sm: '480px', md: '768px', lg: '992px', xl: '1280px', '2xl': '1536px' },
      tokens: {
        fonts: { body: { value: fontStack }, heading: { value: fontStack } },
        sizes: { sidebar: { value: SIDEBAR_WIDTH }, userCard: { value: USER_CARD_WIDTH } },
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
