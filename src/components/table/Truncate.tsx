import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Box, Portal } from '@chakra-ui/react';

/** Whether any line of the box is wider than the box (cut by its ellipsis). */
const isCut = (el: HTMLElement) =>
  [el, ...Array.from(el.querySelectorAll<HTMLElement>('*'))].some((e) => e.scrollWidth > e.clientWidth + 1);

/**
 * A cell value on one line, cut with an ellipsis at `maxW`. When it is cut, it can take the
 * keyboard focus and shows its whole text in a tooltip on hover and on focus (Escape hides
 * it; the text itself stays whole in the accessibility tree). A light tooltip of its own:
 * a list has many such cells, and one positioned box per shown tooltip is all it needs.
 */
export function Truncate({ children, maxW }: { children: ReactNode; maxW: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const [full, setFull] = useState<string | null>(null);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setFull(isCut(el) ? (el.innerText || el.textContent || '').trim() : null);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [children, maxW]);
  const show = () => {
    const el = ref.current;
    if (!el || !full) return;
    const r = el.getBoundingClientRect();
    setAt({ left: r.left, top: r.bottom + 4 });
  };
  const hide = () => setAt(null);
  return (
    <>
      <Box
        ref={ref}
        maxW={maxW}
        minW="0"
        overflow="hidden"
        textOverflow="ellipsis"
        whiteSpace="nowrap"
        data-cut={full ? '' : undefined}
        tabIndex={full ? 0 : undefined}
        aria-describedby={full && at ? id : undefined}
        borderRadius="sm"
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '1px' }}
        css={{ '& *': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && at) {
            e.stopPropagation();
            hide();
          }
        }}
      >
        {children}
      </Box>
      {full && at && (
        <Portal>
          <Box
            id={id}
            role="tooltip"
            position="fixed"
            left={`${Math.max(4, Math.min(at.left, window.innerWidth - 400))}px`}
            top={`${at.top}px`}
            zIndex="tooltip"
            maxW="24rem"
            px="2.5"
            py="1.5"
            borderRadius="md"
            bg="gray.900"
            color="white"
            fontSize="xs"
            boxShadow="md"
            whiteSpace="pre-line"
            overflowWrap="anywhere"
            pointerEvents="none"
          >
            {full}
          </Box>
        </Portal>
      )}
    </>
  );
}
