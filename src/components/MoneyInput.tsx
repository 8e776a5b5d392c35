import { useEffect, useState } from 'react';
import { Input, InputGroup } from '@chakra-ui/react';
import { minorDigits } from '../contract/money';
import { minorToInput, parseMoney, useCurrencyUnit } from './money';

/**
 * An amount typed in major units (with the currency's decimals, none for JPY) and handed on
 * as integer minor units: null when empty, NaN when it is not an amount (the schema says so).
 */
export function MoneyInput({
  value,
  onChange,
  onBlur,
  currency,
  placeholder,
  name,
  id,
}: {
  value: number | null | undefined;
  onChange: (minor: number | null) => void;
  onBlur?: () => void;
  currency: string;
  placeholder?: string;
  name?: string;
  id?: string;
}) {
  const [text, setText] = useState(() => minorToInput(value, currency));
  // A new value from outside (a reset, another currency) replaces what is shown.
  useEffect(() => {
    setText((current) => {
      const parsed = parseMoney(current, currency);
      return parsed === (value ?? null) ? current : minorToInput(value, currency);
    });
  }, [value, currency]);
  const symbol = useCurrencyUnit(currency);
  return (
    <InputGroup endElement={symbol} endElementProps={{ color: 'fg.muted', fontSize: 'sm' }}>
      <Input
        id={id}
        name={name}
        value={text}
        inputMode={minorDigits(currency) ? 'decimal' : 'numeric'}
        placeholder={placeholder}
        textAlign="end"
        pe="3em"
        onChange={(e) => {
          setText(e.target.value);
          onChange(parseMoney(e.target.value, currency));
        }}
        onBlur={() => {
          const parsed = parseMoney(text, currency);
          if (parsed !== null && !Number.isNaN(parsed)) setText(minorToInput(parsed, currency));
          onBlur?.();
        }}
      />
    </InputGroup>
  );
}
