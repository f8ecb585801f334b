/**
 * Support end to end: a client user writes in the chat widget and a staff user,
 * in a second browser, answers from the inbox — each sees the other's message live, without a
 * reload; the widget is never on /login nor for staff; the knowledge base search finds a guide;
 * staff send feedback with a screenshot, and client users can neither see nor open that page;
 * a client's message lights the staff sidebar badge live and opening the conversation puts it out
 * (and the client sees unread replies the same way); staff edit the knowledge base's sections.
 */
import { mkdirSync } from 'node:fs';
import { expect, expectAccessible, mainMenu, menuLink, signIn, test } from './fixtures.ts';

const SHOTS = '/tmp/support-shots';
mkdirSync(SHOTS, { recursive: true });
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('a client writes in the chat and sees the staff answer live; staff see new messages live', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto('/login');
  await expect(page.getByLabel('Имя пользователя')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Чат поддержки' })).toHaveCount(0);

  await signIn(page, 'client');
  const toggle = page.getByRole('button', { name: 'Чат поддержки' });
  await toggle.click();
  const chat = page.getByRole('dialog', { name: 'Поддержка' });
  await expect(chat).toBeVisible();
  await expect(chat.getByRole('link', { name: 'Канал помощи' })).toHaveAttribute(
    'href',
    'https://t.me/vitrina_help',
  );
  await expect(chat.getByText('Напишите нам — ответим здесь же.')).toBeVisible();
  await chat.getByPlaceholder('Ваше сообщение').fill('Почему не обновился фид?');
  await chat.getByRole('button', { name: 'Отправить' }).click();
  await expect(chat.locator('[data-from="client"]')).toContainText('Почему не обновился фид?');
  await expectAccessible(page);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  try {
    await signIn(staff, 'admin');
    await expect(staff.getByRole('button', { name: 'Чат поддержки' })).toHaveCount(0);
    await (await menuLink(staff, 'Чат с клиентами')).click();
    await expect(staff.getByRole('heading', { name: 'Чат с клиентами' })).toBeVisible();
    const thread = staff.getByRole('button', { name: /Почему не обновился фид\?/ });
    await expect(thread).toContainText('новых: 1');
    await thread.click();
    await staff.getByPlaceholder('Ответ клиенту').fill('Фид обновится через 5 минут');
    await staff.getByRole('button', { name: 'Отправить' }).click();
    await expect(staff.locator('[data-from="staff"]')).toContainText('Фид обновится через 5 минут');

    // The client's page was not reloaded: the answer arrived through the event stream.
    await expect(chat.locator('[data-from="staff"]')).toContainText('Фид обновится через 5 минут');
    await page.screenshot({ path: `${SHOTS}/chat-client.png` });

    // And the other way: a new client message appears in the staff inbox by itself.
    await chat.getByPlaceholder('Ваше сообщение').fill('Спасибо, вижу');
    await chat.getByRole('button', { name: 'Отправить' }).click();
    await expect(staff.locator('[data-from="client"]').last()).toContainText('Спасибо, вижу');
    await expectAccessible(staff);
    await staff.screenshot({ path: `${SHOTS}/chat-inbox.png` });
  } finally {
    await staffContext.close();
  }
});

test('the knowledge base search finds a guide and shows it', async ({ page }) => {
  await signIn(page, 'client');
  await page.getByRole('link', { name: 'База знаний' }).click();
  await expect(page.getByRole('heading', { name: 'База знаний', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Установка загрузчика на сайт магазина' }),
  ).toBeVisible();
  // Client users read; only staff edit.
  await expect(page.getByRole('button', { name: 'Новая статья' })).toHaveCount(0);
  await page.getByLabel('Поиск по базе знаний').fill('дельта-фид');
  const found = page.getByRole('button', { name: 'Форматы фидов' });
  await expect(found).toBeVisible();
  await expect(page.getByRole('button', { name: 'Шаблоны и дизайн-токены' })).toHaveCount(0);
  await expect(page.locator('.kb-snippet mark').first()).toBeVisible();
  await found.click();
  const article = page.locator('.kb__article');
  await expect(article.getByRole('heading', { name: 'Форматы фидов' })).toBeVisible();
  await expect(article.getByRole('table')).toBeVisible();
  await expect(article.locator('pre code').first()).toContainText('<yml_catalog');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/knowledge-base.png`, fullPage: true });

  await page.getByLabel('Поиск по базе знаний').fill('абракадабра');
  await expect(page.getByText('Ничего не найдено по запросу «абракадабра»')).toBeVisible();
});

test('staff send feedback with a screenshot; client users neither see nor open the page', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await (await menuLink(page, 'Обратная связь')).click();
  await expect(page.getByRole('heading', { name: 'Обратная связь', level: 1 })).toBeVisible();
  await page.getByLabel('Раздел консоли').selectOption('reports');
  await page.getByLabel('Что случилось').fill('Экспорт отчёта в CSV обрезает длинные запросы');
  await page.getByLabel('Снимок экрана (необязательно)').setInputFiles({
    name: 'report.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.getByRole('button', { name: 'Отправить' }).click();
  const row = page.getByRole('row', { name: /Экспорт отчёта в CSV/ });
  await expect(row).toContainText('Отчёты');
  await expect(row).toContainText('Новое');
  await row.getByRole('combobox').selectOption('in_progress');
  await expect(row).toContainText('В работе');
  await row.getByRole('button', { name: 'Показать снимок' }).click();
  await expect(page.getByRole('dialog').locator('img')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/feedback.png`, fullPage: true });
  await page.keyboard.press('Escape');
  await expectAccessible(page);

  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  try {
    await signIn(client, 'client');
    await expect(await menuLink(client, 'Обратная связь')).toHaveCount(0);
    await expect(await menuLink(client, 'Чат с клиентами')).toHaveCount(0);
    await client.goto('/internal-feedback');
    await expect(client).not.toHaveURL(/internal-feedback/);
  } finally {
    await clientContext.close();
  }
});

test('staff edit an article with a live preview; the English console shows the English guides', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin', { at: '/knowledge-base?article=promotion' });
  const article = page.locator('.kb__article');
  await expect(article.getByRole('heading', { name: 'Выкладка в продакшен' })).toBeVisible();
  await article.getByRole('button', { name: 'Редактировать' }).click();
  const editor = page.getByRole('dialog', { name: 'Статья базы знаний' });
  await editor.getByLabel('Заголовок').fill('Выкладка в продакшен и откат');
  const body = editor.getByLabel('Текст (Markdown)');
  await body.fill(
    '## Откат\n\nНажмите **Откатить** в истории сборок.\n\n<img src=x onerror=alert(1)>',
  );
  // The preview renders Markdown; raw HTML stays text.
  await expect(editor.locator('.kb-editor__preview strong')).toHaveText('Откатить');
  await expect(editor.locator('.kb-editor__preview img')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/kb-editor.png` });
  await editor.getByRole('button', { name: 'Сохранить' }).click();
  await expect(
    article.getByRole('heading', { name: 'Выкладка в продакшен и откат' }),
  ).toBeVisible();
  await expect(article.locator('h2', { hasText: 'Откат' }).last()).toBeVisible();
  await expect(article.locator('img')).toHaveCount(0);
  await expect(article).toContainText('Обновлено');

  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Knowledge base', level: 1 })).toBeVisible();
  await expect(article.getByRole('heading', { name: 'Promotion to production' })).toBeVisible();
  await page.getByLabel('Search the knowledge base').fill('loader');
  await expect(page.getByRole('button', { name: 'Installing the loader on a shop' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/kb-en.png` });
});

test('a client message lights the staff badge live; opening the conversation puts it out', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin');
  const menu = mainMenu(page);
  const inboxLink = await menuLink(page, 'Чат с клиентами');
  const badge = menu.getByTestId('chat-alert');
  // Start from a desk that has read everything: open what awaits, then leave the inbox.
  await inboxLink.click();
  await expect(page.getByRole('heading', { name: 'Чат с клиентами' })).toBeVisible();
  const thread = page.getByRole('button', { name: /Ольга Клиентова/ });
  if ((await thread.count()) > 0) await thread.click();
  await expect(badge).toHaveCount(0);
  await (await menuLink(page, 'База знаний')).click();
  await expect(page.getByRole('heading', { name: 'База знаний', level: 1 })).toBeVisible();
  // The menu filtered back to the inbox entry, whose badge is watched below.
  await menuLink(page, 'Чат с клиентами');

  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  try {
    await signIn(client, 'client');
    const toggle = client.getByRole('button', { name: /Чат поддержки/ });
    await toggle.click();
    const chat = client.getByRole('dialog', { name: 'Поддержка' });
    await chat.getByPlaceholder('Ваше сообщение').fill('Отчёт за вчера пустой');
    await chat.getByRole('button', { name: 'Отправить' }).click();
    await expect(chat.locator('[data-from="client"]').last()).toContainText(
      'Отчёт за вчера пустой',
    );
    await chat.getByRole('button', { name: 'Закрыть чат' }).click();

    // Staff, elsewhere in the console, see the alert without a reload.
    await expect(badge).toContainText('ждут ответа: 1');
    await expect(inboxLink).toHaveAccessibleName(/^Чат с клиентами\s*\(ждут ответа: 1\)$/);
    await inboxLink.click();
    await expect(thread).toContainText('новых: 1');
    await expect(badge).toContainText('ждут ответа: 1');
    await page.screenshot({ path: `${SHOTS}/chat-inbox-badge.png` });
    await thread.click();
    await expect(badge).toHaveCount(0);
    await expect(thread).not.toContainText('новых');
    await expect(thread).toContainText('прочитано: admin');
    await page.screenshot({ path: `${SHOTS}/chat-inbox-read.png` });

    // The answer is unread for the client until the widget is opened; it stays read after a reload.
    await page.getByPlaceholder('Ответ клиенту').fill('Пересчитаем за час');
    await page.getByRole('button', { name: 'Отправить' }).click();
    const unread = client.getByTestId('chat-unread');
    await expect(unread).toContainText('новых ответов: 1');
    await toggle.click();
    await expect(chat.locator('[data-from="staff"]').last()).toContainText('Пересчитаем за час');
    await expect(unread).toHaveCount(0);
    await client.reload();
    await expect(client.getByRole('button', { name: /Чат поддержки/ })).toBeVisible();
    await expect(client.getByTestId('chat-unread')).toHaveCount(0);
    await expectAccessible(page);
  } finally {
    await clientContext.close();
  }
});

test('staff add, rename, order and delete knowledge-base sections; a section with articles stays', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin', { at: '/knowledge-base' });
  await page.getByRole('button', { name: 'Разделы' }).click();
  const dialog = page.getByRole('dialog', { name: 'Разделы базы знаний' });
  const form = dialog.getByRole('form', { name: 'Новый раздел' });
  await form.getByLabel('Адрес (slug)').fill('billing');
  await form.getByLabel('Название (русский)').fill('Оплата');
  await form.getByLabel('Название (английский)').fill('Billing');
  await form.getByRole('button', { name: 'Добавить' }).click();
  const row = dialog.getByTestId('kb-section-billing');
  await expect(row).toContainText('статей: 0');
  await row.getByLabel('Название (русский)').fill('Оплата и счета');
  await row.getByRole('button', { name: 'Сохранить названия раздела «Оплата»' }).click();
  await expect(page.locator('.kb__nav h2', { hasText: 'Оплата и счета' })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Поднять раздел «Оплата и счета»' }).click();
  await expect(dialog.locator('[data-testid^="kb-section-"]').nth(3)).toHaveAttribute(
    'data-testid',
    'kb-section-billing',
  );
  await dialog.getByRole('button', { name: 'Удалить раздел «Каталог и фиды»' }).click();
  await page
    .getByRole('dialog', { name: 'Удалить раздел «Каталог и фиды»?' })
    .getByRole('button', { name: 'Удалить' })
    .click();
  await expect(dialog.getByRole('alert')).toContainText('Раздел «Каталог и фиды» не пуст');
  await expectAccessible(page);
  await page.screenshot({ path: `${SHOTS}/kb-sections.png` });
  await dialog.getByRole('button', { name: 'Удалить раздел «Оплата и счета»' }).click();
  await page
    .getByRole('dialog', { name: 'Удалить раздел «Оплата и счета»?' })
    .getByRole('button', { name: 'Удалить' })
    .click();
  await expect(dialog.getByTestId('kb-section-billing')).toHaveCount(0);
  await expect(dialog.getByTestId('kb-section-catalog')).toBeVisible();
});
