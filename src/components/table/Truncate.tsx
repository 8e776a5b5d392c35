import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Portal, Tooltip } from '@chakra-ui/react';

/** Whether any line of the box is wider than the box (cut by its ellipsis). */
const isCut = (el: HTMLElement) =>
  [el, ...Array.from(el.querySelectorAll<HTMLElement>('*'))].some((e) => e.scrollWidth > e.clientWidth + 1);

/**
 * A cell value on one line, cut with an ellipsis at `maxW`. When it is cut, it can take the
 * keyboard focus and shows its whole text in a tooltip on hover and focus (the text itself
 * stays whole in the accessibility tree).
 */
export function Truncate({ children, maxW }: { children: ReactNode; maxW: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState<string | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setFull(isCut(el) ? (el.innerText || el.textContent || '').trim() : null);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [children, maxW]);
  return (
    <Tooltip.Root disabled={!full} openDelay={250} closeDelay={100} positioning={{ placement: 'top-start' }}>
      <Tooltip.Trigger asChild>
        <Box
          ref={ref}
          maxW={maxW}
          minW="0"
          overflow="hidden"
          textOverflow="ellipsis"
          whiteSpace="nowrap"
          data-cut={full ? '' : undefined}
          tabIndex={full ? 0 : undefined}
          borderRadius="sm"
          _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '1px' }}
          css={{ '& *': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
        >
          {children}
        </Box>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content maxW="24rem" whiteSpace="pre-line" overflowWrap="anywhere">
            {full}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
