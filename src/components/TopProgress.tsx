import { Box } from '@chakra-ui/react';
import { useT } from '../app/i18n';

/** A thin indeterminate bar at the top of the window while a screen loads or the session is busy. */
export function TopProgress({ label }: { label?: string }) {
  const t = useT();
  return (
    <Box
      role="progressbar"
      aria-label={label ?? t('app.loading')}
      aria-busy="true"
      position="fixed"
      top="0"
      insetX="0"
      h="3px"
      zIndex="toast"
      overflow="hidden"
      pointerEvents="none"
      bg="blue.100"
    >
      <Box h="full" w="40%" bg="blue.500" animation="progressSlide 1.1s ease-in-out infinite" />
    </Box>
  );
}
