import { RATE_PATTERN } from '../../contract/commission';
import { message, yup } from '../../contract/validation';
import { formPath } from './forms';

/**
 * Rate grids (a company's commission and rebates, a comprehensive agent's brand fees): a row for
 * every brand (and channel), an empty rate meaning "not set" and left out of the save; anything
 * typed must be the contract's rate (0–100, two decimals).
 */
export const optionalRate = () =>
  yup
    .string()
    .trim()
    .default('')
    .matches(RATE_PATTERN, { message: message('validation.rate'), excludeEmptyString: true });

/** The grid's rows with a rate, each with its index in the grid (to put the server's messages back). */
export const filledRows = <R>(rows: readonly R[], rateOf: (r: R) => string) =>
  rows.map((r, index) => ({ r, index })).filter(({ r }) => rateOf(r) !== '');

/**
 * The form's field of a refused save's wire field: the server numbers the rows it was sent
 * (`rates[1].rate`), the grid has every row; `sent` gives each list's sent rows with their grid
 * index (as filledRows made them).
 */
export const gridPath =
  (sent: Record<string, readonly { index: number }[]>) =>
  (field: string): string => {
    const m = /^(\w+)\[(\d+)\]\.(\w+)$/.exec(field);
    const row = m && Object.hasOwn(sent, m[1]) ? sent[m[1]][Number(m[2])] : undefined;
    return m && row ? `${m[1]}.${row.index}.${m[3]}` : formPath(field);
  };
