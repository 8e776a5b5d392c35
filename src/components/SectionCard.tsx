import type { ReactNode } from 'react';
import { Card, Heading, Text } from '@chakra-ui/react';

/** A titled part of a detail page (a settlement's facts and lines, an order's refunds and timeline). */
export function SectionCard({
  title,
  description,
  gap = '4',
  children,
}: {
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  gap?: string;
  children: ReactNode;
}) {
  return (
    <Card.Root size="sm" minW="0">
      <Card.Header>
        <Heading as="h2" size="sm">
          {title}
        </Heading>
        {description && (
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body gap={gap}>{children}</Card.Body>
    </Card.Root>
  );
}
