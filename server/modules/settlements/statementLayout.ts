import { rgb } from 'pdf-lib';
import { invoiceTax } from '../../../src/contract/invoice';
import type { StatementData } from '../../../src/contract/settlements';
import type { Translate } from '../../../src/i18n';
import type { Cell, FlowItem, Paragraph, RowOptions } from '../../platform/pdfFlow';
import type { TextStyle } from '../../platform/pdfText';

/**
 * The merchant's settlement statement, top to bottom, as rows of text (docs/settlement.md,
 * "The statement (qualified invoice)"): heading, addressee and payee account beside the issuer,
 * the period in brief, the statement's arithmetic line by line, the qualified invoice, the
 * payout status. Amounts come written by `money` (the reader's language).
 */
const GREY = rgb(0.38, 0.38, 0.38);
const FILL = rgb(0.94, 0.94, 0.94);
const RULE = rgb(0.78, 0.78, 0.78);
const BODY: TextStyle = { size: 9 };
const LABEL: TextStyle = { size: 7.5, color: GREY };
const HEADING: TextStyle = { size: 11, bold: true };
const STRONG: TextStyle = { size: 9, bold: true };
/** The columns beside a table's item column: count or rate, and the amount. */
const NARROW_COLUMN = 90;
const AMOUNT_COLUMN = 150;
/** The right-hand column of the title and the section headings. */
const SIDE_COLUMN = 220;

const p = (text: string, style: TextStyle = BODY): Paragraph => ({ text, style });
const cell = (width: number, paragraphs: Paragraph[], align?: Cell['align']): Cell => ({
  width,
  paragraphs,
  align,
});

/** The account number with all but its last four characters hidden. */
export const maskAccount = (number: string) => '*'.repeat(Math.max(number.length - 4, 0)) + number.slice(-4);

/** The balance before the transfer: carried in + orders − refunds − commission (docs/settlement.md). */
export const balanceOf = (s: StatementData): bigint =>
  BigInt(s.carriedIn) + BigInt(s.orderTotal) - BigInt(s.refundTotal) - BigInt(s.commissionTotal);

/** One row of a table: the item, the narrow column and the amount; emphasised rows are shaded. */
interface TableRow {
  texts: [string, string, string];
  strong: boolean;
}
const tr = (item: string, narrow: string, amount: string, strong = false): TableRow => ({
  texts: [item, narrow, amount],
  strong,
});

function table(width: number, head: [string, string, string], rows: TableRow[]): FlowItem[] {
  const line = ([item, narrow, amount]: [string, string, string], style: TextStyle) => [
    cell(width - NARROW_COLUMN - AMOUNT_COLUMN, [p(item, style)]),
    cell(NARROW_COLUMN, [p(narrow, style)], 'end'),
    cell(AMOUNT_COLUMN, [p(amount, style)], 'end'),
  ];
  const options = (fill: boolean): RowOptions => ({ padding: 4, rule: RULE, fill: fill ? FILL : undefined });
  return [
    { row: line(head, { ...LABEL, bold: true }), options: options(true) },
    ...rows.map((r) => ({ row: line(r.texts, r.strong ? STRONG : BODY), options: options(r.strong) })),
  ];
}

const K = 'settlements.statement';

/** What every section needs: the statement, the words, the amounts and the width to fill. */
interface Context {
  s: StatementData;
  t: Translate;
  money: (minor: bigint | number) => string;
  width: number;
  labelled: (label: string, value: string) => string;
}

/** A section's heading, with a text on its right (or none). */
const heading = ({ width }: Context, title: string, side = ''): FlowItem => ({
  row: [cell(width - SIDE_COLUMN, [p(title, HEADING)]), cell(SIDE_COLUMN, [p(side)], 'end')],
  options: { padding: 2 },
});

const note = ({ width }: Context, text: string): FlowItem => ({
  row: [cell(width, [p(text, LABEL)])],
  options: { padding: 4 },
});

function title({ s, t, width, labelled }: Context): FlowItem {
  const numbers = [
    labelled(t(`${K}.documentNo`), s.settlementNo),
    labelled(t(`${K}.issueDate`), s.issueDate),
  ];
  return {
    row: [
      cell(width - SIDE_COLUMN, [p(t(`${K}.title`), { size: 20, bold: true })]),
      cell(
        SIDE_COLUMN,
        numbers.map((x) => p(x)),
        'end',
      ),
    ],
  };
}

/** The addressee and the account paid to (its number masked), beside the issuer. */
function parties({ s, t, width, labelled }: Context): FlowItem {
  const { payee: bank, issuer } = s;
  const account = [
    bank.bankName &&
      labelled(t(`${K}.bank`), t(`${K}.nameCode`, { name: bank.bankName, code: bank.bankCode })),
    bank.branchName &&
      labelled(t(`${K}.branch`), t(`${K}.nameCode`, { name: bank.branchName, code: bank.branchCode })),
    bank.accountNumber &&
      labelled(
        t(`${K}.account`),
        `${t(`${K}.depositTypes.${bank.depositType}`)} ${maskAccount(bank.accountNumber)}`,
      ),
    bank.holder && labelled(t(`${K}.holder`), bank.holder),
    bank.swift && labelled(t(`${K}.swift`), bank.swift),
    bank.iban && labelled(t(`${K}.iban`), maskAccount(bank.iban)),
  ].filter((line) => line !== '');
  return {
    row: [
      cell(width * 0.55, [
        p(t(`${K}.addressee`, { name: bank.name }), { size: 12, bold: true }),
        p('', { size: 6 }),
        p(t(`${K}.payee`), LABEL),
        ...account.map((line) => p(line)),
      ]),
      cell(width * 0.05, []),
      cell(width * 0.4, [
        p(t(`${K}.issuer`), LABEL),
        p(issuer.name, { size: 10, bold: true }),
        p(labelled(t(`${K}.registrationNo`), issuer.registrationNo)),
        ...(issuer.address ? [p(issuer.address)] : []),
        ...(issuer.phone ? [p(labelled(t(`${K}.phone`), issuer.phone))] : []),
      ]),
    ],
  };
}

function summary({ s, t, money, width }: Context): FlowItem {
  const box = (share: number, label: string, value: string, style = BODY, align?: Cell['align']) =>
    cell(width * share, [p(label, LABEL), p(value, style)], align);
  return {
    row: [
      box(0.34, t(`${K}.period`), t(`${K}.periodRange`, { begin: s.periodBegin, end: s.periodEnd })),
      box(0.2, t(`${K}.dueDate`), s.dueDate),
      box(0.12, t(`${K}.currency`), s.currency),
      box(0.34, t(`${K}.lines.transferAmount`), money(s.transferAmount), { size: 14, bold: true }, 'end'),
    ],
    options: { padding: 6, fill: FILL },
  };
}

/** The arithmetic of docs/settlement.md, line by line; deductions written negative. */
function details(c: Context): FlowItem {
  const { s, t, money, width } = c;
  const count = (n: number) => t(`${K}.countValue`, { count: n });
  const carriedOver = s.transferAmount === 0 && s.carriedOut !== 0;
  return {
    together: [
      heading(c, t(`${K}.details`)),
      ...table(
        width,
        [t(`${K}.item`), t(`${K}.count`), t(`${K}.amount`)],
        [
          tr(t(`${K}.lines.carriedIn`), '', money(s.carriedIn)),
          tr(t(`${K}.lines.orders`), count(s.orderCount), money(s.orderTotal)),
          tr(t(`${K}.lines.refunds`), count(s.refundCount), money(-s.refundTotal)),
          tr(t(`${K}.lines.commission`), '', money(-s.commissionTotal)),
          tr(t(`${K}.lines.balance`), '', money(balanceOf(s)), true),
          tr(t(`${K}.lines.transferCommission`), '', money(-s.transferCommission)),
          tr(t(`${K}.lines.transferAmount`), '', money(s.transferAmount), true),
          tr(t(`${K}.lines.carriedOut`), '', money(s.carriedOut)),
        ],
      ),
      ...(carriedOver ? [note(c, t(`${K}.carriedOver`, { amount: money(s.carriedOut) }))] : []),
    ],
  };
}

/** The qualified invoice: each charge with its rate, then per rate its total and the tax in it. */
function invoice(c: Context): FlowItem {
  const { s, t, money, width, labelled } = c;
  const rates = invoiceTax(s.invoice);
  const total = rates.reduce((sum, r) => sum + BigInt(r.total), 0n);
  return {
    together: [
      heading(c, t(`${K}.invoice.title`), labelled(t(`${K}.registrationNo`), s.issuer.registrationNo)),
      ...table(
        width,
        [t(`${K}.invoice.item`), t(`${K}.invoice.rate`), t(`${K}.invoice.amount`)],
        [
          ...s.invoice.map((l) =>
            tr(
              t(`${K}.invoice.items.${l.item}`),
              t(`${K}.invoice.ratePercent`, { rate: l.ratePercent }),
              money(l.amount),
            ),
          ),
          ...rates.flatMap((r) => [
            tr(t(`${K}.invoice.taxable`, { rate: r.ratePercent }), '', money(r.total)),
            tr(t(`${K}.invoice.tax`, { rate: r.ratePercent }), '', money(r.tax)),
          ]),
          tr(t(`${K}.invoice.total`), '', money(total), true),
        ],
      ),
      note(c, t(`${K}.invoice.note`)),
    ],
  };
}

function status({ s, t, width, labelled }: Context): FlowItem {
  const paid = s.payTime ? [p(labelled(t(`${K}.payTime`), s.payTime))] : [];
  return {
    row: [cell(width, [p(labelled(t(`${K}.status`), t(`${K}.statuses.${s.status}`)), STRONG), ...paid])],
  };
}

export function statementLayout(
  s: StatementData,
  t: Translate,
  money: (minor: bigint | number) => string,
  width: number,
): FlowItem[] {
  const c: Context = { s, t, money, width, labelled: (label, value) => t(`${K}.labelled`, { label, value }) };
  return [
    title(c),
    { gap: 18 },
    parties(c),
    { gap: 16 },
    summary(c),
    { gap: 16 },
    details(c),
    { gap: 16 },
    invoice(c),
    { gap: 16 },
    status(c),
  ];
}

/** The foot of each page: the document and the page number. */
export const statementFooter =
  (s: StatementData, t: Translate, width: number) =>
  (page: number, pages: number): Cell[] => [
    cell(width / 2, [p(`${t(`${K}.title`)} ${s.settlementNo}`, LABEL)]),
    cell(width / 2, [p(t(`${K}.page`, { page, pages }), LABEL)], 'end'),
  ];
