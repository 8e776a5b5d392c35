import type { ReactNode } from 'react';
import { Box, Flex, Input, InputGroup, Text } from '@chakra-ui/react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** A percentage with two decimals ("3.25") in a rate grid: labelled for screen readers, its error below. */
export function RateInput({
  label,
  field,
  error,
}: {
  label: string;
  /** The grid's `register(…)` of the rate. */
  field: UseFormRegisterReturn;
  error?: string;
}) {
  return (
    <Box>
      <InputGroup endElement="%" endElementProps={{ color: 'fg.muted' }}>
        <Input
          size="sm"
          textAlign="end"
          inputMode="decimal"
          placeholder="0.00"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          {...field}
        />
      </InputGroup>
      {error && (
        <Text color="fg.error" fontSize="xs" mt="1">
          {error}
        </Text>
      )}
    </Box>
  );
}

/**
 * A grid of one rate per brand (a company's rebates, a comprehensive agent's fee rates): each
 * cell the brand's name, its rate input and an optional note below.
 */
export function RateCells<B extends string>({
  brands,
  columns,
  children,
}: {
  brands: readonly B[];
  /** Columns from the widest screens down: lg, sm (one on phones). */
  columns: { lg: number; sm: number };
  children: (brand: B, index: number) => { title: string; input: ReactNode; note?: ReactNode };
}) {
  return (
    <Box
      display="grid"
      gridTemplateColumns={{
        base: '1fr',
        sm: `repeat(${columns.sm}, 1fr)`,
        lg: `repeat(${columns.lg}, 1fr)`,
      }}
      gap="4"
    >
      {brands.map((brand, i) => {
        const cell = children(brand, i);
        return (
          <Flex key={brand} direction="column" gap="1">
            <Text fontSize="sm" fontWeight="medium">
              {cell.title}
            </Text>
            {cell.input}
            {cell.note}
          </Flex>
        );
      })}
    </Box>
  );
}
