import type { ReactNode } from 'react';
import { Box, Skeleton } from '@chakra-ui/react';

export interface InfoItem {
  label: string;
  value: ReactNode;
}

/** Label/value pairs (account details) as a description list: stacked on phones, two columns from 480 px. */
export function InfoList({ items, loading = false }: { items: InfoItem[]; loading?: boolean }) {
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: 'minmax(9rem, max-content) 1fr' }}
      columnGap="6"
      rowGap={{ base: '0.5', sm: '3' }}
      fontSize="sm"
    >
      {items.map((item) => [
        <Box as="dt" key={`${item.label}:dt`} color="fg.muted" pt={{ base: '2', sm: '0' }}>
          {item.label}
        </Box>,
        <Box as="dd" key={`${item.label}:dd`} m="0" wordBreak="break-word" fontWeight="medium">
          {loading ? <Skeleton h="4" w="40" /> : item.value === '' || item.value == null ? '—' : item.value}
        </Box>,
      ])}
    </Box>
  );
}
