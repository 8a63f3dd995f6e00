// A local stand-in for the Stripe HTTP API (the PaymentIntents calls this app makes), so the
// real `stripe` package can be exercised end to end in tests without the internet.
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import { startLocalHttpServer } from './local-http-server.js';

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  receipt_email: string | null;
  description: string | null;
  metadata: Record<string, string>;
  livemode: false;
  /** set by a test to model a declined card (Stripe keeps the intent at requires_payment_method) */
  last_payment_error?: { message: string; code?: string } | null;
};

export type RecordedRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
};

export type FakeStripe = {
  url: string;
  intents: Map<string, FakeIntent>;
  requests: RecordedRequest[];
  /** while set, every request is refused with this status (Stripe's client retries none of 400/401) */
  failWith: number | null;
  /** what Stripe would do once the card is confirmed */
  setStatus: (id: string, status: 'succeeded' | 'canceled' | 'processing') => void;
  close: () => Promise<void>;
};

const stripeError = (res: http.ServerResponse, code: number, message: string) => {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message } }));
};

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const requests: RecordedRequest[] = [];

  const fake: FakeStripe = {
    url: '',
    intents,
    requests,
    failWith: null,
    setStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`fake stripe: no intent ${id}`);
      intent.status = status;
      intent.amount_received = status === 'succeeded' ? intent.amount : 0;
    },
    close: () => server.close(),
  };

  const server = await startLocalHttpServer((req, body, res) => {
    const path = (req.url ?? '').split('?')[0];
    const form = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, form });
    if (fake.failWith) return stripeError(res, fake.failWith, 'Simulated Stripe failure');
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(res, 401, 'Invalid API Key provided');
    }
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_fake_${randomBytes(8).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]] = v;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_received: 0,
        currency: form.currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        receipt_email: form.receipt_email ?? null,
        description: form.description ?? null,
        metadata,
        livemode: false,
      };
      intents.set(id, intent);
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${id}` });
      return res.end(JSON.stringify(intent));
    }
    const m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && m) {
      const intent = intents.get(decodeURIComponent(m[1]));
      if (!intent) return stripeError(res, 404, `No such payment_intent: '${m[1]}'`);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(intent));
    }
    if (req.method === 'GET' && path === '/v1/balance') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ object: 'balance', available: [], pending: [], livemode: false }));
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
  });

  fake.url = server.origin;
  return fake;
}
