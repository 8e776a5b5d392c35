import { PDFDocument } from 'pdf-lib';
import type { Catalogue } from '../../../src/contract/locale';
import { languageOf } from '../../../src/contract/locale';
import { formatAmount, formatMoney } from '../../../src/contract/money';
import type { StatementData } from '../../../src/contract/settlements';
import { contentWidth, PdfFlow, textsOf, type Margins } from '../../platform/pdfFlow';
import { canDraw, embedFaces, FACE_ORDER } from '../../platform/pdfFonts';
import { typesetter } from '../../platform/pdfText';
import { translatorFor } from '../../platform/i18n';
import { balanceOf, statementFooter, statementLayout } from './statementLayout';

/**
 * A merchant's settlement statement as a PDF (A4 portrait) in the company's language: the
 * statement's arithmetic and the platform's qualified invoice (適格請求書) for its charges
 * (docs/settlement.md, "The statement (qualified invoice)"). The fonts are embedded, subsetted
 * to what the statement prints, so the file reads alike on any machine.
 */
const MARGINS: Margins = { top: 48, right: 48, bottom: 48, left: 48 };
const PDF_LANGUAGE: Record<Catalogue, string> = { ja: 'ja', 'zh-cn': 'zh-CN', en: 'en' };

/**
 * A statement whose lines do not add up, or whose invoice charges other amounts than its
 * lines deduct, is refused rather than issued: the merchant would be told two stories.
 */
function checkAddsUp(s: StatementData): void {
  const paidOut = BigInt(s.transferCommission) + BigInt(s.transferAmount) + BigInt(s.carriedOut);
  if (balanceOf(s) !== paidOut)
    throw new RangeError(
      `statement ${s.settlementNo}: the balance is not transfer commission + transfer + carried out`,
    );
  const invoiced = s.invoice.reduce((sum, line) => sum + BigInt(line.amount), 0n);
  if (invoiced !== BigInt(s.commissionTotal) + BigInt(s.transferCommission))
    throw new RangeError(
      `statement ${s.settlementNo}: the invoice does not charge the commission and transfer commission`,
    );
}

export async function statementPdf(s: StatementData, language: Catalogue): Promise<Uint8Array> {
  checkAddsUp(s);
  const t = translatorFor(languageOf(language));
  // The reader's format; the ISO code instead where no font has the currency's sign (₱, ₨, ฿).
  const signDrawn = await canDraw(FACE_ORDER[language], formatMoney(0, s.currency, language));
  const money = (minor: bigint | number) =>
    signDrawn ? formatMoney(minor, s.currency, language) : `${formatAmount(minor, s.currency)} ${s.currency}`;
  const width = contentWidth(MARGINS);
  const items = statementLayout(s, t, money, width);
  const footer = statementFooter(s, t, width);

  const doc = await PDFDocument.create();
  // Everything drawn: the page numbers' digits too, whatever the page count comes to.
  const texts = [...textsOf([...items, { row: footer(1, 1) }]), '0123456789'];
  const faces = await embedFaces(doc, language, texts);
  const flow = new PdfFlow(doc, typesetter(faces), MARGINS);
  flow.add(items);
  flow.footer(footer);

  doc.setTitle(`${t('settlements.statement.title')} ${s.settlementNo}`);
  doc.setSubject(s.payee.name);
  doc.setAuthor(s.issuer.name);
  doc.setLanguage(PDF_LANGUAGE[language]);
  doc.setCreator('Kessai');
  doc.setProducer('Kessai');
  // No object streams (PDF 1.5): a statement is a business record kept for years, and archive
  // formats (PDF/A-1) and older readers want plain objects; it costs about 4 KB.
  return doc.save({ useObjectStreams: false });
}
