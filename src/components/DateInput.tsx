import { Box, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../app/i18n';
import { isCalendarDay } from '../contract/paging';
import { CalendarIcon } from './icons';

/** A typed date is one when it is a real day written yyyy-MM-dd (what the field is for decides the years). */
export const isDateText = (text: string) => isCalendarDay(text, { from: 1, to: 9999 });

/**
 * What a person types, shaped as yyyy-MM-dd as they go: digits only, the dashes put in after
 * the year and the month (20261101 → 2026-11-01); a pasted 2026/11/01 or 2026.11.01 too.
 */
export function shapeDate(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 4) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6)}`;
}

export interface DateInputProps {
  /** yyyy-MM-dd, or '' for none. */
  value: string;
  /** Called with yyyy-MM-dd or '' once the text is a date (or empty); never with half a date. */
  onChange: (value: string) => void;
  id?: string;
  min?: string;
  max?: string;
  size?: 'sm' | 'md';
  'aria-describedby'?: string;
  /** What the calendar button says (its accessible name), e.g. "Pick the start date". */
  pickLabel: string;
}

/**
 * A date in the console's format (yyyy-MM-dd) in every language, whatever the browser's
 * locale (a native date input shows mm/dd/yyyy in en-US): a text input that takes the date
 * from the keyboard, and the browser's own calendar behind a button beside it.
 */
export function DateInput({
  value,
  onChange,
  id,
  min,
  max,
  size = 'sm',
  pickLabel,
  ...rest
}: DateInputProps) {
  const t = useT();
  const [text, setText] = useState(value);
  const picker = useRef<HTMLInputElement>(null);
  // A new value from outside (reset, the URL, the calendar) replaces what is typed.
  useEffect(() => setText(value), [value]);
  const incomplete = text !== '' && !isDateText(text);
  const openPicker = () => {
    const el = picker.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      el.focus();
    }
  };
  return (
    <InputGroup
      endElement={
        <Box position="relative">
          <IconButton
            type="button"
            variant="ghost"
            size="xs"
            aria-label={pickLabel}
            title={pickLabel}
            onClick={openPicker}
          >
            <CalendarIcon />
          </IconButton>
          {/* The browser's calendar, opened by the button; the typed field is the one input. */}
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            value={isDateText(value) ? value : ''}
            min={min || undefined}
            max={max || undefined}
            onChange={(e) => onChange(e.target.value)}
            style={{ position: 'absolute', inset: 0, opacity: 0, pointerEvents: 'none', width: '100%' }}
          />
        </Box>
      }
      endElementProps={{ pe: '1' }}
    >
      <Input
        id={id}
        size={size}
        value={text}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('common.dateFormat')}
        maxLength={10}
        aria-invalid={incomplete || undefined}
        aria-describedby={rest['aria-describedby']}
        onChange={(e) => {
          const shaped = shapeDate(e.target.value);
          setText(shaped);
          if (shaped === '' || isDateText(shaped)) onChange(shaped);
        }}
        onBlur={() => {
          // Half a date is not kept: the field shows the value the filter holds.
          if (incomplete) setText(value);
        }}
      />
    </InputGroup>
  );
}
