import { eq } from 'drizzle-orm';
import type { OrderStatus } from '../../src/contract/orders';
import type { PayBrand } from '../../src/contract/brands';
import type { Db } from '../db/client';
import { companies, operators, orderEvents, orders, payLinks, preOrders } from '../db/schema';
import { chargesFor } from '../modules/payments';
import { clearOfCut, demoGatewayNo } from './orders';

/**
 * Demo URL payments and pre-orders for the demo company admin's company (株式会社ひのき珈琲),
 * so the two screens show every state on a first start: URL payments waiting, paid, closed
 * and timed out; pre-orders open, partly used, used up, expired and closed (with the paid
 * orders of their uses). A handful of rows: the first start stays fast.
 */
const COMPANY = '株式会社ひのき珈琲';
const HOUR = 3_600_000;

interface DemoLink {
  no: string;
  amount: number;
  subject: string;
  payerName: string;
  payerEmail: string;
  status: OrderStatus;
  brand: PayBrand | '';
  subBrand: string;
  hoursAgo: number;
  expireHours: number;
}

const LINKS: DemoLink[] = [
  {
    no: 'INV-2026-1101',
    amount: 54000,
    subject: '11月分 業務用コーヒー豆',
    payerName: '喫茶ひだまり 御中',
    payerEmail: 'order@hidamari.example',
    status: 'pendingPayment',
    brand: '',
    subBrand: '',
    hoursAgo: 3,
    expireHours: 72,
  },
  {
    no: 'INV-2026-1102',
    amount: 12800,
    subject: 'ギフトセット（12月お届け）',
    payerName: '佐藤 美咲',
    payerEmail: 'misaki.sato@example.jp',
    status: 'pendingPayment',
    brand: '',
    subBrand: '',
    hoursAgo: 20,
    expireHours: 48,
  },
  {
    no: 'INV-2026-1095',
    amount: 32400,
    subject: '焙煎機メンテナンス費用',
    payerName: 'カフェ三日月',
    payerEmail: 'info@mikazuki.example',
    status: 'success',
    brand: 'paypay',
    subBrand: 'paypay',
    hoursAgo: 50,
    expireHours: 24,
  },
  {
    no: 'INV-2026-1090',
    amount: 8900,
    subject: 'オンライン講座 受講料',
    payerName: 'Chen Wei',
    payerEmail: 'chen.wei@example.cn',
    status: 'success',
    brand: 'wechat',
    subBrand: 'wechat',
    hoursAgo: 96,
    expireHours: 24,
  },
  {
    no: 'INV-2026-1088',
    amount: 15000,
    subject: 'ケータリング 内金',
    payerName: '株式会社あおば',
    payerEmail: 'keiri@aoba.example',
    status: 'closed',
    brand: '',
    subBrand: '',
    hoursAgo: 120,
    expireHours: 24,
  },
  {
    no: 'INV-2026-1080',
    amount: 4600,
    subject: '定期便 10月分',
    payerName: '鈴木 一郎',
    payerEmail: '',
    status: 'timeout',
    brand: '',
    subBrand: '',
    hoursAgo: 200,
    expireHours: 24,
  },
];

interface DemoPreOrder {
  no: string;
  amount: number;
  remark: string;
  useTimes: number;
  paid: number;
  hoursAgo: number;
  validityHours: number;
  closed?: boolean;
}

const PRE_ORDERS: DemoPreOrder[] = [
  {
    no: 'REQ-LESSON-12',
    amount: 3500,
    remark: 'ハンドドリップ教室 12月',
    useTimes: 8,
    paid: 0,
    hoursAgo: 2,
    validityHours: 168,
  },
  {
    no: 'REQ-TASTING-A',
    amount: 2000,
    remark: 'テイスティング会 参加費',
    useTimes: 5,
    paid: 2,
    hoursAgo: 30,
    validityHours: 120,
  },
  {
    no: 'REQ-BEANS-100',
    amount: 1800,
    remark: '限定ブレンド 100g',
    useTimes: 1,
    paid: 1,
    hoursAgo: 60,
    validityHours: 72,
  },
  {
    no: 'REQ-EVENT-OLD',
    amount: 5000,
    remark: '秋のイベント 前売り',
    useTimes: 3,
    paid: 0,
    hoursAgo: 100,
    validityHours: 24,
  },
  {
    no: 'REQ-CANCELLED',
    amount: 2500,
    remark: 'ワークショップ（中止）',
    useTimes: 4,
    paid: 0,
    hoursAgo: 48,
    validityHours: 240,
    closed: true,
  },
];

export async function seedDemoLinks(db: Db, zone: string, now = new Date()): Promise<void> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, COMPANY));
  if (!company) return;
  const [admin] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.loginId, 'co-admin'));
  const by = admin?.id ?? null;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

  // Sequence numbers of the gateway numbers, far above the generated orders' (orders.ts).
  let seq = 9_000_000;
  await db.transaction(async (tx) => {
    for (const l of LINKS) {
      // A paid one is paid an hour after it was made, out of the hour where its brand books
      // in another month than we do (orders.ts, clearOfCut), and carries the charges in force.
      const paid = l.status === 'success' && l.brand !== '';
      const created = paid
        ? new Date(
            clearOfCut(at(l.hoursAgo).getTime() + HOUR, l.brand as PayBrand, zone, 'before', {
              after: -Infinity,
              before: now.getTime() - 60_000,
            }) - HOUR,
          )
        : at(l.hoursAgo);
      const final = !['pendingPayment'].includes(l.status);
      const finishedAt = final
        ? new Date(created.getTime() + (l.status === 'timeout' ? l.expireHours * HOUR : HOUR))
        : null;
      const charges = paid
        ? await chargesFor(tx, {
            companyId: company.id,
            brand: l.brand,
            subBrand: l.subBrand,
            paymentType: 'link',
            amount: l.amount,
          })
        : {};
      const [o] = await tx
        .insert(orders)
        .values({
          ...charges,
          companyId: company.id,
          clientOrderNo: l.no,
          gatewayOrderNo: demoGatewayNo('K', created, zone, (seq += 1)),
          demo: true,
          brandOrderNo: l.brand ? `SB${l.no.replace(/\D/g, '')}` : '',
          amount: l.amount,
          currency: 'JPY',
          status: l.status,
          subject: l.subject,
          paymentType: 'link',
          brand: l.brand,
          subBrand: l.subBrand,
          errorCode: l.status === 'timeout' ? 'EXPIRED' : '',
          expiresAt: new Date(created.getTime() + l.expireHours * HOUR),
          createdAt: created,
          finishedAt,
          updatedAt: finishedAt ?? created,
        })
        .returning({ id: orders.id });
      await tx.insert(payLinks).values({
        orderId: o.id,
        companyId: company.id,
        payerName: l.payerName,
        payerEmail: l.payerEmail,
        source: 'console',
        createdBy: by,
        createdAt: created,
      });
      await tx
        .insert(orderEvents)
        .values(linkTimeline(l.status, created, finishedAt).map((e) => ({ ...e, orderId: o.id })));
    }

    for (const p of PRE_ORDERS) {
      const created = at(p.hoursAgo);
      const uses = Array.from({ length: p.paid }, (_, i) => new Date(created.getTime() + (i + 1) * HOUR));
      const used = p.paid === p.useTimes;
      const [row] = await tx
        .insert(preOrders)
        .values({
          companyId: company.id,
          clientPayNo: p.no,
          gatewayPayNo: demoGatewayNo('P', created, zone, (seq += 1)),
          orderAmount: p.amount,
          currency: 'JPY',
          validityHours: p.validityHours,
          expireTime: new Date(created.getTime() + p.validityHours * HOUR),
          remark: p.remark,
          useTimes: p.useTimes,
          usedTimes: p.paid,
          useStatus: used ? 1 : 0,
          useStartTime: uses[0] ?? null,
          useFinishTime: used ? uses[uses.length - 1] : null,
          closedAt: p.closed ? new Date(created.getTime() + 5 * HOUR) : null,
          createdBy: by,
          createdAt: created,
          updatedAt: created,
        })
        .returning({ id: preOrders.id });
      for (const [i, paidAt] of uses.entries()) {
        const [o] = await tx
          .insert(orders)
          .values({
            companyId: company.id,
            ...(await chargesFor(tx, {
              companyId: company.id,
              brand: 'paypay',
              subBrand: 'paypay',
              paymentType: 'link',
              amount: p.amount,
            })),
            clientOrderNo: `${p.no}.${i + 1}`,
            gatewayOrderNo: demoGatewayNo('K', new Date(paidAt.getTime() - 5 * 60_000), zone, (seq += 1)),
            demo: true,
            brandOrderNo: `SB${row.id}${i + 1}${paidAt.getTime() % 100000}`,
            amount: p.amount,
            currency: 'JPY',
            status: 'success',
            subject: p.remark,
            paymentType: 'link',
            brand: 'paypay',
            subBrand: 'paypay',
            preOrderId: row.id,
            expiresAt: new Date(paidAt.getTime() + 15 * 60_000),
            createdAt: new Date(paidAt.getTime() - 5 * 60_000),
            finishedAt: paidAt,
            updatedAt: paidAt,
          })
          .returning({ id: orders.id });
        await tx.insert(orderEvents).values(
          linkTimeline('success', new Date(paidAt.getTime() - 5 * 60_000), paidAt).map((e) => ({
            ...e,
            orderId: o.id,
          })),
        );
      }
    }
  });
}

/** The moves of a URL payment's or pre-order payment's order (src/contract/orders.ts), and who made them. */
function linkTimeline(status: OrderStatus, created: Date, finishedAt: Date | null) {
  const end = finishedAt ?? created;
  const steps: {
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    event: string;
    source: string;
    createdAt: Date;
  }[] = [
    { fromStatus: null, toStatus: 'pendingPayment', event: 'create', source: 'console', createdAt: created },
  ];
  if (status === 'success') {
    const chosen = new Date(Math.max(created.getTime(), end.getTime() - 60_000));
    steps.push(
      {
        fromStatus: 'pendingPayment',
        toStatus: 'paying',
        event: 'issue',
        source: 'payer',
        createdAt: chosen,
      },
      { fromStatus: 'paying', toStatus: 'success', event: 'paid', source: 'notify', createdAt: end },
    );
  } else if (status === 'closed') {
    steps.push({
      fromStatus: 'pendingPayment',
      toStatus: 'closed',
      event: 'closeConfirmed',
      source: 'console',
      createdAt: end,
    });
  } else if (status === 'timeout') {
    steps.push({
      fromStatus: 'pendingPayment',
      toStatus: 'timeout',
      event: 'expire',
      source: 'system',
      createdAt: end,
    });
  }
  return steps;
}
