/**
 * A company's brand connectors on its detail page, against the real server: a system admin
 * sets the sandbox PayPay of co-admin's company to unreachable; a payer who picked English on
 * the payer's page is told so in English (the server answers in the payer's language, not
 * the console's stored one) and pays with another brand; a provider operator sees the
 * connectors but cannot change them.
 */
import { expect, test } from '@playwright/test';
import type { BrandSettings } from '../../src/contract/brandSettings';
import type { PayLinkCreated } from '../../src/contract/links';
import { decide, expectOutcome, payerPage } from './support/links';
import { setSandbox } from './support/payments';
import { apiCall, apiLogin, ja, signedInPage, toast, tr } from './support/ui';

const run = String(Date.now()).slice(-7);

test('an admin makes a brand unreachable; the payer is told in the language they picked', async ({
  browser,
  baseURL,
  request,
}) => {
  const co = await apiLogin(request, 'co-admin');
  const created = await apiCall<PayLinkCreated>(request, co.token, '/pay/pay/create', {
    amount: 3300,
    subject: `E2E接続 ${run}`,
  });
  expect(created.resultType, created.resultMessage).toBe('SUCCESS');
  const { companyId, payLink } = created.result;
  const admin = await apiLogin(request, 'admin');

  const page = await signedInPage(browser, request, baseURL!, 'admin');
  try {
    await page.goto(`/setup/company/${companyId}`);
    const connectors = page.getByRole('form', { name: ja('org.brands.title') });
    const paypay = connectors.getByLabel(`${ja('orders.brands.paypay')} ${ja('org.brands.behaviour')}`, {
      exact: true,
    });
    await expect(paypay).toHaveValue('normal');
    const save = connectors.getByRole('button', { name: ja('org.brands.save') });
    await expect(save).toBeDisabled();
    await paypay.selectOption({ label: ja('org.brands.behaviours.down') });
    await save.click();
    await expect(toast(page, ja('common.saved'))).toBeVisible();
    await page.reload();
    await expect(paypay).toHaveValue('down');
    const stored = await apiCall<BrandSettings>(request, admin.token, '/org/brandSetting/get', { companyId });
    expect(stored.result.settings.find((s) => s.brand === 'paypay')?.sandboxBehaviour).toBe('down');
    expect(stored.result.settings.find((s) => s.brand === 'card')?.sandboxBehaviour).toBe('normal');

    const payer = await payerPage(browser, baseURL!, 'ja-JP');
    await payer.goto(payLink);
    await payer
      .getByRole('group', { name: ja('payer.language') })
      .getByRole('button', { name: 'EN' })
      .click();
    await decide(payer, 'pay', 'orders.brands.paypay', 'en');
    await expect(payer.getByRole('alert')).toHaveText(tr('en', 'server.payments.brandUnavailable'));
    // The order still waits for its payer, who pays by card.
    await decide(payer, 'pay', 'orders.brands.card', 'en');
    await expectOutcome(payer, 'paid', 'en');
    await payer.context().close();
  } finally {
    await setSandbox(request, admin.token, companyId, 'paypay', 'normal');
    await page.context().close();
  }
});

test('a provider operator reads the connectors but cannot change them', async ({
  browser,
  baseURL,
  request,
}) => {
  const page = await signedInPage(browser, request, baseURL!, 'sp-op');
  try {
    const sp = await apiLogin(request, 'sp-op');
    const list = await apiCall<{ id: number }[]>(request, sp.token, '/org/company/list', {});
    await page.goto(`/setup/company/${list.result[0].id}`);
    const connectors = page.getByRole('form', { name: ja('org.brands.title') });
    const card = connectors.getByLabel(`${ja('orders.brands.card')} ${ja('org.brands.behaviour')}`, {
      exact: true,
    });
    await expect(card).toBeVisible();
    await expect(card).toBeDisabled();
    await expect(connectors.getByRole('button', { name: ja('org.brands.save') })).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});
