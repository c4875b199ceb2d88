// Input no route may receive, refused once for every route before its schema is checked.
//
// A NUL character (U+0000) cannot be stored in PostgreSQL's text types: any string carrying one
// that reached a query failed there ("invalid byte sequence for encoding UTF8: 0x00") and answered
// 500. Nor can a lone UTF-16 surrogate ("\ud800", which JSON may spell): it is not Unicode, and
// reached a JSON column as a 500. No field of this API has a use for either, so one global
// preValidation hook refuses them in the body, the querystring and the path parameters, keys
// included, with a 400 and a Chinese message. See docs/input-hardening.md.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OWN_MSG } from '@hqt/contract/messages';
import { AppError } from '../lib/errors';

const NUL = '\u0000';

/** Text PostgreSQL can store: valid Unicode (no lone surrogate) without NUL. */
const isStorable = (text: string) => !text.includes(NUL) && text.isWellFormed();

/** True when a string anywhere in the value (or a key of one of its objects) holds a NUL or is not valid Unicode. */
export function containsIllegalText(value: unknown): boolean {
  // Iterative: a 1 MB body can nest arrays hundreds of thousands deep.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (!isStorable(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const key of Object.keys(v)) {
        if (!isStorable(key)) return true;
        stack.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

export const hasIllegalInput = (request: FastifyRequest) =>
  containsIllegalText(request.params) || containsIllegalText(request.query) || containsIllegalText(request.body);

export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (hasIllegalInput(request)) throw new AppError(400, OWN_MSG.illegalCharacters);
    });

    // Node answers an HTTP/1.1 request without a Host header itself, a bare 400 without the
    // envelope or the security headers; app.ts turns that off (http.requireHostHeader) and the
    // same refusal is made here instead.
    app.addHook('onRequest', async (request) => {
      const { raw } = request;
      if (raw.httpVersionMajor === 1 && raw.httpVersionMinor >= 1 && raw.headers.host === undefined) throw new AppError(400, OWN_MSG.badRequest);
    });
  },
  { name: 'input-guard' },
);
