import { beforeEach, describe, expect, test } from 'vitest';
import { db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { listContactMessages } from '~/models/admin/contact-message.server';
import { action, loader } from '~/routes/_marketing+/contact';
import { resetAllLimits } from '~/utils/rate-limit.server';

const URL_CONTACT = 'http://localhost/contact';

const VALID = {
  name: 'Ana Souza',
  email: 'ana.souza@example.com.br',
  subject: 'Dúvida sobre o plano E-TOOL',
  message: 'Gostaria de saber se o plano E-TOOL inclui as calculadoras de química.',
};

function post(fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(URL_CONTACT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
}

/** Runs the action; thrown responses (the origin guard) are returned like answered ones. */
async function submit(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  try {
    return (await action({ request: post(fields, headers), params: {}, context: {} })) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

const storedRows = () => db.select().from(contactMessages).all();

beforeEach(() => {
  resetAllLimits(); // the contact form allows 5 messages per address in 10 minutes
  db.delete(contactMessages).run();
});

describe('contact page loader', () => {
  test('answers the contact channels and the opening hours of the specification', async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.hours).toEqual(['Segunda a Sexta: 8h às 18h', 'Sábado: 9h às 14h', 'Domingo: Fechado']);
    expect(data.channels.map((channel: { label: string }) => channel.label)).toEqual(['E-mail', 'Telefone', 'WhatsApp']);
  });
});

describe('contact form action', () => {
  test('a valid submission stores exactly one message and redirects to /contact with a toast cookie', async () => {
    const response = await submit(VALID);

    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/contact');
    expect(response.headers.get('Set-Cookie')).toBeTruthy();

    const rows = storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(VALID);
    expect(rows[0].createdAt).toBeInstanceOf(Date);
  });

  test('surrounding spaces are trimmed before storing', async () => {
    await submit({ ...VALID, name: '  Ana Souza  ', subject: `  ${VALID.subject} ` });
    expect(storedRows()[0]).toMatchObject({ name: 'Ana Souza', subject: VALID.subject });
  });

  for (const field of ['name', 'email', 'subject', 'message'] as const) {
    test(`a missing ${field} answers 400 with 'Campos obrigatórios' and stores nothing`, async () => {
      const { [field]: _omitted, ...rest } = VALID;
      const response = await submit(rest);

      expect(response.status).toBe(400);
      const body = await response.text();
      expect(body).toContain('Campos obrigatórios');
      expect(body).toContain('Por favor, preencha todos os campos');
      expect(storedRows()).toHaveLength(0);
    });

    test(`a blank ${field} (spaces only) counts as missing`, async () => {
      const response = await submit({ ...VALID, [field]: '   ' });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('Campos obrigatórios');
      expect(storedRows()).toHaveLength(0);
    });
  }

  test('a missing field is reported on the field and at form level', async () => {
    const response = await submit({ ...VALID, email: '' });
    const reply = (await response.json()).result;
    expect(reply.status).toBe('error');
    expect(reply.error['']).toEqual(['Campos obrigatórios', 'Por favor, preencha todos os campos']);
    expect(reply.error.email).toEqual(['Informe seu e-mail']);
    // The entered values come back so the form is refilled without JavaScript.
    expect(reply.initialValue).toMatchObject({ name: VALID.name, subject: VALID.subject });
  });

  test('an over-long message is refused with its own message and nothing is stored', async () => {
    const response = await submit({ ...VALID, message: 'a'.repeat(5001) });

    expect(response.status).toBe(400);
    const reply = (await response.json()).result;
    expect(reply.error.message).toEqual(['A mensagem deve ter no máximo 5000 caracteres']);
    expect(reply.error['']).toBeUndefined();
    expect(storedRows()).toHaveLength(0);
  });

  test('a message of exactly 5000 characters is accepted', async () => {
    const response = await submit({ ...VALID, message: 'a'.repeat(5000) });
    expect(response.status).toBe(302);
    expect(storedRows()).toHaveLength(1);
  });

  test.each([
    ['name', 'a'.repeat(101), 'O nome deve ter no máximo 100 caracteres'],
    ['subject', 'a'.repeat(151), 'O assunto deve ter no máximo 150 caracteres'],
    ['email', 'nao-e-um-email', 'Digite um e-mail válido'],
    ['email', `${'a'.repeat(250)}@x.com`, 'O e-mail deve ter no máximo 254 caracteres'],
  ])('an invalid %s is refused', async (field, value, message) => {
    const response = await submit({ ...VALID, [field]: value });
    expect(response.status).toBe(400);
    const reply = await response.json();
    expect(reply.result.error[field]).toContain(message);
    expect(storedRows()).toHaveLength(0);
  });

  test('a filled honeypot (remix-utils) is refused and stores nothing', async () => {
    const response = await submit({ ...VALID, name__confirm: 'https://spam.example' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Formulário inválido.' });
    expect(storedRows()).toHaveLength(0);
  });

  test('an empty honeypot (as the page sends it) does not block a real message', async () => {
    const response = await submit({ ...VALID, name__confirm: '' });
    expect(response.status).toBe(302);
    expect(storedRows()).toHaveLength(1);
  });

  test('a cross-site post gets 403 and stores nothing', async () => {
    const response = await submit(VALID, { Origin: 'https://evil.example' });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Origem da requisição não permitida.' });
    expect(storedRows()).toHaveLength(0);
  });

  test('a same-origin post is accepted', async () => {
    const response = await submit(VALID, { Origin: 'http://localhost' });
    expect(response.status).toBe(302);
    expect(storedRows()).toHaveLength(1);
  });
});

describe('listContactMessages', () => {
  test('lists messages newest first, one page at a time', async () => {
    for (const subject of ['Primeira', 'Segunda', 'Terceira']) {
      await submit({ ...VALID, subject });
    }
    const first = listContactMessages({ page: 1, perPage: 2 });
    expect(first.total).toBe(3);
    expect(first.pageCount).toBe(2);
    expect(first.items.map((row) => row.subject)).toEqual(['Terceira', 'Segunda']);
    const second = listContactMessages({ page: 2, perPage: 2 });
    expect(second.items.map((row) => row.subject)).toEqual(['Primeira']);
    expect(listContactMessages({ page: 9, perPage: 2 }).page).toBe(2);
    expect(listContactMessages({ q: 'SEG' }).items.map((row) => row.subject)).toEqual(['Segunda']);
  });
});
