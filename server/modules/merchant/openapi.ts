import { CREATABLE_PAYMENT_TYPES, PAY_BRANDS } from '../../../src/contract/brands';
import { MERCHANT_HEADERS, MERCHANT_WINDOW_SECONDS } from '../../../src/contract/merchant';
import { CURRENCIES } from '../../../src/contract/orgAgent';
import { MAX_LIMIT_MINOR } from '../../../src/contract/money';
import { ORDER_STATUSES } from '../../../src/contract/orders';
import { REFUND_STATUSES } from '../../../src/contract/refunds';

const clientNo = { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' };
const amount = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_LIMIT_MINOR,
  description:
    'Minor units: JPY and KRW whole units, other currencies hundredths (USD 1234 = $12.34). A payment is at most its currency’s maximum of one payment (JPY 1,000,000,000; USD 1,000,000,000 = $10,000,000.00; IDR the largest, 10^13).',
};

const envelope = (result: object) => ({
  type: 'object',
  required: ['resultType', 'resultMessage'],
  properties: {
    resultType: {
      type: 'string',
      enum: ['SUCCESS', 'UNAUTHENCATED', 'INVALID', 'FAIL', 'NOT_FOUND', 'ERROR'],
    },
    resultMessage: { type: 'string' },
    result: { ...result, nullable: true },
    errors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Field errors (INVALID).',
    },
  },
});

const op = (
  summary: string,
  description: string,
  body: string,
  result: string,
  extraHeaders: object[] = [],
) => ({
  post: {
    summary,
    description,
    security: [{ accessToken: [], timestamp: [], sign: [] }],
    parameters: extraHeaders,
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${body}` } } },
    },
    responses: {
      200: {
        description:
          'The envelope. resultType SUCCESS with the result; UNAUTHENCATED for a missing or wrong access token, a bad signature, a timestamp outside the window or a replayed signature; INVALID with field errors; FAIL or NOT_FOUND otherwise.',
        content: { 'application/json': { schema: envelope({ $ref: `#/components/schemas/${result}` }) } },
      },
    },
  },
});

/** The merchant API as an OpenAPI 3 document (GET /api/docs). */
export function openApiDocument() {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Kessai merchant API',
      version: '1.0.0',
      description: [
        'Payments and refunds from a merchant system or terminal, outside the console session.',
        `Every request is JSON (POST) with the headers \`${MERCHANT_HEADERS.accessToken}\` (the company's access token), \`${MERCHANT_HEADERS.timestamp}\` (Unix seconds) and \`${MERCHANT_HEADERS.sign}\`:`,
        "lowercase hex HMAC-SHA256, keyed with the company's pay secret, over the timestamp, a line feed, the call's path (e.g. /merchant/pay/create, without /api and the query), a line feed and the exact request body bytes: a signature made for one call is no signature for another.",
        `A timestamp more than ${MERCHANT_WINDOW_SECONDS} seconds from the server's clock is refused, and so is a signature already used.`,
        'Creating a payment is idempotent on clientOrderNo and a refund on clientRefundNo: the same request again answers with the same object.',
      ].join(' '),
    },
    servers: [{ url: '/api' }],
    paths: {
      '/merchant/pay/create': op(
        'Create a payment',
        'A dynamic QR code (brand required; the brand is asked at once) or a payment link (the payer chooses the brand on the link page). ' +
          "The amount is at most the currency's maximum of one payment (INVALID on amount above it) and within the company's payment limits: " +
          'link: limitLink and limitOnline; dynamicQr: limitDynamicCode and limitOffline; both: limitAll, the day’s total of that currency (Asia/Tokyo, paid or open). ' +
          'Above a limit the reply is FAIL with result { errorCode: "LIMIT_EXCEEDED", limit, limitAmount, currency, remaining? } and nothing is created.',
        'CreatePayment',
        'Order',
      ),
      '/merchant/pay/query': op(
        'Query a payment',
        'Asks the brand again while the payment is open.',
        'OrderRef',
        'Order',
      ),
      '/merchant/pay/close': op(
        'Close an unpaid payment',
        'pendingClose until the brand confirms, then closed. A paid order cannot be closed.',
        'OrderRef',
        'Order',
      ),
      '/merchant/refund/refund': op(
        'Refund a paid payment',
        'Full or partial, at most the refundable remainder; concurrent refunds never exceed the paid amount.',
        'Refund',
        'RefundResult',
      ),
      '/merchant/refund/query': op('Query a refund', '', 'RefundRef', 'RefundResult'),
      '/history/orderInfo/getUrl': op(
        'The payer link of an open payment',
        'Spec point 7: no session token; the optional `url` header is where the payer page sends the payer back.',
        'OrderRef',
        'PayUrl',
        [
          {
            name: MERCHANT_HEADERS.url,
            in: 'header',
            required: false,
            schema: { type: 'string', format: 'uri' },
          },
        ],
      ),
    },
    components: {
      securitySchemes: {
        accessToken: { type: 'apiKey', in: 'header', name: MERCHANT_HEADERS.accessToken },
        timestamp: { type: 'apiKey', in: 'header', name: MERCHANT_HEADERS.timestamp },
        sign: { type: 'apiKey', in: 'header', name: MERCHANT_HEADERS.sign },
      },
      schemas: {
        CreatePayment: {
          type: 'object',
          additionalProperties: false,
          required: ['clientOrderNo', 'amount', 'currency', 'paymentType'],
          properties: {
            clientOrderNo: clientNo,
            amount,
            currency: { type: 'string', enum: CURRENCIES },
            paymentType: { type: 'string', enum: CREATABLE_PAYMENT_TYPES },
            brand: { type: 'string', enum: ['', ...PAY_BRANDS], description: 'Required for dynamicQr.' },
            subject: { type: 'string', maxLength: 128 },
            branchUnitId: { type: 'integer', nullable: true },
            expireMinutes: { type: 'integer', minimum: 1, maximum: 10080, default: 15 },
            notifyUrl: {
              type: 'string',
              format: 'uri',
              maxLength: 255,
              description:
                'http(s) address told of each outcome (success, failed, timeout, closed, partlyRefunded, refunded): a signed POST of { notifyId, notifyType: "order", order } (headers timestamp and sign, as requests are signed); answer 2xx, else it is tried again up to 8 times over about 9½ hours.',
            },
          },
        },
        OrderRef: {
          type: 'object',
          additionalProperties: false,
          required: ['clientOrderNo'],
          properties: { clientOrderNo: clientNo },
        },
        Refund: {
          type: 'object',
          additionalProperties: false,
          required: ['clientOrderNo', 'clientRefundNo', 'amount'],
          properties: {
            clientOrderNo: clientNo,
            clientRefundNo: clientNo,
            amount,
            remark: { type: 'string', maxLength: 255 },
          },
        },
        RefundRef: {
          type: 'object',
          additionalProperties: false,
          required: ['clientRefundNo'],
          properties: { clientRefundNo: clientNo },
        },
        Order: {
          type: 'object',
          properties: {
            clientOrderNo: { type: 'string' },
            gatewayOrderNo: { type: 'string' },
            brandOrderNo: { type: 'string' },
            amount: { type: 'integer' },
            currency: { type: 'string' },
            status: { type: 'string', enum: ORDER_STATUSES },
            paymentType: { type: 'string' },
            brand: { type: 'string' },
            subBrand: { type: 'string' },
            refundedAmount: { type: 'integer' },
            payUrl: { type: 'string', description: 'The payer page; also the QR code content.' },
            expiresAt: { type: 'string', format: 'date-time', nullable: true },
            createdAt: { type: 'string', format: 'date-time' },
            finishedAt: { type: 'string', format: 'date-time', nullable: true },
            errorCode: { type: 'string' },
          },
        },
        RefundResult: {
          type: 'object',
          properties: {
            clientOrderNo: { type: 'string' },
            clientRefundNo: { type: 'string' },
            gatewayRefundNo: { type: 'string' },
            brandRefundNo: { type: 'string' },
            amount: { type: 'integer' },
            currency: { type: 'string' },
            status: { type: 'string', enum: REFUND_STATUSES },
            orderStatus: { type: 'string', enum: ORDER_STATUSES },
          },
        },
        PayUrl: {
          type: 'object',
          properties: {
            clientOrderNo: { type: 'string' },
            gatewayOrderNo: { type: 'string' },
            url: { type: 'string' },
            expiresAt: { type: 'string', format: 'date-time', nullable: true },
          },
        },
      },
    },
  };
}
