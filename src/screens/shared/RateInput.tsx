import { Box, Input, InputGroup, Text } from '@chakra-ui/react';
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
