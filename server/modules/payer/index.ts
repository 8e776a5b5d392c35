/**
 * The payer page (/qrcode, nobody logged in): an order or a pre-order's next use, brought up to
 * date, paid or cancelled in the sandbox wallet. Uses payments and preorders through their indexes.
 */
export { payerRoutes } from './routes';
