import { Button, Flex, IconButton, Text, chakra } from '@chakra-ui/react';
import { useId } from 'react';
import { useT } from '../app/i18n';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { OptionSelect } from './OptionSelect';

const PAGE_SIZES = [10, 20, 50, 100];

/** Page numbers to show: first, last, and a window around the current page, gaps as null. */
export function pageWindow(page: number, pages: number, radius = 1): (number | null)[] {
  const wanted = new Set([1, pages, ...Array.from({ length: radius * 2 + 1 }, (_, i) => page - radius + i)]);
  const list = [...wanted].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  return list.flatMap((p, i) => (i > 0 && p - list[i - 1] > 1 ? [null, p] : [p]));
}

export interface PaginationProps {
  total: number;
  pageNum: number;
  pageSize: number;
  onPage: (pageNum: number) => void;
  onPageSize: (pageSize: number) => void;
  disabled?: boolean;
}

/** Total, rows per page and page buttons under a list. */
export function Pagination({ total, pageNum, pageSize, onPage, onPageSize, disabled }: PaginationProps) {
  const t = useT();
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Flex
      as="nav"
      aria-label={t('common.pagination')}
      mt="3"
      gap="3"
      align="center"
      justify="space-between"
      wrap="wrap"
    >
      <Flex align="center" gap="3" fontSize="sm" color="fg.muted">
        <Text>{t('common.total', { total })}</Text>
        <Flex align="center" gap="2">
          <chakra.label htmlFor={sizeId} whiteSpace="nowrap">
            {t('common.pageSize')}
          </chakra.label>
          <OptionSelect
            root={{ size: 'xs', w: '20', disabled }}
            id={sizeId}
            value={pageSize}
            onChange={(e) => onPageSize(Number(e.target.value))}
            options={PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))}
          />
        </Flex>
      </Flex>
      <Flex align="center" gap="1">
        <IconButton
          size="xs"
          variant="outline"
          aria-label={t('common.prevPage')}
          disabled={disabled || pageNum <= 1}
          onClick={() => onPage(pageNum - 1)}
        >
          <ChevronLeftIcon />
        </IconButton>
        {pageWindow(pageNum, pages).map((p, i) =>
          p === null ? (
            <Text key={`gap-${i}`} px="1" color="fg.muted" aria-hidden="true">
              …
            </Text>
          ) : (
            <Button
              key={p}
              size="xs"
              minW="8"
              variant={p === pageNum ? 'solid' : 'ghost'}
              aria-current={p === pageNum ? 'page' : undefined}
              aria-label={t('common.goToPage', { page: p })}
              disabled={disabled}
              onClick={() => p !== pageNum && onPage(p)}
              display={{
                base: p === pageNum || p === 1 || p === pages ? 'inline-flex' : 'none',
                sm: 'inline-flex',
              }}
            >
              {p}
            </Button>
          ),
        )}
        <IconButton
          size="xs"
          variant="outline"
          aria-label={t('common.nextPage')}
          disabled={disabled || pageNum >= pages}
          onClick={() => onPage(pageNum + 1)}
        >
          <ChevronRightIcon />
        </IconButton>
      </Flex>
    </Flex>
  );
}
